import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import healthCheck from '../../server/http/health.ts';
import { openSeededTestDatabase, startTestServer, testDatabaseKind, type TestServer } from '../support/server-harness.ts';

// Session 10: `/healthz` ran no query, so a dead PGlite left the server looking healthy.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

test('the server is healthy while its database answers', async () => {
  const response = await server.app.inject({ url: '/healthz' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok', database: testDatabaseKind() });
});

test('a database that has died makes /healthz answer 503', async () => {
  const storage = await openSeededTestDatabase();
  // The whole server, on a database this test alone closes.
  const dying = await startTestServer({ sharing: { db: storage.db } as TestServer });
  try {
    expect((await dying.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await storage.db.close();
    const response = await dying.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: testDatabaseKind(), message: 'The database does not answer.' });
  } finally {
    await dying.close();
    await storage.close().catch(() => {});
  }
});

test('a database that stops answering makes /healthz answer 503 after the time allowed', async () => {
  const hung: Database = { ...server.db, kind: server.db.kind, query: () => new Promise(() => {}) };
  const app = Fastify();
  await app.register(healthCheck, { db: hung, timeoutMs: 200 });
  try {
    const asked = Date.now();
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(190);
  } finally {
    await app.close();
  }
});
