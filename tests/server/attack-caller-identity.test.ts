import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: the caller was the token's e-mail. Demo moved its manager to another address,
// Globex created a user with the old one, and the manager's earlier token read Globex's
// user list. The caller is now the token's subject, stored per user.
let server: TestServer;
let globexId: number;
beforeAll(async () => {
  server = await startTestServer();
  const [globex] = await server.db.query<{ id: number }>("select id from tenants where name = 'Globex'");
  globexId = globex!.id;
});
afterAll(async () => {
  await server.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const minuteAgo = () => Math.floor(Date.now() / 1000) - 60;

describe('the caller is the subject of the token, not its e-mail', () => {
  test("Demo moves its manager, Globex takes the old address: the manager's earlier token reads nothing of Globex", async () => {
    const managerSubject = 'keycloak-user-morgan';
    const earlier = await server.tokenFor('manager@demo.test', { sub: managerSubject, iat: minuteAgo() });
    expect((await server.app.inject({ url: '/api/auth/email?email=manager@demo.test', headers: bearer(earlier) })).statusCode).toBe(200);

    const [manager] = await server.db.query<{ id: number; name: string }>("select id, name from users where email = 'manager@demo.test'");
    const moved = await server.app.inject({
      method: 'PUT',
      url: `/api/users/nohash/${manager!.id}`,
      headers: await server.as('admin@demo.test'),
      payload: { name: manager!.name, email: 'morgan.elsewhere@demo.test', password: '', role_id: 2 },
    });
    expect(moved.statusCode).toBe(200);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: await server.as('admin@globex.test'),
      payload: { name: 'New Globex Manager', email: 'manager@demo.test', password: 'a long globex password', role_id: 2, status: 1 },
    });
    expect(created.statusCode).toBe(201);

    const globexList = await server.app.inject({ url: `/api/users/getAllData/${globexId}`, headers: bearer(earlier) });
    expect(globexList.statusCode).toBe(401);
    expect(globexList.body).not.toContain('globex.test');
    expect((await server.app.inject({ url: '/api/auth/email?email=manager@demo.test', headers: bearer(earlier) })).statusCode).toBe(401);

    // Signed in again, the manager is still Demo's manager under the new address.
    const fresh = await server.tokenFor('morgan.elsewhere@demo.test', { sub: managerSubject });
    const profile = await server.app.inject({ url: '/api/auth/email?email=morgan.elsewhere@demo.test', headers: bearer(fresh) });
    expect(profile.json()).toMatchObject({ id: manager!.id, tenant_id: 1 });
    // And Globex's new user, a different person at the provider, is Globex's.
    const newcomer = await server.tokenFor('manager@demo.test', { sub: 'keycloak-user-globex-newcomer' });
    expect((await server.app.inject({ url: `/api/users/getAllData/${globexId}`, headers: bearer(newcomer) })).statusCode).toBe(200);
  });

  test('a token whose subject is not the one stored for that e-mail is refused', async () => {
    await server.tokenFor('rep@demo.test').then((token) => server.app.inject({ url: '/api/auth/email?email=rep@demo.test', headers: bearer(token) }));
    const impostor = await server.tokenFor('rep@demo.test', { sub: 'someone-else' });
    expect((await server.app.inject({ url: '/api/auth/email?email=rep@demo.test', headers: bearer(impostor) })).statusCode).toBe(401);
  });
});

describe("claims Keycloak's access tokens carry are required", () => {
  const refusedWith = async (claims: Record<string, unknown>) => {
    const token = await server.tokenFor('admin@globex.test', claims);
    return (await server.app.inject({ url: '/api/auth/email?email=admin@globex.test', headers: bearer(token) })).statusCode;
  };

  test('an access token as Keycloak issues it is accepted', async () => {
    expect(await refusedWith({})).toBe(200);
  });

  test('an ID token (typ ID) or a token without typ is refused', async () => {
    expect(await refusedWith({ typ: 'ID' })).toBe(401);
    expect(await refusedWith({ typ: undefined })).toBe(401);
  });

  test("a token issued to another client (azp) is refused", async () => {
    expect(await refusedWith({ azp: 'another-app' })).toBe(401);
    expect(await refusedWith({ azp: undefined })).toBe(401);
  });

  test('a token whose e-mail is not verified is refused', async () => {
    expect(await refusedWith({ email_verified: false })).toBe(401);
    expect(await refusedWith({ email_verified: undefined })).toBe(401);
  });
});
