import { afterAll, beforeAll, expect, test } from 'vitest';
import { COMMON_PASSWORD } from '../../src/domain/passwords/common-passwords.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Trivial passwords ('password1', '123456789', one's own e-mail) were accepted wherever a
// password is set; later 'qweasdzxc', '12345678a', 'demo-password', and one's own e-mail
// on the two routes that set another person's password.
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

const ATTACKERS_TRIED = ['qweasdzxc', '12345678a', 'demo-password', 'iloveyou1', 'football1', '1q2w3e4r5t', 'Crm2026!!!'];

test('the common passwords an attacker found accepted are refused on sign-up and on creating a user', async () => {
  for (const password of ATTACKERS_TRIED) {
    refusedAsCommon(await server.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'newhire@demo.test', password } }));
    const payload = { name: 'Trivial', email: 'trivial@demo.test', password, role_id: 3, status: 1 };
    refusedAsCommon(await server.app.inject({ method: 'POST', url: '/api/users', headers: admin, payload }));
  }
});

test("setting a person's password to their own e-mail, its local part or their name is refused on both updating routes", async () => {
  const [rep] = await server.db.query<{ id: number; name: string }>("select id, name from users where email = 'rep@demo.test'");
  const repWords = ['rep@demo.test', 'riley.rep.2026', `${rep!.name.split(' ')[0]}2026!`];
  for (const password of repWords) {
    refusedAsCommon(
      await server.app.inject({ method: 'PUT', url: `/api/users/${rep!.id}`, headers: admin, payload: { name: rep!.name, email: 'rep@demo.test', password, role_id: 3 } }),
    );
  }
  refusedAsCommon(
    await server.app.inject({ method: 'PUT', url: '/api/users/admin/1', headers: admin, payload: { name: 'Alex Admin', email: 'admin@demo.test', password: 'admin@demo.test', role_id: 1 } }),
  );
});
