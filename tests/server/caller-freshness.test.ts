import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// A token outlives changes to the data it names: a caller must never keep a right the
// data has taken away. Each case below reuses one token across the change.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const userList = (headers: { authorization: string }) => server.app.inject({ method: 'GET', url: '/api/users/getAllData/1', headers });
const profile = (email: string, headers: { authorization: string }) =>
  server.app.inject({ method: 'GET', url: `/api/auth/email?email=${encodeURIComponent(email)}`, headers });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one token, across a change of the data', () => {
  test('a role taken away in SQL counts from the very next request', async () => {
    const manager = await server.as('manager@demo.test');
    expect((await userList(manager)).statusCode).toBe(200);
    await server.db.query("update users set role_id = 3 where email = 'manager@demo.test'");
    onTestFinished(async () => {
      await server.db.query("update users set role_id = 2 where email = 'manager@demo.test'");
    });
    expect((await userList(manager)).statusCode).toBe(403);
  });

  test('a token issued before its user\'s e-mail changed is refused from the very next request', async () => {
    const token = await server.tokenFor('rep@demo.test', { iat: Math.floor(Date.now() / 1000) - 60 });
    const rep = { authorization: `Bearer ${token}` };
    expect((await profile('rep@demo.test', rep)).statusCode).toBe(200);
    await server.db.query("update users set email = 'moved.rep@demo.test' where email = 'rep@demo.test'");
    onTestFinished(async () => {
      await server.db.query("update users set email = 'rep@demo.test' where email = 'moved.rep@demo.test'");
    });
    const refused = await profile('rep@demo.test', rep);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'The token was issued before an e-mail change' });
  });

  test("a tenant's subscription ended in SQL refuses its users from the very next request, and a renewal lets them in", async () => {
    const admin = await server.as('admin@demo.test');
    expect((await userList(admin)).statusCode).toBe(200);
    await server.db.query("update tenants set subscription_expires_at = now() - interval '1 minute' where id = 1");
    onTestFinished(async () => {
      await server.db.query('update tenants set subscription_expires_at = null where id = 1');
    });
    const refused = await userList(admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Subscription expired.' });
    await server.db.query("update tenants set subscription_expires_at = now() + interval '1 day' where id = 1");
    expect((await userList(admin)).statusCode).toBe(200);
  });

  test('a subscription that runs out while nothing is written refuses from that moment', async () => {
    const admin = await server.as('admin@demo.test');
    const [{ ends }] = (await server.db.query<{ ends: number }>(
      "update tenants set subscription_expires_at = now() + interval '1500 milliseconds' where id = 1 returning extract(epoch from subscription_expires_at) * 1000 as ends",
    )) as [{ ends: number }];
    onTestFinished(async () => {
      await server.db.query('update tenants set subscription_expires_at = null where id = 1');
    });
    expect((await userList(admin)).statusCode).toBe(200);
    await sleep(Number(ends) - Date.now() + 50);
    expect((await userList(admin)).statusCode).toBe(403);
  });

  test('a token used before still expires on time', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const headers = { authorization: `Bearer ${await server.tokenFor('admin@demo.test', { exp: expiresAt })}` };
    expect((await userList(headers)).statusCode).toBe(200);
    await sleep(expiresAt * 1000 - Date.now() + 50);
    const refused = await userList(headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Token expired' });
  });
});
