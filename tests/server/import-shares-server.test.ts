import { afterAll, beforeAll, expect, test } from 'vitest';
import { IMPORT_UNDER_WAY } from '../../server/routes/csv-import.ts';
import { startTestServer, testDatabaseKind, type TestServer } from '../support/server-harness.ts';

// A large import on PGlite made /healthz queue behind its transaction and answer 503
// mid-import, and two imports at once shared the server between them.
const ROWS = 20_000;
const ADMIN = 'admin@globex.test';

let server: TestServer;
let rows: object[];
let address: string;
beforeAll(async () => {
  server = await startTestServer();
  address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  const [salesperson] = await server.db.query<{ id: number }>(
    "select s.id from salespersons s join tenants t on t.id = s.tenant_id where t.name = 'Globex' order by s.id limit 1",
  );
  rows = Array.from({ length: ROWS }, (_, at) => ({
    customer: `Shared Import ${at % 50}`,
    salesperson_id: salesperson!.id,
    stage: 'proposal',
    created_date: '2025-03-04',
    revenue: 1000 + at,
    probability: 40,
  }));
});
afterAll(async () => {
  await server?.close();
});

/** An import through a real connection, once its answer has begun (it is under way then); `outcome` is its last line. */
async function startImport(): Promise<{ outcome: Promise<string> }> {
  const response = await fetch(`${address}/api/csv/import/opportunities`, {
    method: 'POST',
    headers: { ...(await server.as(ADMIN)), 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const outcome = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text.trim().split('\n').at(-1)!;
      text += value;
    }
  })();
  return { outcome };
}

test('imports run one at a time: a second is refused in words, or on PGlite waits for the first', async () => {
  const headers = await server.as(ADMIN);
  const first = await startImport();
  const second = server.app.inject({ method: 'POST', url: '/api/csv/import/customers', headers, payload: { rows: [{ name: 'Waiting Customer' }] } });
  let secondAnswered = false;
  void second.then(() => (secondAnswered = true));
  expect(await first.outcome).toBe(JSON.stringify({ imported: ROWS }));
  const answeredBeforeFirstEnded = secondAnswered;
  const answer = await second;
  if (testDatabaseKind() === 'postgres') {
    // Other connections go on beside the import: the second reaches its turn at once and is refused.
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ message: IMPORT_UNDER_WAY });
  } else {
    // PGlite's one connection is the import's until it commits: even the caller's look-up waits.
    expect(answeredBeforeFirstEnded).toBe(false);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.trim().split('\n').at(-1)).toBe(JSON.stringify({ imported: 1 }));
  }
  const after = await server.app.inject({ method: 'POST', url: '/api/csv/import/customers', headers, payload: { rows: [{ name: 'Customer After' }] } });
  expect(after.statusCode).toBe(200);
  expect(after.body.trim().split('\n').at(-1)).toBe(JSON.stringify({ imported: 1 }));
});

test('during a large import, /healthz and /healthz/live keep answering 200 within a second', async () => {
  const importing = await startImport();
  let done = false;
  void importing.outcome.finally(() => (done = true));
  const probes: { url: string; status: number; ms: number }[] = [];
  while (!done) {
    for (const url of ['/healthz', '/healthz/live']) {
      const asked = performance.now();
      const response = await server.app.inject({ url });
      probes.push({ url, status: response.statusCode, ms: Math.round(performance.now() - asked) });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await importing.outcome).toBe(JSON.stringify({ imported: ROWS }));
  expect(probes.length).toBeGreaterThan(2);
  expect(probes.filter((probe) => probe.status !== 200 || probe.ms > 1_000)).toEqual([]);
});
