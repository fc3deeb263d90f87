import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
let headers: { authorization: string };

beforeAll(async () => {
  server = await startTestServer();
  headers = await server.as('admin@demo.test');
});

afterAll(async () => {
  await server?.close();
});

const listUsers = (acceptEncoding?: string) =>
  server.app.inject({
    method: 'GET',
    url: '/api/users/getAllData/1',
    headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('answers to the analysis and list calls are compressed when the client accepts it', () => {
  test('the user list comes brotli-compressed to a client that accepts br, and decodes to the same users', async () => {
    const plain = await listUsers();
    const compressed = await listUsers('br, gzip');
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  test('the analysis comes gzip-compressed to a client that accepts only gzip', async () => {
    const request = { method: 'POST' as const, url: '/api/opportunities/anlaysis', payload: { year: 2025, tenantId: 1 } };
    const plain = await server.app.inject({ ...request, headers });
    const compressed = await server.app.inject({ ...request, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  test('a client that sends no Accept-Encoding gets plain JSON', async () => {
    const response = await listUsers();
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Array.isArray(response.json())).toBe(true);
  });
});
