import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import errorHandling from '../../server/http/errors.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

test('a route that fails after setting up a download answers the error as JSON, not as the file', async () => {
  const app = Fastify();
  await app.register(errorHandling);
  app.get('/export', async (_request, reply) => {
    reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="rows.csv"');
    throw new Error('the database refused the statement');
  });
  const response = await app.inject({ url: '/export' });
  expect(response.statusCode).toBe(500);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['content-disposition']).toBeUndefined();
  expect(response.json()).toEqual({ message: 'Internal server error' });
  await app.close();
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/**
 * Node's HTTP parser, not Fastify's routing, refuses a long request head: this needs a
 * real socket. An export of chosen rows may name 20,000 characters of ids in its query.
 */
test('an export naming its 20,000 characters of ids is read, and a far longer address answers 431', async () => {
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const headers = await server.as('admin@demo.test');
  const ids = Array.from({ length: 1818 }, (_, index) => 1_000_000_000 + index).join(',').slice(0, 20_000).replace(/,\d*$/, '');
  const longest = await fetch(`${address}/api/csv/export/opportunities/1?ids=${ids}`, { headers });
  expect(longest.status).toBe(200);
  const tooLong = await fetch(`${address}/api/csv/export/opportunities/1?ids=${'1,'.repeat(20_000)}1`, { headers });
  expect(tooLong.status).toBe(431);
  expect(await tooLong.json()).toMatchObject({ message: expect.any(String) });
});
