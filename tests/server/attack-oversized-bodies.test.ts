import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Oversized bodies must meet 413 with a message in words, over a real connection (a
// dropped connection tells a person nothing), and the message must name the route's own
// limit: the import said "1 MB" of a limit of 32 MB.
let server: TestServer;
let headers: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  headers = await server.as('admin@demo.test');
});
afterAll(async () => {
  await server.close();
});

/** Sends `bytes` of body as fast as the socket takes it; the answer's status and body, or the connection's error. */
function send(path: string, bytes: number, { chunked }: { chunked: boolean }): Promise<{ status: number; message?: string } | { error: string }> {
  const { port } = server.app.server.address() as AddressInfo;
  return new Promise((resolve) => {
    const lengthHeader = chunked ? {} : { 'content-length': String(bytes) };
    const outgoing = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', ...headers, ...lengthHeader } }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, message: (JSON.parse(body) as { message?: string }).message }));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) {
          outgoing.once('drain', pump);
          return;
        }
      }
      outgoing.end();
    };
    pump();
  });
}

const MB = 1024 * 1024;

describe('every oversized body meets 413 with a message', () => {
  test.each([
    { path: '/api/customers', bytes: 2 * MB, limit: '1 MB' },
    { path: '/api/auth/signup', bytes: 2 * MB, limit: '1 MB' },
    { path: '/api/csv/import/customers', bytes: 40 * MB, limit: '32 MB' },
  ])('$path, $bytes bytes, with a length and chunked', async ({ path, bytes, limit }) => {
    for (const chunked of [false, true]) {
      expect(await send(path, bytes, { chunked })).toEqual({ status: 413, message: `Request body is larger than ${limit}` });
    }
  }, 60_000);
});
