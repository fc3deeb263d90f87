import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../../server/accounts/passwords.ts';
import { expectRefusal } from '../support/refusals.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const signUp = (email: string, password = 'a-long-password') =>
  server.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password } });

/**
 * Until both sign-ups wait for a lock: for the accounts table at their insert, or for the user's row
 * the other one holds. PostgreSQL shows it; PGlite runs one statement at a time, so there they wait
 * for its one session and cannot interleave: a moment is enough.
 */
async function untilBothSignUpsWait(): Promise<void> {
  if (server.db.kind === 'pglite') return new Promise((resolve) => setTimeout(resolve, 300));
  for (let tries = 0; tries < 200; tries += 1) {
    const [waiting] = await server.db.query<{ count: number }>(
      `select count(*)::int as count from pg_stat_activity
        where wait_event_type = 'Lock' and (query like 'select 1 from users where email = $1 for %' or query like 'insert into accounts %')`,
    );
    if (waiting!.count === 2) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the two sign-ups never both waited for a lock');
}

describe('POST /api/auth/signup', () => {
  test('creates the sign-in account of a CRM user who has none, with the crm-access role (201)', async () => {
    const response = await signUp('NewHire@demo.test', 'new-hire-password');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const [account] = await server.db.query<{ password_hash: string; client_roles: string[] }>(
      'select password_hash, client_roles from accounts where email = $1',
      ['newhire@demo.test'],
    );
    expect(account!.client_roles).toEqual(['crm-access']);
    expect(account!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(account!.password_hash, 'new-hire-password')).toBe(true);
  });

  test("answers 404 'User not found' when no CRM user has the e-mail", async () => {
    const response = await signUp('nobody@demo.test');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'User not found' });
  });

  test("answers 409 'User already exists' when a sign-in account exists", async () => {
    const response = await signUp('rep@demo.test');
    expectRefusal(response, { email: 'User already exists' }, 409);
  });

  test('refuses a password of 8 characters with 400 and a message naming the field', async () => {
    const response = await signUp('newhire@demo.test', '12345678');
    expectRefusal(response, { password: 'The password must be longer than 8 characters.' });
  });

  test('keeps a 64-character password whole: a different last character does not sign in', async () => {
    const password = 'p'.repeat(63) + 'x';
    await server.db.query('insert into users (tenant_id, name, email, role_id) values (1, $1, $2, 3)', ['Long Password', 'long@demo.test']);
    expect((await signUp('long@demo.test', password)).statusCode).toBe(201);
    const [account] = await server.db.query<{ password_hash: string }>('select password_hash from accounts where email = $1', ['long@demo.test']);
    expect(await verifyPassword(account!.password_hash, password)).toBe(true);
    expect(await verifyPassword(account!.password_hash, 'p'.repeat(64))).toBe(false);
  });

  test('a hundred simultaneous sign-ups for one e-mail give exactly one 201', async () => {
    await server.db.query('insert into users (tenant_id, name, email, role_id) values (1, $1, $2, 3)', ['Rush Hour', 'rush@demo.test']);
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => signUp('rush@demo.test', `password-number-${i}`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    const accounts = await server.db.query('select 1 from accounts where email = $1', ['rush@demo.test']);
    expect(accounts).toHaveLength(1);
  });

  // Two sign-ups that each held a share of the user's row both went on to insert the account, whose
  // trigger rewrites that row (migration 210): on PostgreSQL they waited for each other (40P01, a 500).
  // A writer holding the accounts table lets both reach the insert at once where they can.
  test('two sign-ups of one e-mail let go together by a writer holding the accounts give one 201 and one 409', async () => {
    const email = 'pair@demo.test';
    await server.db.query('insert into users (tenant_id, name, email, role_id) values (1, $1, $2, 3)', ['Pair Signup', email]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const writer = server.db.transaction(async (tx) => {
      await tx.query('lock table accounts in share mode');
      holding();
      await released;
    });
    await held;
    const both = Promise.all([signUp(email, 'first-pair-password'), signUp(email, 'second-pair-password')]);
    await untilBothSignUpsWait();
    release();
    await writer;
    expect((await both).map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /api/auth/email', () => {
  test("answers the caller's own profile, whatever the case of the e-mail", async () => {
    const response = await server.app.inject({
      url: '/api/auth/email?email=Manager%40Demo.test',
      headers: await server.as('manager@demo.test'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 2,
      name: 'Morgan Manager',
      email: 'manager@demo.test',
      password: '********',
      tenant_id: 1,
      role_id: 2,
      status: 1,
      role: 'Admin',
      phone: expect.any(String),
      mobile: expect.any(String),
    });
  });

  test("answers 404 for anyone else's e-mail, existing or not, so it cannot enumerate accounts", async () => {
    const headers = await server.as('rep@demo.test');
    for (const email of ['admin@demo.test', 'admin@globex.test', 'nobody@demo.test']) {
      const response = await server.app.inject({ url: `/api/auth/email?email=${encodeURIComponent(email)}`, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  test('takes the bearer scheme in any case (RFC 7235), as keycloak-js sends `bearer`', async () => {
    const { authorization } = await server.as('rep@demo.test');
    const token = authorization.replace(/^Bearer /, '');
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await server.app.inject({ url: '/api/auth/email?email=rep%40demo.test', headers: { authorization: `${scheme} ${token}` } });
      expect(response.statusCode, scheme).toBe(200);
      expect(response.json()).toMatchObject({ email: 'rep@demo.test' });
    }
  });

  test("answers 401 'Token not found' to another scheme or a malformed header", async () => {
    const { authorization } = await server.as('rep@demo.test');
    const token = authorization.replace(/^Bearer /, '');
    for (const header of [`Basic ${token}`, `Bearer${token}`, `Bearer ${token} extra`, token]) {
      const response = await server.app.inject({ url: '/api/auth/email?email=rep%40demo.test', headers: { authorization: header } });
      expect(response.statusCode, header.slice(0, 12)).toBe(401);
      expect(response.json()).toEqual({ message: 'Token not found' });
    }
  });

  test("answers 401 'Token not found' without a bearer token", async () => {
    const response = await server.app.inject({ url: '/api/auth/email?email=rep%40demo.test' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Token not found' });
  });

  test("answers 401 'Token expired' to an expired token", async () => {
    const token = await server.tokenFor('rep@demo.test', { exp: Math.floor(Date.now() / 1000) - 60 });
    const response = await server.app.inject({ url: '/api/auth/email?email=rep%40demo.test', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Token expired' });
  });

  test('answers 401 to a token without the crm-access role', async () => {
    const token = await server.tokenFor('rep@demo.test', { resource_access: { [server.config.oidc.clientId]: { roles: [] } } });
    const response = await server.app.inject({ url: '/api/auth/email?email=rep%40demo.test', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/crm-access/);
  });

  test('answers 401 to a token of a valid account that has no CRM user', async () => {
    const response = await server.app.inject({
      url: '/api/auth/email?email=outsider%40demo.test',
      headers: await server.as('outsider@demo.test'),
    });
    expect(response.statusCode).toBe(401);
  });

  test('answers 401 to a token whose signature is not the provider’s', async () => {
    const token = await server.tokenFor('rep@demo.test');
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const response = await server.app.inject({ url: '/api/auth/email?email=rep%40demo.test', headers: { authorization: `Bearer ${forged}` } });
    expect(response.statusCode).toBe(401);
  });
});

describe('a tenant whose subscription has ended', () => {
  const lapsedCalls = [
    { method: 'GET' as const, url: '/api/auth/email?email=expired%40lapsed.test' },
    { method: 'GET' as const, url: '/api/salespersons/getAllData/3' },
    { method: 'POST' as const, url: '/api/opportunities/anlaysis', payload: { year: 2026, tenantId: 3 } },
  ];

  test("answers 403 'Subscription expired.' to its users' valid tokens, whatever the app checked before calling", async () => {
    const [tenant] = await server.db.query<{ id: number }>("select id from tenants where name = 'Lapsed'");
    expect(tenant!.id).toBe(3);
    const headers = await server.as('expired@lapsed.test');
    for (const call of lapsedCalls) {
      const response = await server.app.inject({ ...call, headers });
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json()).toEqual({ message: 'Subscription expired.' });
    }
  });

  test('lets them in again once the subscription is renewed', async () => {
    await server.db.query("update tenants set subscription_expires_at = now() + interval '1 day' where name = 'Lapsed'");
    try {
      const response = await server.app.inject({ ...lapsedCalls[0]!, headers: await server.as('expired@lapsed.test') });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: 'expired@lapsed.test' });
    } finally {
      await server.db.query("update tenants set subscription_expires_at = now() - interval '30 days' where name = 'Lapsed'");
    }
  });
});
