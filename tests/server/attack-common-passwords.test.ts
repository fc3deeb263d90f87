import { afterAll, beforeAll, expect, test } from 'vitest';
import { COMMON_PASSWORD } from '../../src/domain/passwords/common-passwords.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: trivial passwords ('password1', '123456789', one's own e-mail) were accepted
// wherever a password is set.
let server: TestServer;
let admin: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.as('admin@demo.test');
});
afterAll(async () => {
  await server.close();
});

const refusedAsCommon = (response: { statusCode: number; json(): { message?: string } }) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toBe(COMMON_PASSWORD);
};

test("sign-up with one's own e-mail as password is refused, and no account is made", async () => {
  refusedAsCommon(await server.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'newhire@demo.test', password: 'newhire@demo.test' } }));
  expect(await server.db.query('select 1 from accounts where email = $1', ['newhire@demo.test'])).toHaveLength(0);
});

test("creating a user with '123456789' is refused", async () => {
  const payload = { name: 'Trivial', email: 'trivial@demo.test', password: '123456789', role_id: 3, status: 1 };
  refusedAsCommon(await server.app.inject({ method: 'POST', url: '/api/users', headers: admin, payload }));
  expect(await server.db.query('select 1 from users where email = $1', ['trivial@demo.test'])).toHaveLength(0);
});

test("updating a user's or the super admin's password to 'password1' is refused", async () => {
  const [rep] = await server.db.query<{ id: number; name: string }>("select id, name from users where email = 'rep@demo.test'");
  refusedAsCommon(
    await server.app.inject({ method: 'PUT', url: `/api/users/${rep!.id}`, headers: admin, payload: { name: rep!.name, email: 'rep@demo.test', password: 'Password1', role_id: 3 } }),
  );
  refusedAsCommon(
    await server.app.inject({ method: 'PUT', url: '/api/users/admin/1', headers: admin, payload: { name: 'Alex Admin', email: 'admin@demo.test', password: 'password1', role_id: 1 } }),
  );
});

test('a password of its own is still accepted', async () => {
  const payload = { name: 'Careful', email: 'careful@demo.test', password: 'tulip-harbour-42', role_id: 3, status: 1 };
  expect((await server.app.inject({ method: 'POST', url: '/api/users', headers: admin, payload })).statusCode).toBe(201);
});
