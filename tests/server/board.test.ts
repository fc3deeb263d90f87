import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { DEFAULT_STAGE_PROBABILITIES, PIPELINE_STAGES } from '../../src/domain/opportunities/pipeline.ts';
import type { Schemas } from '../../src/api/client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Card = Schemas['OpportunityListRow'];
type Column = Schemas['BoardColumn'];

async function get<T>(email: string, url: string): Promise<{ status: number; body: T }> {
  const response = await server.app.inject({ method: 'GET', url, headers: await server.as(email) });
  return { status: response.statusCode, body: response.json() as T };
}

/** The year's whole records from the plain list call: the slow, obvious reference. */
async function reference(year: number, salesperson?: number) {
  const { body } = await get<Card[]>('rep@demo.test', `/api/opportunities/getAllData/1?year=${year}`);
  return body.filter(
    (row) => row.created_date >= `${year}-01-01` && row.created_date < `${year + 1}-01-01` && (salesperson === undefined || row.salesperson_id === salesperson),
  );
}

const cents = (amount: number) => Math.round(amount * 100);
// The board's order: revenue × probability, largest first, then by id.
const boardOrder = (a: Card, b: Card) => cents(b.revenue) * b.probability - cents(a.revenue) * a.probability || a.id - b.id;

/** Every card of a column, page after page through the cursor. */
async function wholeColumn(column: Column, query: string): Promise<Card[]> {
  const cards = [...column.cards];
  for (let last = cards.at(-1); last && cards.length < column.count; last = cards.at(-1)) {
    const cursor = `after_revenue=${last.revenue}&after_probability=${last.probability}&after_id=${last.id}`;
    const { status, body } = await get<Card[]>('rep@demo.test', `/api/opportunities/board/1/cards?${query}&stage=${encodeURIComponent(column.stage)}&${cursor}`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    cards.push(...body);
  }
  return cards;
}

describe('GET /api/opportunities/board/{tenant_id} and its columns’ pages', () => {
  test("a column per stage in the pipeline's order, with the stage's probability, count, sums, and every card through the pages", async () => {
    const all = await reference(2025);
    const { status, body } = await get<Column[]>('rep@demo.test', '/api/opportunities/board/1?year=2025');
    expect(status).toBe(200);
    expect(body.map((column) => column.stage)).toEqual(PIPELINE_STAGES);
    expect(body.map((column) => column.probability)).toEqual(PIPELINE_STAGES.map((stage) => DEFAULT_STAGE_PROBABILITIES[stage]));
    for (const column of body) {
      const rows = all.filter((row) => row.stage === column.stage).sort(boardOrder);
      expect(column.count).toBe(rows.length);
      expect(cents(column.revenue)).toBe(rows.reduce((sum, row) => sum + cents(row.revenue), 0));
      expect(column.weighted).toBeCloseTo(rows.reduce((sum, row) => sum + (row.revenue * row.probability) / 100, 0), 2);
      expect(column.cards.length).toBe(Math.min(40, rows.length));
      const cards = await wholeColumn(column, 'year=2025');
      expect(cards.map((card) => card.id)).toEqual(rows.map((row) => row.id));
    }
  });

  test("one salesperson's board holds only their deals", async () => {
    const [{ id: salesperson }] = (await server.db.query<{ id: number }>("select id from salespersons where email = 'rep@demo.test'")) as [{ id: number }];
    const mine = await reference(2025, salesperson);
    const { body } = await get<Column[]>('rep@demo.test', `/api/opportunities/board/1?year=2025&salesperson=${salesperson}`);
    expect(body.reduce((sum, column) => sum + column.count, 0)).toBe(mine.length);
    for (const column of body) {
      const cards = await wholeColumn(column, `year=2025&salesperson=${salesperson}`);
      expect(cards.every((card) => card.salesperson_id === salesperson)).toBe(true);
    }
  });

  test("another tenant's salesperson on the own board finds nothing of theirs; another tenant's board is not found", async () => {
    const [{ id: outsider }] = (await server.db.query<{ id: number }>("select s.id from salespersons s join tenants t on t.id = s.tenant_id where t.name = 'Globex' limit 1")) as [{ id: number }];
    const { body } = await get<Column[]>('rep@demo.test', `/api/opportunities/board/1?year=2025&salesperson=${outsider}`);
    expect(body.map((column) => column.count)).toEqual([0, 0, 0, 0, 0]);
    const page = await get<Card[]>('rep@demo.test', `/api/opportunities/board/1/cards?year=2025&stage=proposal&salesperson=${outsider}`);
    expect(page.body).toEqual([]);
    expect((await get('rep@demo.test', '/api/opportunities/board/2?year=2025')).status).toBe(404);
    expect((await get('rep@demo.test', '/api/opportunities/board/2/cards?year=2025&stage=proposal')).status).toBe(404);
  });

  test("a moved deal is counted in its new column at once, and a half-given cursor or unknown zone is refused", async () => {
    const { body: before } = await get<Column[]>('rep@demo.test', '/api/opportunities/board/1?year=2025');
    const deal = before[0]!.cards[0]!;
    const put = await server.app.inject({
      method: 'PUT',
      url: `/api/opportunities/${deal.id}`,
      headers: await server.as('rep@demo.test'),
      payload: { customer: deal.customer, salesperson_id: deal.salesperson_id, stage: 'proposal', created_date: deal.created_date, revenue: deal.revenue, probability: 30 },
    });
    expect(put.statusCode).toBe(200);
    const { body: after } = await get<Column[]>('rep@demo.test', '/api/opportunities/board/1?year=2025');
    expect([after[0]!.count, after[1]!.count]).toEqual([before[0]!.count - 1, before[1]!.count + 1]);
    expect(after[0]!.cards.map((card) => card.id)).not.toContain(deal.id);
    expect((await get('rep@demo.test', '/api/opportunities/board/1/cards?year=2025&stage=proposal&after_id=3')).status).toBe(400);
    const zone = await get<{ message: string }>('rep@demo.test', '/api/opportunities/board/1?year=2025&zone=Mars/Olympus');
    expect([zone.status, zone.body.message]).toEqual([400, 'Mars/Olympus is not a time zone']);
  });
});

describe('GET /api/opportunities/years/{tenant_id}', () => {
  test('names every year holding a deal, in the caller’s zone, oldest first; only the own tenant’s', async () => {
    const headers = await server.as('rep@demo.test');
    const { body: before } = await get<number[]>('rep@demo.test', '/api/opportunities/years/1');
    expect(before).toEqual([2025, 2026]);
    const [{ id: salesperson }] = (await server.db.query<{ id: number }>("select id from salespersons where email = 'rep@demo.test'")) as [{ id: number }];
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/opportunities',
      headers,
      payload: { customer: 'Far Future GmbH', salesperson_id: salesperson, stage: 'qualification', created_date: '2031-12-31T23:30:00Z', revenue: 10, probability: 10 },
    });
    expect(created.statusCode).toBe(201);
    expect((await get<number[]>('rep@demo.test', '/api/opportunities/years/1')).body).toEqual([2025, 2026, 2031]);
    // Half an hour before 2032 in UTC is 2032 in Berlin.
    expect((await get<number[]>('rep@demo.test', '/api/opportunities/years/1?zone=Europe/Berlin')).body).toEqual([2025, 2026, 2032]);
    expect((await get<number[]>('admin@globex.test', '/api/opportunities/years/2')).body).not.toContain(2031);
    await server.db.query('delete from opportunities where id = $1', [created.json().id]);
  });

  test('names the years of calendar events too: a timed one in the caller’s zone, an all-day one by its UTC dates', async () => {
    const headers = await server.as('rep@demo.test');
    const event = (title: string, starts_at: string, ends_at: string, all_day: boolean) =>
      server.app.inject({ method: 'POST', url: '/api/calendar', headers, payload: { title, starts_at, ends_at, all_day, location: '', salesperson_id: null, notes: '' } });
    const timed = await event('Old review', '2023-12-31T23:30:00Z', '2023-12-31T23:45:00Z', false);
    const allDay = await event('Far fair', '2034-01-01T00:00:00Z', '2034-01-01T00:00:00Z', true);
    expect([timed.statusCode, allDay.statusCode]).toEqual([201, 201]);
    expect((await get<number[]>('rep@demo.test', '/api/opportunities/years/1')).body).toEqual([2023, 2025, 2026, 2034]);
    // New York's evening of 31 December 2033 is still the fair's day, 1 January 2034; Berlin is in 2024 already.
    const newYork = (await get<number[]>('rep@demo.test', '/api/opportunities/years/1?zone=America/New_York')).body;
    expect([newYork.includes(2033), newYork.includes(2034), newYork.includes(2023)]).toEqual([false, true, true]);
    expect((await get<number[]>('rep@demo.test', '/api/opportunities/years/1?zone=Europe/Berlin')).body).toEqual([2024, 2025, 2026, 2034]);
    expect((await get<number[]>('admin@globex.test', '/api/opportunities/years/2')).body).not.toContain(2034);
    await server.db.query('delete from calendar_events where id = any($1::int[])', [[timed.json().id, allDay.json().id]]);
  });
});

describe('the column sums and list totals', () => {
  // Behind UTC, ahead by a quarter hour's multiple, and ahead by 14 hours: the years' ends fall within UTC days.
  const ZONES = ['America/New_York', 'Asia/Kathmandu', 'Pacific/Kiritimati'];
  type Sum = { stage: string; count: number; revenue: number; weighted: number };

  /** The year's sums per stage from the opportunities themselves: the slow, obvious reference. */
  async function referenceSums(tenantId: number, year: number, zone: string): Promise<Sum[]> {
    return server.db.query<Sum>(
      `select stage, count(*)::int as count, sum(revenue)::float8 as revenue, (sum(revenue * probability) / 100)::float8 as weighted
       from opportunities where tenant_id = $1
         and created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, $3::text) and created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, $3::text)
       group by stage order by stage`,
      [tenantId, year, zone],
    );
  }

  const DEMO = [[1, 'rep@demo.test']] as const;
  const BOTH = [...DEMO, [2, 'admin@globex.test']] as const;

  /** Every zone's board and list totals of both years agree with the reference. */
  async function expectSums(tenants: readonly (readonly [number, string])[] = DEMO): Promise<void> {
    for (const [tenantId, email] of tenants) {
      for (const year of [2025, 2026]) {
        for (const zone of ZONES) {
          const expected = await referenceSums(tenantId, year, zone);
          const { body } = await get<Column[]>(email, `/api/opportunities/board/${tenantId}?year=${year}&zone=${zone}`);
          const shown = body.filter((column) => column.count > 0).map(({ stage, count, revenue, weighted }) => ({ stage, count, revenue, weighted }));
          expect(shown.sort((a, b) => a.stage.localeCompare(b.stage)), `${email} ${year} ${zone}`).toEqual(expected);
          const { body: list } = await get<{ total: number; revenue: number; weighted: number }>(email, `/api/opportunities/page/${tenantId}?year=${year}&zone=${zone}`);
          expect(list.total).toBe(expected.reduce((sum, stage) => sum + stage.count, 0));
          expect(cents(list.revenue)).toBe(expected.reduce((sum, stage) => sum + cents(stage.revenue), 0));
          const proposal = expected.find((stage) => stage.stage === 'proposal');
          const { body: stagePage } = await get<{ total: number; weighted: number }>(email, `/api/opportunities/page/${tenantId}?year=${year}&zone=${zone}&stage=proposal`);
          expect([stagePage.total, stagePage.weighted]).toEqual([proposal?.count ?? 0, proposal?.weighted ?? 0]);
        }
      }
    }
  }

  test('stay those of the opportunities through writes of every kind, at the ends of the year in every zone, for each tenant alone', async () => {
    const headers = await server.as('rep@demo.test');
    const [{ id: salesperson }] = (await server.db.query<{ id: number }>("select id from salespersons where email = 'rep@demo.test'")) as [{ id: number }];
    await expectSums(BOTH);

    // Through the API: near New Year, where the zones disagree on the year and the UTC day.
    const payload = (created_date: string, stage: string, revenue: number) => ({ customer: 'Edge GmbH', salesperson_id: salesperson, stage, created_date, revenue, probability: 35 });
    const created = await server.app.inject({ method: 'POST', url: '/api/opportunities', headers, payload: payload('2025-12-31T23:30:00Z', 'qualification', 1000.55) });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const moved = await server.app.inject({ method: 'PUT', url: `/api/opportunities/${id}`, headers, payload: payload('2026-01-01T04:00:00Z', 'proposal', 2000.1) });
    expect(moved.statusCode).toBe(200);
    await expectSums();

    // In SQL, many rows in a statement, a stage no pipeline names, and rows moved across days and stages.
    const inserted = await server.db.query<{ id: number }>(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select 1, $1, 'Bulk ' || n, case when n % 3 = 0 then 'on hold' else 'proposal' end, '2025-12-31T12:00:00Z'::timestamptz + n * interval '37 minutes', n * 10.25, n % 101
       from generate_series(1, 60) as n returning id`,
      [salesperson],
    );
    const ids = inserted.map((row) => row.id);
    await server.db.query(`update opportunities set stage = 'negotiation', created_date = created_date - interval '9 hours', revenue = revenue + 1 where id = any($1::int[]) and id % 2 = 0`, [ids]);
    // What most saves are: the amount changed, the day and stage kept.
    await server.db.query('update opportunities set revenue = revenue + 0.5, probability = 77 where id = any($1::int[]) and id % 2 = 1', [ids]);
    await expectSums();
    await server.db.query('delete from opportunities where id = any($1::int[]) and id % 5 = 0', [ids]);

    // Gone through the API and in SQL: the sums are the seed's again.
    expect((await server.app.inject({ method: 'DELETE', url: `/api/opportunities/${id}`, headers })).statusCode).toBe(204);
    await server.db.query('delete from opportunities where id = any($1::int[])', [ids]);
    await expectSums(BOTH);
  });
});
