import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../../server/accounts/passwords.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { DEMO_PASSWORD, SEED_TODAY, startTestServer, type TestServer } from '../support/server-harness.ts';

/** Issue 2, "Demo data": what a fresh database holds, line by line. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const q = <Row = Record<string, unknown>>(sql: string, params: unknown[] = []) => server.db.query<Row>(sql, params);

async function user(email: string) {
  const [row] = await q<{ id: number; role_id: number; tenant: string }>(
    'select u.id, u.role_id, t.name as tenant from users u join tenants t on t.id = u.tenant_id where u.email = $1',
    [email],
  );
  return row;
}

async function account(email: string) {
  const [row] = await q<{ password_hash: string; client_roles: string[] }>('select password_hash, client_roles from accounts where email = $1', [email]);
  return row;
}

describe('tenant Demo', () => {
  test('admin@demo.test is the Super Admin with user id 1; manager@demo.test is an Admin; rep@demo.test a User', async () => {
    expect(await user('admin@demo.test')).toEqual({ id: 1, role_id: 1, tenant: 'Demo' });
    expect(await user('manager@demo.test')).toMatchObject({ role_id: 2, tenant: 'Demo' });
    expect(await user('rep@demo.test')).toMatchObject({ role_id: 3, tenant: 'Demo' });
  });

  test('has about 25 users, so the user list pages (10 a page)', async () => {
    const [{ n }] = (await q<{ n: number }>("select count(*)::int as n from users u join tenants t on t.id = u.tenant_id where t.name = 'Demo'")) as [{ n: number }];
    expect(n).toBe(25);
  });

  test('has salespersons for its users, in three teams', async () => {
    const teams = await q<{ name: string; members: number }>(
      `select t.name, count(m.salesperson_id)::int as members from teams t join tenants n on n.id = t.tenant_id
       left join team_members m on m.team_id = t.id where n.name = 'Demo' group by t.name order by t.name`,
    );
    expect(teams.map((team) => team.name)).toEqual(['Enterprise', 'Inside Sales', 'Mid-Market']);
    expect(teams.every((team) => team.members >= 5)).toBe(true);
    const unlinked = await q("select 1 from salespersons s join tenants n on n.id = s.tenant_id where n.name = 'Demo' and s.user_id is null");
    expect(unlinked).toEqual([]);
    expect(await q('select 1 from salespersons where email = $1', ['rep@demo.test'])).toHaveLength(1);
  });

  test('has a salesperson without opportunities (Wren Weber), so the dashboard can show someone without revenue', async () => {
    const rows = await q<{ name: string; opportunities: number }>(
      `select s.name, count(o.id)::int as opportunities from salespersons s join tenants t on t.id = s.tenant_id
       left join opportunities o on o.salesperson_id = s.id where t.name = 'Demo' group by s.id, s.name`,
    );
    expect(rows.filter((row) => row.opportunities === 0).map((row) => row.name)).toEqual(['Wren Weber']);
  });

  test("has about 1,500 opportunities from 2025-01-01 to today with varied revenue, each at its stage's default probability", async () => {
    const [stats] = await q<{ n: number; first: Date; last: Date; revenues: number; probabilities: number; low: number; high: number }>(
      `select count(*)::int as n, min(created_date) as first, max(created_date) as last,
              count(distinct revenue)::int as revenues, count(distinct probability)::int as probabilities,
              min(probability) as low, max(probability) as high
       from opportunities o join tenants t on t.id = o.tenant_id where t.name = 'Demo'`,
    );
    expect(stats!.n).toBe(1500);
    expect(new Date(stats!.first).getTime()).toBeGreaterThanOrEqual(Date.UTC(2025, 0, 1));
    expect(new Date(stats!.last).getTime()).toBeLessThanOrEqual(SEED_TODAY.getTime());
    // Spread over the whole span: both years hold plenty.
    expect(new Date(stats!.first).getTime()).toBeLessThan(Date.UTC(2025, 0, 15));
    expect(new Date(stats!.last).getTime()).toBeGreaterThan(SEED_TODAY.getTime() - 15 * 24 * 3600 * 1000);
    expect(stats!.revenues).toBeGreaterThan(1000);
    expect(stats!.probabilities).toBe(5);
    expect([stats!.low, stats!.high]).toEqual([0, 100]);
    // Issue 16: seeded Qualification deals sat at 95 %; every deal follows its tenant's stage probabilities.
    const astray = await q(
      `select o.id from opportunities o join tenants t on t.id = o.tenant_id
       where o.probability <> (t.stage_probabilities ->> o.stage)::int`,
    );
    expect(astray).toEqual([]);
  });

  test('newhire@demo.test is a Demo CRM user without a sign-in account', async () => {
    expect(await user('newhire@demo.test')).toMatchObject({ tenant: 'Demo' });
    expect(await account('newhire@demo.test')).toBeUndefined();
  });
});

test('outsider@demo.test has a sign-in account without the crm-access role, and no CRM user', async () => {
  expect((await account('outsider@demo.test'))!.client_roles).toEqual([]);
  expect(await user('outsider@demo.test')).toBeUndefined();
});

test('tenant Lapsed has expired@lapsed.test, with crm-access, and its subscription has expired', async () => {
  expect(await user('expired@lapsed.test')).toMatchObject({ tenant: 'Lapsed' });
  expect((await account('expired@lapsed.test'))!.client_roles).toEqual(['crm-access']);
  const [tenant] = await q<{ expired: boolean }>("select subscription_expires_at < now() as expired from tenants where name = 'Lapsed'");
  expect(tenant!.expired).toBe(true);
});

test('tenant Globex has admin@globex.test and its own users, salespersons and opportunities', async () => {
  expect(await user('admin@globex.test')).toMatchObject({ role_id: 1, tenant: 'Globex' });
  const [counts] = await q<{ users: number; salespersons: number; opportunities: number }>(
    `select (select count(*)::int from users where tenant_id = t.id) as users,
            (select count(*)::int from salespersons where tenant_id = t.id) as salespersons,
            (select count(*)::int from opportunities where tenant_id = t.id) as opportunities
     from tenants t where t.name = 'Globex'`,
  );
  expect(counts!.users).toBeGreaterThan(3);
  expect(counts!.salespersons).toBeGreaterThan(2);
  expect(counts!.opportunities).toBeGreaterThan(100);
});

test('every seeded sign-in account signs in with the demo password, hashed once with argon2id', async () => {
  const hashes = await q<{ password_hash: string }>('select distinct password_hash from accounts');
  expect(hashes).toHaveLength(1);
  expect(hashes[0]!.password_hash).toMatch(/^\$argon2id\$/);
  expect(await verifyPassword(hashes[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
});

test('seeding again changes nothing: demo data goes only into an empty database', async () => {
  const before = await q('select count(*)::int as n from users');
  await seedDemoData(server.db, { demoPassword: 'another-password', today: SEED_TODAY });
  expect(await q('select count(*)::int as n from users')).toEqual(before);
  expect(await q('select distinct password_hash from accounts')).toHaveLength(1);
});
