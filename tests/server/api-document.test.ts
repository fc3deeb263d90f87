import { afterAll, beforeAll, expect, test } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { API_DOCUMENT_PATH, API_PARTS, partsOfferedBy } from '../../src/domain/api-parts.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

test('the API publishes its OpenAPI document without a token, and from it the app learns every part', async () => {
  const response = await server.app.inject({ url: API_DOCUMENT_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const document = response.json();
  expect(document.openapi).toBe('3.1.0');
  expect(partsOfferedBy(document)).toEqual(API_PARTS);
});

test('CRM_API_PARTS with a name that is no part stops the server at start, saying which', () => {
  expect(() => readConfig({ CRM_API_PARTS: 'customers,calender' })).toThrow(/"calender"/);
  expect(readConfig({ CRM_API_PARTS: 'spec' }).apiParts).toEqual([]);
  expect(readConfig({}).apiParts).toBe('discover');
});
