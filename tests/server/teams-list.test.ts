import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function list(email: string, tenantId: number) {
  return server.app.inject({ method: 'GET', url: `/api/teams/getAllData/${tenantId}`, headers: await server.as(email) });
}

/** The tenant's teams and memberships read straight from the tables, the slow obvious way. */
async function storedTeams(tenantId: number) {
  const teams = await server.db.query<{ id: number; name: string }>('select id, name from teams where tenant_id = $1', [tenantId]);
  const members = await server.db.query<{ team_id: number; id: number; name: string }>(
    `select m.team_id, s.id, s.name from team_members m join salespersons s on s.id = m.salesperson_id
     join teams t on t.id = m.team_id where t.tenant_id = $1`,
    [tenantId],
  );
  const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  return teams.sort(byName).map((team) => ({
    id: team.id,
    name: team.name,
    members: members
      .filter((member) => member.team_id === team.id)
      .map(({ id, name }) => ({ id, name }))
      .sort(byName),
  }));
}

describe('GET /api/teams/getAllData/{tenant_id}', () => {
  test("answers every team of the caller's tenant by name, each with its members by name, to every role", async () => {
    const expected = await storedTeams(1);
    expect(expected.length).toBe(3);
    for (const email of ['admin@demo.test', 'manager@demo.test', 'rep@demo.test']) {
      const response = await list(email, 1);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    }
  });

  test('lists a team without members with an empty member list', async () => {
    const [{ id }] = (await server.db.query<{ id: number }>("insert into teams (tenant_id, name) values (1, 'Zz New Team') returning id")) as [{ id: number }];
    try {
      const teams = (await list('rep@demo.test', 1)).json() as Array<{ id: number; name: string; members: unknown[] }>;
      expect(teams.at(-1)).toEqual({ id, name: 'Zz New Team', members: [] });
    } finally {
      await server.db.query('delete from teams where id = $1', [id]);
    }
  });

  test("answers 404 for another tenant's id and 401 without a token", async () => {
    expect((await list('admin@demo.test', 2)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/teams/getAllData/1' })).statusCode).toBe(401);
  });
});
