import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import type { Schemas } from '../../src/api/client.ts';

// Whatever writes an opportunity, the opportunity list's searched page must find exactly
// what a plain `ilike` over the year's rows finds, in the same order, with the same totals.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Page = Schemas['OpportunityPage'];

interface Asked {
  zone?: string;
  stage?: string;
  mine?: boolean;
}

async function page(query: string, email = 'rep@demo.test'): Promise<Page> {
  const response = await server.app.inject({ method: 'GET', url: `/api/opportunities/page/1?year=2025&${query}`, headers: await server.as(email) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

/**
 * The slow, obvious reference: every opportunity of tenant 1's 2025 in the zone read row by row
 * and tested for the text, ordered by revenue then id; with the stage and the caller's own
 * (rep@demo.test's salesperson) when asked.
 */
async function reference(text: string, { zone = 'UTC', stage, mine = false }: Asked): Promise<{ ids: number[]; revenue: number }> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await server.db.query<{ id: number; revenue: number }>(
    `select o.id, o.revenue::float8 as revenue from opportunities o left join salespersons s on s.id = o.salesperson_id
     where o.tenant_id = 1 and o.created_date >= make_timestamptz(2025, 1, 1, 0, 0, 0, $2) and o.created_date < make_timestamptz(2026, 1, 1, 0, 0, 0, $2)
       and (o.customer ilike $1 or s.name ilike $1 or o.stage ilike $1)
       and ($3::text is null or o.stage = $3)
       and (not $4 or s.user_id = (select id from users where email = 'rep@demo.test'))
     order by o.revenue asc, o.id asc`,
    [pattern, zone, stage ?? null, mine],
  );
  return { ids: rows.map((row) => row.id), revenue: rows.reduce((sum, row) => sum + Math.round(row.revenue * 100), 0) };
}

/** Every page of a search, sorted by revenue, read to its end. */
async function everyPage(text: string, { zone = 'UTC', stage, mine = false }: Asked): Promise<{ ids: number[]; total: number; revenue: number }> {
  const query = new URLSearchParams({ zone, search: text, sort: 'revenue', direction: 'ascending', ...(stage ? { stage } : {}), ...(mine ? { mine: 'true' } : {}) });
  const first = await page(query.toString());
  const ids = first.rows.map((row) => row.id);
  for (let number = 2; number <= Math.ceil(first.total / 10); number++) ids.push(...(await page(`${query}&page=${number}`)).rows.map((row) => row.id));
  return { ids, total: first.total, revenue: Math.round(first.revenue * 100) };
}

async function expectFoundAsReference(text: string, asked: Asked = {}): Promise<number[]> {
  const expected = await reference(text, asked);
  const found = await everyPage(text, asked);
  expect(found, `${JSON.stringify(text)} ${JSON.stringify(asked)}`).toEqual({ ids: expected.ids, total: expected.ids.length, revenue: expected.revenue });
  return found.ids;
}

const insertSql = (customer: string, stage = 'proposal', created = '2025-07-01T12:00:00Z') =>
  `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
   select 1, id, '${customer}', '${stage}', '${created}', 120, 50 from salespersons where tenant_id = 1 order by id limit 1 returning id`;

describe("the opportunity list's search", () => {
  test('finds what a row-by-row search finds, for texts of many lengths, pattern characters and cases, with a stage, the caller\'s own or another zone', async () => {
    const [first] = await server.db.query<{ customer: string; name: string }>(
      `select o.customer, s.name from opportunities o join salespersons s on s.id = o.salesperson_id
       where o.tenant_id = 1 and o.created_date >= '2025-01-01' and o.created_date < '2026-01-01' order by o.id limit 1`,
    );
    const { customer, name } = first!;
    const texts = [customer, customer.slice(1, 5), customer.slice(0, 3).toUpperCase(), customer.slice(-4).toLowerCase(), name.slice(2, 7), 'co', 'e', '100%', 'a_b', 'ON', 'won', 'zzzz'];
    for (const text of texts) expect((await expectFoundAsReference(text)).length).toBeGreaterThanOrEqual(0);
    // The texts cover both ways: some find rows, some none.
    expect((await reference(customer, {})).ids.length).toBeGreaterThan(0);
    for (const asked of [{ stage: 'proposal' }, { mine: true }, { zone: 'Pacific/Kiritimati' }, { zone: 'America/Los_Angeles', stage: 'closed won' }]) {
      for (const text of [customer.slice(1, 5), 'won', 'co']) await expectFoundAsReference(text, asked);
    }
  });

  test('finds a customer written in SQL, one renamed in SQL under its new name only, and many written at once', async () => {
    const [inserted] = await server.db.query<{ id: number }>(insertSql('Zyxwv Spelling Test 100%_\\'));
    expect(await expectFoundAsReference('zyxwv spelling')).toEqual([inserted!.id]);
    expect(await expectFoundAsReference('100%_\\')).toContain(inserted!.id);

    await server.db.query("update opportunities set customer = 'Qwertz Renamed Co' where id = $1", [inserted!.id]);
    expect(await expectFoundAsReference('qwertz renamed')).toEqual([inserted!.id]);
    expect(await expectFoundAsReference('zyxwv spelling')).toEqual([]);

    // Several rows, new spellings differing only in case, in one statement.
    await server.db.query(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 1, s.id, name, 'proposal', ('2025-03-0' || n || 'T08:00:00Z')::timestamptz, 10 * n, 20
       from (select id from salespersons where tenant_id = 1 order by id limit 1) as s,
            unnest(array['Mnbvc Many', 'MNBVC MANY', 'mnbvc many']) with ordinality as written(name, n)`,
    );
    expect(await expectFoundAsReference('nbvc man')).toHaveLength(3);
    // Two spellings of one name in lower case, one holding the text and one not.
    await server.db.query(insertSql('Straße Spelling'));
    await server.db.query(insertSql('STRASSE SPELLING'));
    expect(await expectFoundAsReference('straße')).toHaveLength(1);

    // Another tenant's spelling is not this tenant's customer, until an opportunity of this tenant has it.
    await server.db.query(`insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 2, id, 'Plokij Other Tenant', 'proposal', '2025-07-01T12:00:00Z', 1, 1 from salespersons where tenant_id = 2 order by id limit 1`);
    expect(await expectFoundAsReference('plokij other')).toEqual([]);
    await server.db.query("update opportunities set tenant_id = 1, salesperson_id = $1 where customer = 'Plokij Other Tenant'", [
      (await server.db.query<{ id: number }>('select id from salespersons where tenant_id = 1 order by id limit 1'))[0]!.id,
    ]);
    expect(await expectFoundAsReference('plokij other')).toHaveLength(1);

    await server.db.query(
      "delete from opportunities where customer in ('Qwertz Renamed Co', 'Mnbvc Many', 'MNBVC MANY', 'mnbvc many', 'Straße Spelling', 'STRASSE SPELLING', 'Plokij Other Tenant')",
    );
    expect(await expectFoundAsReference('qwertz renamed')).toEqual([]);
  });

  test('finds a customer created and renamed through the API', async () => {
    const [salesperson] = await server.db.query<{ id: number }>('select id from salespersons where tenant_id = 1 order by id limit 1');
    const headers = await server.as('manager@demo.test');
    const payload = (customer: string) => ({ customer, salesperson_id: salesperson!.id, stage: 'proposal', created_date: '2025-08-01T09:00:00Z', revenue: 5, probability: 10 });
    const created = await server.app.inject({ method: 'POST', url: '/api/opportunities', headers, payload: payload('Lkjhg Through The Api') });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    expect(await expectFoundAsReference('kjhg through')).toEqual([id]);
    const renamed = await server.app.inject({ method: 'PUT', url: `/api/opportunities/${id}`, headers, payload: payload('Asdfg Renamed By Api') });
    expect(renamed.statusCode).toBe(200);
    expect(await expectFoundAsReference('sdfg renamed')).toEqual([id]);
    expect(await expectFoundAsReference('kjhg through')).toEqual([]);
    await server.db.query('delete from opportunities where id = $1', [id]);
  });

  test('an opportunity whose customer, stage and salesperson all hold the text is counted once', async () => {
    const [salesperson] = await server.db.query<{ id: number; name: string }>('select id, name from salespersons where tenant_id = 1 order by id limit 1');
    await server.db.query("update salespersons set name = 'Poiuy Triple Person' where id = $1", [salesperson!.id]);
    const [inserted] = await server.db.query<{ id: number }>(insertSql('Poiuy Triple Customer', 'poiuy triple stage'));
    expect(await expectFoundAsReference('poiuy triple')).toContain(inserted!.id);
    expect(await expectFoundAsReference('POIUY')).toContain(inserted!.id);
    await server.db.query('delete from opportunities where id = $1', [inserted!.id]);
    await server.db.query('update salespersons set name = $2 where id = $1', [salesperson!.id, salesperson!.name]);
  });
});
