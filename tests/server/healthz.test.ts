import Fastify from 'fastify';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { watchProgress } from '../../server/db/progress.ts';
import healthCheck, { type HealthOptions } from '../../server/http/health.ts';
import { openSeededTestDatabase, startTestServer, testDatabaseKind, type TestServer } from '../support/server-harness.ts';

// `/healthz` ran no query, so a dead PGlite left the server looking healthy; then it
// queued behind a long import on PGlite's one connection and answered 503 mid-import.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const healthy = () => ({ status: 'ok', database: testDatabaseKind(), freeMegabytes: expect.any(Number) });

async function healthApp(options: HealthOptions) {
  const app = Fastify();
  await app.register(healthCheck, options);
  return app;
}

const never = () => new Promise<never>(() => {});

test('the server is ready while its database answers, and says how much room its data directory has', async () => {
  for (const url of ['/healthz', '/healthz/ready']) {
    const response = await server.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    expect(response.json(), url).toEqual(healthy());
  }
  const live = await server.app.inject({ url: '/healthz/live' });
  expect(live.statusCode).toBe(200);
  expect(live.json()).toEqual({ status: 'ok' });
});

test('a database that has died makes /healthz answer 503; the process is still live', async () => {
  const storage = await openSeededTestDatabase();
  // The whole server, on a database this test alone closes.
  const dying = await startTestServer({ sharing: { db: storage.db } as TestServer });
  try {
    expect((await dying.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await storage.db.close();
    const response = await dying.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ...healthy(), status: 'unavailable', message: 'The database does not answer.' });
    expect((await dying.app.inject({ url: '/healthz/live' })).statusCode).toBe(200);
  } finally {
    await dying.close();
    await storage.close().catch(() => {});
  }
});

test('a database that stops answering makes /healthz answer 503 after the time allowed, while /healthz/live answers at once', async () => {
  const hung: Database = { ...server.db, kind: server.db.kind, query: never };
  const app = await healthApp({ db: hung, timeoutMs: 200 });
  try {
    const asked = Date.now();
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(Date.now() - asked).toBeGreaterThanOrEqual(190);
    const askedLive = Date.now();
    expect((await app.inject({ url: '/healthz/live' })).statusCode).toBe(200);
    expect(Date.now() - askedLive).toBeLessThan(100);
  } finally {
    await app.close();
  }
});

test('a data directory with less free space than wanted makes /healthz answer 503, saying so', async () => {
  const app = await healthApp({ db: server.db, dataDir: tmpdir(), minFreeBytes: Number.MAX_SAFE_INTEGER });
  try {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      ...healthy(),
      status: 'unavailable',
      message: expect.stringMatching(/^The data directory has \d+ MB free, less than the \d+ MB it needs to take writes safely\.$/),
    });
  } finally {
    await app.close();
  }
});

test('readiness answers at once while a long transaction makes progress, instead of waiting behind it', async () => {
  const db = watchProgress(server.db);
  const app = await healthApp({ db });
  let done = false;
  // A long transaction of short statements with turns between them, as an import's batches are:
  // on PGlite it holds the one connection throughout.
  const longWork = db.transaction(async (tx) => {
    for (let step = 0; step < 15; step++) {
      await tx.query('select pg_sleep(0.2)');
      await new Promise((resolve) => setImmediate(resolve));
    }
    done = true;
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(Date.now() - asked).toBeLessThan(1_000);
    expect(done).toBe(false);
  } finally {
    await longWork;
    await app.close();
  }
});

test('work on PGlite that settles nothing for longer than the stall limit makes /healthz answer 503 without queueing', async () => {
  const stuck = watchProgress({ kind: 'pglite', query: never, transaction: never, close: async () => {} });
  const app = await healthApp({ db: stuck, stallMs: 200, timeoutMs: 60_000 });
  try {
    void stuck.transaction(async () => {});
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = Date.now();
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', message: 'The database does not answer.' });
    expect(Date.now() - asked).toBeLessThan(1_000);
  } finally {
    await app.close();
  }
});
