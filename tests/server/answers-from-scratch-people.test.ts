import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { ADMIN, answer, answerInstant, byId, DEMO_TENANT, expectAll, REP, SUPER_ADMIN, type Comparison } from '../support/from-scratch.ts';

// The people lists (users, salespersons, teams, a salesperson's teams, saved views) equal what
// a plain read of their tables says, on the demo data and after every kind of write, through
// the API or straight into the tables: whatever the server keeps between requests must never
// show anything else.

let server: TestServer;
/** A second server on the same database, as another process behind the proxy: some writes go through it. */
let other: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  other = await startTestServer({ sharing: server });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});

const sql = <Row>(text: string, params: unknown[] = []) => server.db.query<Row>(text, params);

// The contract's labels of the three roles, and the mask shown for a user who has a sign-in account.
const ROLE_LABELS: Record<number, string> = { 1: 'Super Admin', 2: 'Admin', 3: 'User' };
const PASSWORD_MASK = '********';
/** Another tenant's Super Admin: its lists hold its own people only, whatever the demo tenant's writes. */
const GLOBEX_ADMIN = 'admin@globex.test';

async function usersFromScratch(tenant = DEMO_TENANT) {
  const rows = await sql<{ id: number; name: string; email: string; has_account: boolean; tenant_id: number; role_id: number; status: number; phone: string; mobile: string }>(
    `select u.id, u.name, u.email, exists (select 1 from accounts a where a.email = u.email) as has_account,
            u.tenant_id, u.role_id, u.status, u.phone, u.mobile
     from users u where u.tenant_id = $1`,
    [tenant],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    password: row.has_account ? PASSWORD_MASK : '',
    tenant_id: row.tenant_id,
    role_id: row.role_id,
    status: row.status,
    role: ROLE_LABELS[row.role_id],
    phone: row.phone,
    mobile: row.mobile,
  }));
}

async function salespersonsFromScratch(tenant = DEMO_TENANT) {
  const rows = await sql<{ id: number; name: string; email: string; phone: string; mobile: string; latest_login: Date | null; status: number }>(
    'select id, name, email, phone, mobile, latest_login, status from salespersons where tenant_id = $1',
    [tenant],
  );
  return rows.map((row) => ({ ...row, latest_login: answerInstant(row.latest_login) }));
}

/** The teams by name (then id), each with its members, the tenant's salespersons, by name (then id). */
async function teamsFromScratch() {
  const teams = await sql<{ id: number; name: string }>('select id, name from teams where tenant_id = $1 order by name, id', [DEMO_TENANT]);
  const members = await sql<{ team_id: number; id: number; name: string }>(
    `select m.team_id, s.id, s.name from team_members m join teams t on t.id = m.team_id
     join salespersons s on s.id = m.salesperson_id and s.tenant_id = t.tenant_id
     where t.tenant_id = $1 order by s.name, s.id`,
    [DEMO_TENANT],
  );
  return teams.map((team) => ({ ...team, members: members.filter((member) => member.team_id === team.id).map(({ id, name }) => ({ id, name })) }));
}

async function teamsOfSalespersonFromScratch(salespersonId: number) {
  return sql<{ id: number; name: string }>(
    `select t.id, t.name from teams t where t.tenant_id = $1
       and exists (select 1 from team_members m where m.team_id = t.id and m.salesperson_id = $2)
     order by t.name, t.id`,
    [DEMO_TENANT, salespersonId],
  );
}

async function savedViewsFromScratch(email: string) {
  return sql<{ id: number; list: string; name: string; query: string }>(
    `select v.id, v.list, v.name, v.query from saved_views v join users u on u.id = v.user_id
     where u.email = $1 and v.tenant_id = u.tenant_id order by v.list, lower(v.name), v.id`,
    [email],
  );
}

const userOf = async (email: string) =>
  (await sql<{ id: number; name: string; email: string; role_id: number }>('select id, name, email, role_id from users where email = $1', [email]))[0]!;
const salespersonIdOf = async (email: string) => (await sql<{ id: number }>('select id from salespersons where email = $1', [email]))[0]!.id;

const comparisons: Record<string, Comparison> = {
  'the users list': async () => {
    const listed = await answer<{ id: number }[]>(server, SUPER_ADMIN, 'GET', `/api/users/getAllData/${DEMO_TENANT}`);
    // The contract promises no order: compared by id.
    expect(byId(listed)).toEqual(byId(await usersFromScratch()));
  },
  'the salesperson list': async () => {
    const listed = await answer<{ id: number }[]>(server, REP, 'GET', `/api/salespersons/getAllData/${DEMO_TENANT}`);
    expect(byId(listed)).toEqual(byId(await salespersonsFromScratch()));
  },
  "another tenant's users and salespersons": async () => {
    const [{ id: tenant }] = (await sql<{ id: number }>(`select id from tenants where name = 'Globex'`)) as [{ id: number }];
    expect(byId(await answer<{ id: number }[]>(server, GLOBEX_ADMIN, 'GET', `/api/users/getAllData/${tenant}`))).toEqual(byId(await usersFromScratch(tenant)));
    expect(byId(await answer<{ id: number }[]>(server, GLOBEX_ADMIN, 'GET', `/api/salespersons/getAllData/${tenant}`))).toEqual(byId(await salespersonsFromScratch(tenant)));
  },
  'the team list': async () => {
    expect(await answer(server, REP, 'GET', `/api/teams/getAllData/${DEMO_TENANT}`)).toEqual(await teamsFromScratch());
  },
  "the teams of the first, the newest and the rep's salespersons": async () => {
    // Those whose teams the writes change.
    const salespersons = await sql<{ id: number }>(
      `select id from salespersons where tenant_id = $1 and (id in (select id from salespersons where tenant_id = $1 order by id limit 2)
         or id in (select id from salespersons where tenant_id = $1 order by id desc limit 2) or email = $2) order by id`,
      [DEMO_TENANT, REP],
    );
    for (const { id } of salespersons) {
      const found = await answer<{ id: number; name: string }[]>(server, REP, 'POST', '/api/teams/searchTeam', { salespersonId: id });
      expect(found, `salesperson ${id}`).toEqual(await teamsOfSalespersonFromScratch(id));
    }
  },
  "each caller's saved views": async () => {
    for (const email of [SUPER_ADMIN, REP]) expect(await answer(server, email, 'GET', '/api/views'), email).toEqual(await savedViewsFromScratch(email));
  },
};

const expectEveryAnswer = (when: string) => expectAll(comparisons, when);

describe('the people lists, read from scratch', () => {
  test('equal their tables on the demo data', async () => {
    await expectEveryAnswer('on the demo data');
    // The demo data has something in each list to compare.
    expect((await usersFromScratch()).map((user) => user.password)).toEqual(expect.arrayContaining([PASSWORD_MASK, '']));
    expect((await teamsFromScratch()).some((team) => team.members.length > 0)).toBe(true);
  });

  test('after writes through the API: users, a password, salespersons, teams and views created, changed and deleted', async () => {
    await expectEveryAnswer('before the API writes');
    const created = await answer<{ id: number }>(server, SUPER_ADMIN, 'POST', '/api/users', {
      name: 'Quinn Fromscratch',
      email: 'quinn.fromscratch@demo.test',
      password: 'created-password',
      role_id: 3,
      status: 1,
    });
    await expectEveryAnswer('after a user was created');

    const salesperson = await answer<{ id: number }>(server, ADMIN, 'POST', '/api/salespersons', {
      name: 'Quinn Fromscratch',
      email: 'quinn.fromscratch@demo.test',
      phone: '+4930555555',
      mobile: '+49151555555',
      status: 1,
    });
    await expectEveryAnswer('after a salesperson was created');

    // Renaming a user renames their salesperson, shown in the team list.
    await answer(other, SUPER_ADMIN, 'PUT', `/api/users/nohash/${created.id}`, { name: 'Quinn Renamed', email: 'quinn.renamed@demo.test', password: PASSWORD_MASK, role_id: 3 });
    const rep = await userOf(REP);
    await answer(server, SUPER_ADMIN, 'PUT', `/api/users/nohash/${rep.id}`, { name: 'Aaron Firstbyname', email: rep.email, password: PASSWORD_MASK, role_id: rep.role_id });
    await expectEveryAnswer('after users were renamed');

    // A user without a sign-in account gets one by a new password: the mask appears.
    const newhire = await userOf('newhire@demo.test');
    await answer(server, SUPER_ADMIN, 'PUT', `/api/users/${newhire.id}`, { name: newhire.name, email: newhire.email, password: 'newhire-password', role_id: newhire.role_id });
    await expectEveryAnswer('after an account was made for a user');

    await answer(server, ADMIN, 'PUT', `/api/salespersons/${salesperson.id}`, { name: 'ignored', email: 'ignored@demo.test', phone: '030 9876 5432', mobile: '+49 160 1234567', latest_login: null, status: 1 });
    await expectEveryAnswer("after a salesperson's phones changed");

    const team = await answer<{ id: number }>(other, REP, 'POST', '/api/teams', { name: 'Aardvarks', memberIds: [salesperson.id, await salespersonIdOf(REP)] });
    await expectEveryAnswer('after a team was created');
    await answer(server, REP, 'PUT', `/api/teams/${team.id}`, { name: 'Zebras', memberIds: [salesperson.id] });
    await expectEveryAnswer('after a team was renamed and lost a member');

    const view = await answer<{ id: number }>(server, REP, 'POST', '/api/views', { list: 'opportunity', name: 'Big deals', query: 'sort=revenue' });
    await answer(server, REP, 'POST', '/api/views', { list: 'customer', name: 'a first view', query: '' });
    await expectEveryAnswer('after views were saved');
    await answer(other, REP, 'DELETE', `/api/views/${view.id}`);
    await answer(server, REP, 'DELETE', `/api/teams/${team.id}`);
    await expectEveryAnswer('after a team and a view were deleted');
  });

  test('after writes in SQL: rows inserted, updated and deleted, accounts added and removed, memberships truncated', async () => {
    await expectEveryAnswer('before the SQL writes');
    // An account added in SQL for a user who has none; one of another user's removed.
    await sql(`insert into users (tenant_id, name, email, role_id, status) values ($1, 'Sql Person', 'sql.person@demo.test', 3, 1)`, [DEMO_TENANT]);
    await expectEveryAnswer('after a user was inserted');
    await sql(`insert into accounts (email, password_hash) values ('sql.person@demo.test', 'not a hash')`);
    await expectEveryAnswer('after an account was inserted for a user');
    await sql(`delete from accounts where email = 'sql.person@demo.test'`);
    await expectEveryAnswer("after a user's account was deleted");
    await sql(`update users set name = 'Sql Renamed', phone = '+44 1', mobile = '+44 2', role_id = 2 where email = 'sql.person@demo.test'`);
    await expectEveryAnswer('after a user was updated');

    // Salespersons: inserted, renamed (the team list shows the name), their login moved, deleted.
    const [inserted] = await sql<{ id: number }>(
      `insert into salespersons (tenant_id, user_id, name, email, latest_login)
       select $1, id, name, email, '2025-12-31T23:59:59.999Z' from users where email = 'sql.person@demo.test' returning id`,
      [DEMO_TENANT],
    );
    const [firstTeam] = await sql<{ id: number }>('select id from teams where tenant_id = $1 order by id limit 1', [DEMO_TENANT]);
    await sql('insert into team_members (tenant_id, team_id, salesperson_id) values ($1, $2, $3)', [DEMO_TENANT, firstTeam!.id, inserted!.id]);
    await expectEveryAnswer('after a salesperson was inserted into a team');
    await sql(`update salespersons set name = 'Aaaa Sql Salesperson', latest_login = '2026-01-01T00:00:00.5Z' where id = $1`, [inserted!.id]);
    await sql(`update salespersons set name = name || ' Jr.' where email = $1`, [REP]);
    await expectEveryAnswer('after salespersons were renamed in SQL');
    await sql('update teams set name = $2 where id = $1', [firstTeam!.id, 'Zzz Renamed Team']);
    await sql(`insert into teams (tenant_id, name) values ($1, 'Empty Sql Team')`, [DEMO_TENANT]);
    await expectEveryAnswer('after teams were renamed and inserted');
    await sql('delete from salespersons where id = $1', [inserted!.id]);
    await sql(`delete from users where email = 'sql.person@demo.test'`);
    await expectEveryAnswer('after a salesperson and a user were deleted');

    // Views written in SQL, then every membership removed at once.
    await sql(`insert into saved_views (tenant_id, user_id, list, name, query) select tenant_id, id, 'activity', 'Sql view', 'view=todo' from users where email = $1`, [REP]);
    await expectEveryAnswer('after a view was inserted');
    await sql('truncate team_members');
    await sql('truncate saved_views');
    await expectEveryAnswer('after the memberships and the views were truncated');
  });
});
