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
  const demo = await server.as('admin@demo.test');
  const globex = await server.as('admin@globex.test');
  const etagOfDemoUsers = async () => String((await server.app.inject({ url: '/api/users/getAllData/1', headers: demo })).headers.etag);
  const createUser = async (headers: { authorization: string }, email: string) => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { name: 'Counted Writer', email, password: 'a-long-enough-secret', role_id: 3, status: 1 },
    });
    expect(created.statusCode).toBe(201);
  };

  const first = await etagOfDemoUsers();
  // A keyed digest, not a number: nothing in it orders or counts.
  expect(first).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
  const [{ version }] = (await server.db.query<{ version: number }>("select version from data_versions where tenant_id = 1 and subject = 'users'")) as [{ version: number }];
  expect(first).not.toContain(`@${version}`);

  // Another tenant's writes leave this tenant's ETag as it was...
  await createUser(globex, 'counted-1@globex.test');
  await createUser(globex, 'counted-2@globex.test');
  expect(await etagOfDemoUsers()).toBe(first);
  // ...while its own change it.
  await createUser(demo, 'counted@demo.test');
  const changed = await etagOfDemoUsers();
  expect(changed).not.toBe(first);

  // Still a working validator: the same answer is not sent again.
  const again = await server.app.inject({ url: '/api/users/getAllData/1', headers: { ...demo, 'if-none-match': changed } });
  expect(again.statusCode).toBe(304);
});
