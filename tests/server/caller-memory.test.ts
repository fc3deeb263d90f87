import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { watchDataVersions } from '../../server/caching/data-versions.ts';
import { authenticate } from '../../server/http/authenticate.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// The server remembers verified tokens and who their e-mail belongs to (issue 8: no
// database question per request). Remembering must never let a caller keep a right
// the data has taken away: each case below reuses one token across the change.

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

  test('a user whose e-mail is no longer in the CRM is refused from the very next request', async () => {
    const rep = await server.as('rep@demo.test');
    expect((await profile('rep@demo.test', rep)).statusCode).toBe(200);
    await server.db.query("update users set email = 'moved.rep@demo.test' where email = 'rep@demo.test'");
    onTestFinished(async () => {
      await server.db.query("update users set email = 'rep@demo.test' where email = 'moved.rep@demo.test'");
    });
    const refused = await profile('rep@demo.test', rep);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'No CRM user for this token' });
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

  test('a remembered token still expires on time', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const headers = { authorization: `Bearer ${await server.tokenFor('admin@demo.test', { exp: expiresAt })}` };
    expect((await userList(headers)).statusCode).toBe(200);
    await sleep(expiresAt * 1000 - Date.now() + 50);
    const refused = await userList(headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Token expired' });
  });
});

test('a known caller with a known token costs no database question', async () => {
  const statements: string[] = [];
  const counting = {
    query: <Row>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return server.db.query<Row>(sql, params);
    },
  };
  const versions = await watchDataVersions(server.db);
  onTestFinished(() => versions.stop());
  const config = server.config.oidc;
  const { requireCaller: hook } = authenticate({ issuer: config.issuer, audience: config.audience, clientId: config.clientId, keys: server.tokenKeys }, counting, versions);
  const requireCaller = (request: FastifyRequest) =>
    new Promise<void>((resolve, reject) => hook.call(server.app, request, {} as FastifyReply, (error) => (error ? reject(error) : resolve())));
  const request = { headers: await server.as('admin@demo.test') } as FastifyRequest;
  await requireCaller(request);
  expect(request.caller).toMatchObject({ tenantId: 1, roleId: 1, email: 'admin@demo.test' });
  const asked = statements.length;
  expect(asked).toBe(1);
  for (let call = 0; call < 3; call += 1) await requireCaller({ headers: request.headers } as FastifyRequest);
  expect(statements).toHaveLength(asked);

  // A write to the tenant's users: asked once more, then remembered again.
  await server.db.query("update users set name = name where email = 'rep@demo.test'");
  await requireCaller({ headers: request.headers } as FastifyRequest);
  await requireCaller({ headers: request.headers } as FastifyRequest);
  expect(statements).toHaveLength(asked + 1);
});
