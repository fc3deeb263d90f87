import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// The year's answers are sent under their tenant's data version (server/caching/README.md).
let server: TestServer;
let demo: { authorization: string };
let globex: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  demo = await server.as('admin@demo.test');
  globex = await server.as('admin@globex.test');
});
afterAll(async () => {
  await server.close();
});

const YEAR = 2025;
const analysis = (headers: Record<string, string>, tenantId = 1) =>
  server.app.inject({ method: 'POST', url: '/api/opportunities/anlaysis', headers, payload: { year: YEAR, tenantId } });
const etagOfDemo = async () => String((await analysis(demo)).headers.etag);
const salespersonOf = async (tenantId: number) =>
  (await server.db.query<{ id: number }>('select id from salespersons where tenant_id = $1 order by id limit 1', [tenantId]))[0]!.id;
const insertOpportunity = (tenantId: number, salespersonId: number) =>
  server.db.query(
    `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
     values ($1, $2, 'Versioned', 'proposal', '${YEAR}-06-01T12:00:00Z', 1234.5, 40)`,
    [tenantId, salespersonId],
  );

test('a client holding the current version gets 304, with nothing read or sent again', async () => {
  const first = await analysis(demo);
  expect(first.statusCode).toBe(200);
  const again = await analysis({ ...demo, 'if-none-match': String(first.headers.etag) });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
});

test("a tenant's ETag is a keyed digest: another tenant's writes leave it, its own move it", async () => {
  // A version too long to turn up in a digest by chance.
  await server.db.query("select setval('data_version_seq', 987654321000)");
  await insertOpportunity(1, await salespersonOf(1));
  const first = await etagOfDemo();
  expect(first).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  const [{ version }] = (await server.db.query<{ version: string }>(
    "select version::text as version from data_versions where tenant_id = 1 and subject = 'opportunities'",
  )) as [{ version: string }];
  expect(first).not.toContain(version);

  const globexSalesperson = await salespersonOf(2);
  await insertOpportunity(2, globexSalesperson);
  await insertOpportunity(2, globexSalesperson);
  expect(await etagOfDemo()).toBe(first);

  await insertOpportunity(1, await salespersonOf(1));
  const changed = await etagOfDemo();
  expect(changed).not.toBe(first);
  // The old version no longer stands for the answer: it is sent in full, with the write in it.
  const after = await analysis({ ...demo, 'if-none-match': first });
  expect(after.statusCode).toBe(200);
  expect(after.json()).toContainEqual({ created_date: `${YEAR}-06-01T12:00:00Z`, revenue: 1234.5, probability: 40, salesperson_id: await salespersonOf(1) });
});

test('a rolled-back write moves nothing; a committed update and delete in SQL each move the version', async () => {
  const first = await etagOfDemo();
  await expect(
    server.db.transaction(async (tx) => {
      await tx.query("update opportunities set revenue = revenue + 1 where tenant_id = 1 and customer = 'Versioned'");
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await etagOfDemo()).toBe(first);

  await server.db.query("update opportunities set probability = 41 where tenant_id = 1 and customer = 'Versioned'");
  const updated = await etagOfDemo();
  expect(updated).not.toBe(first);
  expect((await analysis(demo)).json()).toContainEqual(expect.objectContaining({ revenue: 1234.5, probability: 41 }));

  await server.db.query("delete from opportunities where tenant_id = 1 and customer = 'Versioned'");
  expect(await etagOfDemo()).not.toBe(updated);
  expect((await analysis(demo)).json()).not.toContainEqual(expect.objectContaining({ revenue: 1234.5 }));
});

test("another tenant's ETag is never accepted for this tenant's answer", async () => {
  const globexEtag = String((await analysis(globex, 2)).headers.etag);
  const answer = await analysis({ ...demo, 'if-none-match': globexEtag });
  expect(answer.statusCode).toBe(200);
});

test('a client without gzip gets the same answer as plain JSON', async () => {
  const gzipped = await analysis({ ...demo, 'accept-encoding': 'gzip' });
  const plain = await analysis({ ...demo, 'accept-encoding': 'identity' });
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.json()).toEqual(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8')));
});
