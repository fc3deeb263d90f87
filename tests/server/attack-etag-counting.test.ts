import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: ETags counted every tenant's writes from one sequence, so a tenant could
// count another's by comparing its own ETags.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

test("a tenant's ETags are opaque: they carry no version a tenant could count another's writes by", async () => {
  const headers = await server.as('admin@demo.test');
  const list = () => server.app.inject({ url: '/api/users/getAllData/1', headers });
  const first = await list();
  const etag = String(first.headers.etag);
  const [{ version }] = (await server.db.query<{ version: number }>("select version from data_versions where tenant_id = 1 and subject = 'users'")) as [{ version: number }];
  expect(etag).not.toContain(String(version));
  expect(etag).not.toMatch(/\d{2,}"$/);
  // Still a working validator: the same answer is not sent again.
  const again = await server.app.inject({ url: '/api/users/getAllData/1', headers: { ...headers, 'if-none-match': etag } });
  expect(again.statusCode).toBe(304);
});
