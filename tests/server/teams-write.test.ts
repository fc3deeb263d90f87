import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectRefusal } from '../support/refusals.ts';
import { RECORD_LIMITS, TEAM_MESSAGES } from '../../src/domain/rules/records.ts';
import { lengthProblem } from '../../src/domain/rules/fields.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function call(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

async function salespersonsOf(tenantName: string) {
  return server.db.query<{ id: number; name: string }>(
    'select s.id, s.name from salespersons s join tenants t on t.id = s.tenant_id where t.name = $1 order by s.id',
    [tenantName],
  );
}

async function teamIdOf(tenantName: string, teamName: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('select t.id from teams t join tenants n on n.id = t.tenant_id where n.name = $1 and t.name = $2', [
    tenantName,
    teamName,
  ]);
  return row!.id;
}

const byName = (a: { id: number; name: string }, b: { id: number; name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

let serial = 0;
/** Tests share the seeded database, so every team they make has a name of its own. */
const freshName = (label: string) => `${label} ${++serial}`;

describe('POST /api/teams, GET and PUT /api/teams/{id}', () => {
  test('a team created with members reads back with them by name, and an update replaces the name and the whole membership', async () => {
    const [a, b, c, d] = (await salespersonsOf('Demo')).slice(0, 4) as [{ id: number; name: string }, ...Array<{ id: number; name: string }>];
    const name = freshName('Key Accounts');
    const created = await call('rep@demo.test', 'POST', '/api/teams', { name: `  ${name}  `, memberIds: [b!.id, a.id] });
    expect(created.statusCode).toBe(201);
    const team = created.json() as { id: number; name: string; members: unknown[] };
    expect(team).toEqual({ id: expect.any(Number), name, members: [a, b!].sort(byName) });

    const read = await call('manager@demo.test', 'GET', `/api/teams/${team.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(team);

    const renamed = freshName('Strategic Accounts');
    const updated = await call('admin@demo.test', 'PUT', `/api/teams/${team.id}`, { name: renamed, memberIds: [c!.id, d!.id, a.id] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ id: team.id, name: renamed, members: [a, c!, d!].sort(byName) });
    expect(await server.db.query('select salesperson_id from team_members where team_id = $1 order by 1', [team.id])).toEqual(
      [a.id, c!.id, d!.id].sort((x, y) => x - y).map((salesperson_id) => ({ salesperson_id })),
    );
  });

  test('a team may have no members, and an update with none empties it', async () => {
    const [a] = await salespersonsOf('Demo');
    const created = (await call('rep@demo.test', 'POST', '/api/teams', { name: freshName('Bench'), memberIds: [a!.id] })).json() as { id: number; name: string };
    const emptied = await call('rep@demo.test', 'PUT', `/api/teams/${created.id}`, { name: created.name, memberIds: [] });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toEqual({ id: created.id, name: created.name, members: [] });
  });

  test("the Edit Salesperson screen's team search reflects a membership change", async () => {
    const [a, b] = await salespersonsOf('Demo');
    const teamsOf = async (salespersonId: number) =>
      ((await call('rep@demo.test', 'POST', '/api/teams/searchTeam', { salespersonId })).json() as Array<{ name: string }>).map((t) => t.name);
    const name = freshName('Search Check');
    const { id } = (await call('rep@demo.test', 'POST', '/api/teams', { name, memberIds: [a!.id] })).json() as { id: number };
    expect(await teamsOf(a!.id)).toContain(name);
    expect(await teamsOf(b!.id)).not.toContain(name);
    await call('rep@demo.test', 'PUT', `/api/teams/${id}`, { name, memberIds: [b!.id] });
    expect(await teamsOf(a!.id)).not.toContain(name);
    expect(await teamsOf(b!.id)).toContain(name);
  });
});

describe('refusals', () => {
  test("a name another team of the tenant has, in any case, answers 409 with a clear message, on create and on rename", async () => {
    const taken = await call('rep@demo.test', 'POST', '/api/teams', { name: 'enterprise', memberIds: [] });
    expectRefusal(taken, { name: 'A team with this name already exists.' }, 409);

    const midMarket = await teamIdOf('Demo', 'Mid-Market');
    const before = (await call('rep@demo.test', 'GET', `/api/teams/${midMarket}`)).json();
    const renamed = await call('rep@demo.test', 'PUT', `/api/teams/${midMarket}`, { name: 'Enterprise', memberIds: [] });
    expect(renamed.statusCode).toBe(409);
    expect((await call('rep@demo.test', 'GET', `/api/teams/${midMarket}`)).json()).toEqual(before);
  });

  test("another tenant's team name is free to use", async () => {
    const created = await call('rep@demo.test', 'POST', '/api/teams', { name: 'Globex Sales', memberIds: [] });
    expect(created.statusCode).toBe(201);
  });

  test.each([
    [{ name: '', memberIds: [] }, { name: TEAM_MESSAGES.nameMissing }],
    [{ name: '   ', memberIds: [] }, { name: TEAM_MESSAGES.nameMissing }],
    [{ name: 'x'.repeat(101), memberIds: [] }, { name: lengthProblem('Name', 'x'.repeat(101), RECORD_LIMITS.teamName)! }],
    [{ memberIds: [] }, { name: TEAM_MESSAGES.nameMissing }],
    [{ name: 'No members field' }, { memberIds: 'Members is required.' }],
    [{ name: 'Twice', memberIds: [5, 5] }, { memberIds: 'Members must not name the same one twice.' }],
    [{ name: 'Too many', memberIds: Array.from({ length: 501 }, (_, i) => i + 1) }, { memberIds: TEAM_MESSAGES.tooManyMembers }],
    [{ name: 'Tenant', memberIds: [], tenant_id: 2 }, { tenant_id: 'Tenant cannot be sent here.' }],
  ])('%j answers 400 naming the field', async (payload, fields) => {
    const response = await call('rep@demo.test', 'POST', '/api/teams', payload);
    expectRefusal(response, fields);
  });

  test("a salesperson of another tenant, or one that does not exist, answers 400 naming memberIds and stores nothing", async () => {
    const [own] = await salespersonsOf('Demo');
    const [foreign] = await salespersonsOf('Globex');
    const midMarket = await teamIdOf('Demo', 'Mid-Market');
    const before = (await call('rep@demo.test', 'GET', `/api/teams/${midMarket}`)).json();
    for (const memberIds of [[own!.id, foreign!.id], [own!.id, 2_000_000_000]]) {
      const name = freshName('Refused');
      const created = await call('rep@demo.test', 'POST', '/api/teams', { name, memberIds });
      expectRefusal(created, { memberIds: 'Members must be salespersons of your tenant.' });
      expect(await server.db.query('select 1 from teams where name = $1', [name])).toEqual([]);

      const updated = await call('rep@demo.test', 'PUT', `/api/teams/${midMarket}`, { name: 'Mid-Market renamed', memberIds });
      expect(updated.statusCode).toBe(400);
      expect((await call('rep@demo.test', 'GET', `/api/teams/${midMarket}`)).json()).toEqual(before);
    }
  });

  test("another tenant's team answers 404 to GET and PUT and stays as it was; so does an unknown id", async () => {
    const globexSales = await teamIdOf('Globex', 'Globex Sales');
    const [own] = await salespersonsOf('Demo');
    const before = (await call('admin@globex.test', 'GET', `/api/teams/${globexSales}`)).json();
    for (const id of [globexSales, 2_000_000_000]) {
      expect((await call('admin@demo.test', 'GET', `/api/teams/${id}`)).statusCode).toBe(404);
      const updated = await call('admin@demo.test', 'PUT', `/api/teams/${id}`, { name: 'Taken over', memberIds: [own!.id] });
      expect(updated.statusCode).toBe(404);
      expect(updated.json()).toEqual({ message: 'Not found' });
    }
    expect((await call('admin@globex.test', 'GET', `/api/teams/${globexSales}`)).json()).toEqual(before);
  });

  test('every operation answers 401 without a token', async () => {
    for (const [method, url] of [['POST', '/api/teams'], ['GET', '/api/teams/1'], ['PUT', '/api/teams/1']] as const) {
      const response = await server.app.inject({ method, url, payload: method === 'GET' ? undefined : { name: 'x', memberIds: [] } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('the database itself', () => {
  test("refuses a membership across tenants and an untrimmed name, whatever the code does", async () => {
    const [foreign] = await salespersonsOf('Globex');
    const enterprise = await teamIdOf('Demo', 'Enterprise');
    await expect(server.db.query('insert into team_members (team_id, salesperson_id) values ($1, $2)', [enterprise, foreign!.id])).rejects.toThrow();
    await expect(server.db.query("insert into teams (tenant_id, name) values (1, ' Padded ')")).rejects.toThrow();
  });
});
