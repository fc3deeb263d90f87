import { afterAll, beforeAll, expect, test } from 'vitest';
import { SEED_TODAY, startTestServer, type TestServer } from '../support/server-harness.ts';

// ETags once counted every tenant's writes from one sequence, so a tenant could count
// another's by comparing its own ETags. The year's answers carry ETags of their tenant's
// data versions, which come from one sequence shared by all tenants.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

test("a tenant's ETags are opaque: they carry no version a tenant could count another's writes by", async () => {
  const demo = await server.as('admin@demo.test');
  const yearUrl = `/api/opportunities/getAllData/1?year=${SEED_TODAY.getUTCFullYear()}`;
  const etagOfDemoYear = async () => {
    const response = await server.app.inject({ url: yearUrl, headers: demo });
    expect(response.statusCode).toBe(200);
    return String(response.headers.etag);
  };
  // A write of the tenant's opportunities, however it comes: here straight in SQL.
  const writeOpportunityOf = async (email: string) => {
    await server.db.query(
      `insert into opportunities (tenant_id, salesperson_id, customer, created_date, revenue, probability)
       select s.tenant_id, s.id, 'Counted Writer', now(), 1, 10
       from salespersons s join users u on u.tenant_id = s.tenant_id where u.email = $1 order by s.id limit 1`,
      [email],
    );
  };

  // A version too long to turn up in a digest by chance.
  await server.db.query("select setval('data_version_seq', 987654321000)");
  await writeOpportunityOf('admin@demo.test');
  const [{ version }] = (await server.db.query<{ version: string }>(
    "select version::text as version from data_versions where tenant_id = 1 and subject = 'opportunities'",
  )) as [{ version: string }];
  expect(version).toBe('987654321001');
  const first = await etagOfDemoYear();
  // A keyed digest, not a number: nothing in it orders or counts.
  expect(first).toMatch(/^(W\/)?"[A-Za-z0-9_-]{22,}"$/);
  expect(first).not.toContain(version);

  // Another tenant's writes leave this tenant's ETag as it was...
  await writeOpportunityOf('admin@globex.test');
  await writeOpportunityOf('admin@globex.test');
  expect(await etagOfDemoYear()).toBe(first);
  // ...while its own change it.
  await writeOpportunityOf('admin@demo.test');
  const changed = await etagOfDemoYear();
  expect(changed).not.toBe(first);

  // Still a working validator: the same answer is not sent again.
  const again = await server.app.inject({ url: yearUrl, headers: { ...demo, 'if-none-match': changed } });
  expect(again.statusCode).toBe(304);
});
