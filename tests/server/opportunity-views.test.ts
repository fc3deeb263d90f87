import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import type { Opportunity, Schemas } from '../../src/api/client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Row = Schemas['OpportunityListRow'];
type Page = Schemas['OpportunityPage'];

async function get<T>(email: string, url: string): Promise<{ status: number; body: T }> {
  const response = await server.app.inject({ method: 'GET', url, headers: await server.as(email) });
  return { status: response.statusCode, body: response.json() as T };
}

/** The whole records of the wide year, and the names of the salespersons: the slow, obvious reference. */
async function reference(year: number, start: string, end: string) {
  const { body: records } = await get<Opportunity[]>('rep@demo.test', `/api/opportunities/getAllData/1?year=${year}`);
  const { body: people } = await get<{ id: number; name: string }[]>('rep@demo.test', '/api/salespersons/getAllData/1');
  const names = new Map(people.map((person) => [person.id, person.name]));
  return records
    .filter((record) => record.created_date >= start && record.created_date < end)
    .map((record) => ({ ...record, salesperson_name: names.get(record.salesperson_id)!, weighted: (record.revenue * record.probability) / 100 }));
}

const cents = (amount: number) => Math.round(amount * 100);
const matching = (rows: Row[], text: string) =>
  rows.filter((row) => `${row.customer}|${row.salesperson_name}|${row.stage}`.toLowerCase().includes(text.toLowerCase()));

describe('GET /api/opportunities/page/{tenant_id}', () => {
  test('a page of ten of the local year, newest first, with the totals of every opportunity found', async () => {
    // Kiritimati is UTC+14 all year: its 2025 runs from 2024-12-31T10:00Z.
    const expected = await reference(2025, '2024-12-31T10:00:00Z', '2025-12-31T10:00:00Z');
    const { status, body } = await get<Page>('rep@demo.test', '/api/opportunities/page/1?year=2025&zone=Pacific/Kiritimati');
    expect(status).toBe(200);
    expect(body.total).toBe(expected.length);
    expect(cents(body.revenue)).toBe(expected.reduce((sum, row) => sum + cents(row.revenue), 0));
    expect(body.weighted).toBeCloseTo(expected.reduce((sum, row) => sum + row.weighted, 0), 2);
    const newest = [...expected].sort((a, b) => b.created_date.localeCompare(a.created_date) || a.id - b.id).slice(0, 10);
    expect(body.rows).toEqual(newest.map(({ weighted: _, ...row }) => row));
  });

  test.each([
    ['a part of a customer', (rows: Row[]) => rows[0]!.customer.slice(1, 6)],
    ["a part of a salesperson's name", (rows: Row[]) => rows[0]!.salesperson_name.slice(-5)],
    ['a part of a stage', () => 'GOTIAT'],
    // Too short for the trigram indexes: the first of these that some rows hold and others not.
    ['two letters (read row by row)', (rows: Row[]) => ['po', 'os', 'ti', 'eg', 'ua'].find((text) => matching(rows, text).length % rows.length !== 0)!],
  ])('a search for %s finds what holds it anywhere, and only that', async (_, textOf) => {
    const all = await reference(2025, '2025-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    const text = textOf(all);
    const found = matching(all, text);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(all.length);
    const { body } = await get<Page>('rep@demo.test', `/api/opportunities/page/1?year=2025&zone=UTC&search=${encodeURIComponent(text)}&sort=customer&direction=ascending`);
    expect(body.total).toBe(found.length);
    expect(cents(body.revenue)).toBe(found.reduce((sum, row) => sum + cents(row.revenue), 0));
  });

  test('searches customer, salesperson and stage regardless of case, sorts as asked, ties by id, and answers the last page for one past it', async () => {
    const all = await reference(2025, '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    const found = all.filter((row) => `${row.customer}|${row.salesperson_name}|${row.stage}`.toLowerCase().includes('won'));
    const byRevenue = [...found].sort((a, b) => a.revenue - b.revenue || a.id - b.id);
    const lastPage = Math.ceil(found.length / 10);
    const { body } = await get<Page>('rep@demo.test', `/api/opportunities/page/1?year=2025&search=WON&sort=revenue&direction=ascending&page=${lastPage + 3}`);
    expect(body.total).toBe(found.length);
    expect(body.page).toBe(lastPage);
    expect(body.rows.map((row) => row.id)).toEqual(byRevenue.slice((lastPage - 1) * 10).map((row) => row.id));
  });

  test("a stage and 'mine' (the caller's own salesperson's) narrow the page and its totals", async () => {
    const all = await reference(2025, '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    const [rep] = await server.db.query<{ id: number }>(
      "select s.id from salespersons s join users u on u.id = s.user_id where u.email = 'rep@demo.test'",
    );
    const expected = all.filter((row) => row.stage === 'proposal' && row.salesperson_id === rep!.id);
    expect(expected.length).toBeGreaterThan(0);
    const { body } = await get<Page>('rep@demo.test', '/api/opportunities/page/1?year=2025&stage=proposal&mine=true');
    expect(body.total).toBe(expected.length);
    expect(body.rows.every((row) => row.stage === 'proposal' && row.salesperson_id === rep!.id)).toBe(true);
    // 'Mine' is the caller's: the manager's own salesperson has other opportunities.
    const { body: managers } = await get<Page>('manager@demo.test', '/api/opportunities/page/1?year=2025&stage=proposal&mine=true');
    expect(managers.rows.some((row) => row.salesperson_id === rep!.id)).toBe(false);
  });

  test("a search's pattern characters are taken literally", async () => {
    const { body } = await get<Page>('rep@demo.test', '/api/opportunities/page/1?year=2025&search=%25');
    expect(body.total).toBe(0);
  });

  test('a search finds stages that only a write in SQL gave, the last in order included', async () => {
    const [spot] = await server.db.query<{ id: number }>(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 1, id, 'Stage Search Customer', 'on hold', '2025-06-01T12:00:00Z', 10, 10 from salespersons where tenant_id = 1 order by id limit 1
       returning id`,
    );
    // A stage after every other in order, so that the stages are read to their end; another tenant's stays out.
    await server.db.query(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select tenant_id, id, 'Stage Search Customer', 'zz parked', '2025-06-01T12:00:00Z', 10, 10
       from (select distinct on (tenant_id) tenant_id, id from salespersons where tenant_id in (1, 2) order by tenant_id, id) as first_of_each`,
    );
    const held = await get<Page>('rep@demo.test', '/api/opportunities/page/1?year=2025&zone=UTC&search=N%20HOL');
    expect(held.body.rows.map((row) => row.id)).toEqual([spot!.id]);
    const parked = await get<Page>('rep@demo.test', '/api/opportunities/page/1?year=2025&zone=UTC&search=parked');
    expect(parked.body.rows.map((row) => row.stage)).toEqual(['zz parked']);
    expect(parked.body.total).toBe(1);
    await server.db.query("delete from opportunities where customer = 'Stage Search Customer'");
  });

  test('another tenant, an unknown zone or sort is refused', async () => {
    expect((await get('rep@demo.test', '/api/opportunities/page/2?year=2025')).status).toBe(404);
    const zone = await get<{ message: string }>('rep@demo.test', '/api/opportunities/page/1?year=2025&zone=Mars/Olympus');
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe('Mars/Olympus is not a time zone');
    expect((await get('rep@demo.test', '/api/opportunities/page/1?year=2025&sort=id;drop')).status).toBe(400);
  });
});
