import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { USER } from '../../server/answers/projections.ts';
import { usersOfTenantJson } from '../../server/routes/user-records.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// The user list shows every write of what it shows, however it was written: a user's
// fields, and whether an account of their e-mail exists (the password mask).

let server: TestServer;
let many: number;
const ADMIN = 'admin@demo.test';
const MANY_USERS = 2_007;

beforeAll(async () => {
  server = await startTestServer();
  // A tenant of two thousand users, its ids interleaved with another's; every role, every third with an account.
  const [tenant] = await server.db.query<{ id: number }>("insert into tenants (name) values ('Many Users') returning id");
  const [other] = await server.db.query<{ id: number }>("insert into tenants (name) values ('Interleaved') returning id");
  many = tenant!.id;
  await server.db.query(
    `insert into users (tenant_id, name, email, role_id, status, phone, mobile)
     select case when n % 5 = 0 then $2::int else $1::int end, 'Person "' || n || '" ü', 'many' || n || '@many.test', 1 + n % 3, n % 2, '+49' || n, ''
     from generate_series(1, $3::int) as n`,
    [many, other!.id, Math.ceil(MANY_USERS * 1.25)],
  );
  await server.db.query("insert into accounts (email, password_hash) select email, 'x' from users where tenant_id = $1 and id % 3 = 0", [many]);
});
afterAll(async () => {
  await server?.close();
});

/** Every user of the tenant as the one-user look-up's projection makes them, in id order. */
async function records(tenantId: number): Promise<unknown[]> {
  return server.db.query(`select ${USER.select} from ${USER.from} where u.tenant_id = $1 order by u.id`, [tenantId]);
}

async function list(headers: Record<string, string> = {}) {
  const response = await server.app.inject({ method: 'GET', url: '/api/users/getAllData/1', headers: { ...(await server.as(ADMIN)), ...headers } });
  expect(response.statusCode).toBe(200);
  return { users: response.json() as Array<Record<string, unknown>> };
}

describe('the user list', () => {
  test('is every user as their record shows them, in id order', async () => {
    const [counted] = await server.db.query<{ users: number }>('select count(*)::int as users from users where tenant_id = $1', [many]);
    expect(counted!.users).toBeGreaterThan(2_000);
    expect(JSON.parse(await usersOfTenantJson(server.db, many))).toEqual(await records(many));
    expect(JSON.parse(await usersOfTenantJson(server.db, 1))).toEqual(await records(1));
    // An empty tenant, and the route.
    const [empty] = await server.db.query<{ id: number }>("insert into tenants (name) values ('No Users') returning id");
    expect(await usersOfTenantJson(server.db, empty!.id)).toBe('[]');
    expect((await list()).users).toEqual(await records(1));
  });
});

describe('after writes in SQL', () => {
  test('the next list shows the change', async () => {
    const user = async (email: string) => (await list()).users.find((row) => row.email === email);
    const written = async (write: () => Promise<unknown>) => {
      await write();
      expect((await list()).users).toEqual(await records(1));
    };
    await written(() => server.db.query("update users set name = 'Renamed In SQL', phone = '+491', status = 0 where email = 'rep@demo.test'"));
    expect(await user('rep@demo.test')).toMatchObject({ name: 'Renamed In SQL', phone: '+491', status: 0 });
    await written(() => server.db.query("update users set role_id = 2 where email = 'rep@demo.test'"));
    expect(await user('rep@demo.test')).toMatchObject({ role_id: 2, role: 'Admin' });
    // An account made for a user without one: the password shows masked.
    expect(await user('newhire@demo.test')).toMatchObject({ password: '' });
    await written(() => server.db.query("insert into accounts (email, password_hash) values ('newhire@demo.test', 'x')"));
    expect(await user('newhire@demo.test')).toMatchObject({ password: '********' });
    // The account moves to an e-mail no user has, then back, then goes.
    await written(() => server.db.query("update accounts set email = 'elsewhere@demo.test' where email = 'newhire@demo.test'"));
    expect(await user('newhire@demo.test')).toMatchObject({ password: '' });
    await written(() => server.db.query("update accounts set email = 'newhire@demo.test' where email = 'elsewhere@demo.test'"));
    expect(await user('newhire@demo.test')).toMatchObject({ password: '********' });
    await written(() => server.db.query("delete from accounts where email = 'newhire@demo.test'"));
    expect(await user('newhire@demo.test')).toMatchObject({ password: '' });
    // A user's e-mail moving onto an account's, as the update route does it (account first, then user).
    await written(() =>
      server.db.transaction(async (tx) => {
        await tx.query("update accounts set email = 'rep2@demo.test' where email = 'rep@demo.test'");
        await tx.query("update users set email = 'rep2@demo.test' where email = 'rep@demo.test'");
      }),
    );
    expect(await user('rep2@demo.test')).toMatchObject({ password: '********' });
    expect((await list()).users).toEqual(await records(1));
  });

  test('accounts truncated: every entry shows no password', async () => {
    const rolledBack = new Error('rolled back');
    await expect(
      server.db.transaction(async (tx) => {
        await tx.query('truncate accounts');
        const entries = JSON.parse(await usersOfTenantJson(tx, 1)) as Array<{ password: string }>;
        expect(entries.length).toBeGreaterThan(0);
        expect(new Set(entries.map((entry) => entry.password))).toEqual(new Set(['']));
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });
});
