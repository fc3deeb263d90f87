import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { ADMIN, SUPER_ADMIN, answer, answerInstant, cents, DEMO_TENANT, expectAll, REP, tenThousandths, type Comparison } from '../support/from-scratch.ts';

// Every answer made of a year's opportunities (the analysis, the year's list, the list's pages,
// the calendar's days, the board and its further cards, the years offered) equals what a plain
// read of the opportunities says, on the demo data and after every kind of write, through the
// API or straight into the tables, those that move a deal across a year's end included.

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

/** The years and time zones compared: the seed's two years and their neighbours; zones at both ends of the world's offsets. */
const YEARS = [2024, 2025, 2026, 2027];
const ZONES = ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles'];
const KNOWN_STAGES = ['qualification', 'proposal', 'negotiation', 'closed won', 'closed lost'];

interface Row {
  id: number;
  created_date: Date;
  customer: string;
  stage: string;
  revenue: number;
  probability: number;
  salesperson_id: number;
  salesperson_name: string;
}

// A year taken wide: from 14 hours before its first UTC instant to 14 hours after its last.
const WIDE_YEAR = `o.created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC') - interval '14 hours'
  and o.created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, 'UTC') + interval '14 hours'`;
// A calendar year in the time zone $3.
const LOCAL_YEAR = 'extract(year from o.created_date at time zone $3::text) = $2::int';

async function wideYearFromScratch(year: number, tenant = DEMO_TENANT): Promise<Row[]> {
  return sql<Row>(
    `select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id
     from opportunities o where o.tenant_id = $1 and ${WIDE_YEAR} order by o.created_date, o.id`,
    [tenant, year],
  );
}

const listRow = (row: Row) => ({
  id: row.id,
  created_date: answerInstant(row.created_date),
  customer: row.customer,
  stage: row.stage,
  revenue: row.revenue,
  probability: row.probability,
  salesperson_id: row.salesperson_id,
  salesperson_name: row.salesperson_name,
});

/** Money summed exactly, in cents and in ten-thousandths (revenue × probability / 100). */
function sums(rows: readonly Row[]) {
  return {
    revenue: rows.reduce((sum, row) => sum + cents(row.revenue), 0),
    weighted: rows.reduce((sum, row) => sum + cents(row.revenue) * row.probability, 0),
  };
}

const SORTS = {
  date: 'o.created_date',
  customer: 'lower(o.customer)',
  salesperson: "lower(coalesce(s.name, ''))",
  stage: 'lower(o.stage)',
  revenue: 'o.revenue',
  weighted: 'o.revenue * o.probability',
} as const;

interface PageAsked {
  year: number;
  zone?: string;
  search?: string;
  sort?: keyof typeof SORTS;
  direction?: 'ascending' | 'descending';
  stage?: string;
  mine?: boolean;
  page?: number;
}

/**
 * The opportunity list's page: the local year's opportunities whose customer, salesperson's
 * name or stage contains the text regardless of case, of the stage and the caller's own when
 * asked, in the order asked (ties by id), ten to a page, the last page for one past it.
 */
async function pageFromScratch(asked: PageAsked, callerEmail: string) {
  const search = (asked.search ?? '').trim();
  const pattern = search === '' ? null : `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await sql<Row>(
    `select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id, coalesce(s.name, '') as salesperson_name
     from opportunities o left join salespersons s on s.id = o.salesperson_id
     where o.tenant_id = $1 and ${LOCAL_YEAR}
       and ($4::text is null or o.customer ilike $4 or s.name ilike $4 or o.stage ilike $4)
       and ($5::text is null or o.stage = $5)
       and (not $6::boolean or s.user_id = (select id from users where email = $7))
     order by ${SORTS[asked.sort ?? 'date']} ${asked.direction === 'ascending' ? 'asc' : 'desc'}, o.id asc`,
    [DEMO_TENANT, asked.year, asked.zone ?? 'UTC', pattern, asked.stage || null, asked.mine === true, callerEmail],
  );
  const page = Math.min(asked.page ?? 1, Math.max(1, Math.ceil(rows.length / 10)));
  return { page, total: rows.length, ...sums(rows), rows: rows.slice((page - 1) * 10, page * 10).map(listRow) };
}

interface PageAnswer {
  page: number;
  total: number;
  revenue: number;
  weighted: number;
  rows: unknown[];
}

// Each sort in each direction, searches short and long, a stage, the caller's own, zones, a page past the last, an empty year.
const PAGES: PageAsked[] = [
  { year: 2025 },
  { year: 2026, zone: 'Pacific/Kiritimati', page: 2 },
  { year: 2025, sort: 'customer', direction: 'ascending', page: 3 },
  { year: 2026, sort: 'salesperson' },
  { year: 2025, sort: 'stage', direction: 'ascending', zone: 'America/Los_Angeles' },
  { year: 2025, sort: 'revenue', search: 'won' },
  { year: 2026, sort: 'weighted', direction: 'ascending', search: 'scratch' },
  { year: 2025, search: 'co', stage: 'proposal', page: 2 },
  { year: 2025, mine: true, search: 'a', page: 100_000 },
  { year: 2027 },
];

async function daysFromScratch(year: number, zone: string, tenant = DEMO_TENANT) {
  const rows = await sql<{ id: number; date: string; revenue: number; probability: number }>(
    `select o.id, to_char((o.created_date at time zone $3::text)::date, 'YYYY-MM-DD') as date, o.revenue, o.probability
     from opportunities o where o.tenant_id = $1 and ${LOCAL_YEAR} order by 2`,
    [tenant, year, zone],
  );
  const days = new Map<string, { date: string; opportunities: number; revenue: number; weighted: number }>();
  for (const row of rows) {
    const day = days.get(row.date) ?? { date: row.date, opportunities: 0, revenue: 0, weighted: 0 };
    day.opportunities += 1;
    day.revenue += cents(row.revenue);
    day.weighted += cents(row.revenue) * row.probability;
    days.set(row.date, day);
  }
  return [...days.values()];
}

/** The board's rows of a local year (of one salesperson or all), each column's in its order: weighted value, largest first, then id. */
async function boardRowsFromScratch(year: number, zone: string, salesperson: number | null): Promise<Row[]> {
  return sql<Row>(
    `select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id, coalesce(s.name, '') as salesperson_name
     from opportunities o left join salespersons s on s.id = o.salesperson_id
     where o.tenant_id = $1 and ${LOCAL_YEAR} and ($4::int is null or o.salesperson_id = $4)
     order by o.revenue * o.probability desc, o.id asc`,
    [DEMO_TENANT, year, zone, salesperson],
  );
}

/** The known stages always and in order, any other after them by name; each with its count, sums and first 40 cards. */
async function boardFromScratch(year: number, zone: string, salesperson: number | null) {
  const rows = await boardRowsFromScratch(year, zone, salesperson);
  const [{ stage_probabilities: probabilities }] = (await sql<{ stage_probabilities: Record<string, number> }>(
    'select stage_probabilities from tenants where id = $1',
    [DEMO_TENANT],
  )) as [{ stage_probabilities: Record<string, number> }];
  const others = [...new Set(rows.map((row) => row.stage).filter((stage) => !KNOWN_STAGES.includes(stage)))].sort();
  return [...KNOWN_STAGES, ...others].map((stage) => {
    const column = rows.filter((row) => row.stage === stage);
    return {
      stage,
      probability: KNOWN_STAGES.includes(stage) ? probabilities[stage]! : null,
      count: column.length,
      ...sums(column),
      cards: column.slice(0, 40).map(listRow),
    };
  });
}

interface BoardColumn {
  stage: string;
  probability: number | null;
  count: number;
  revenue: number;
  weighted: number;
  cards: { id: number; revenue: number; probability: number }[];
}

const boardWithExactSums = (columns: BoardColumn[]) => columns.map((column) => ({ ...column, revenue: cents(column.revenue), weighted: tenThousandths(column.weighted) }));

/** The years of opportunities (in the zone), timed events' starts and ends (in the zone) and all-day events' days (UTC dates). */
async function yearsFromScratch(zone: string): Promise<number[]> {
  const rows = await sql<{ year: number }>(
    `select distinct year from (
       select extract(year from created_date at time zone $2::text)::int as year from opportunities where tenant_id = $1
       union all select extract(year from starts_at at time zone $2::text)::int from calendar_events where tenant_id = $1 and not all_day
       union all select extract(year from ends_at at time zone $2::text)::int from calendar_events where tenant_id = $1 and not all_day
       union all select extract(year from starts_at at time zone 'UTC')::int from calendar_events where tenant_id = $1 and all_day
       union all select extract(year from ends_at at time zone 'UTC')::int from calendar_events where tenant_id = $1 and all_day
     ) as years order by year`,
    [DEMO_TENANT, zone],
  );
  return rows.map((row) => row.year);
}

/** Another tenant's caller: its answers hold its own rows only, whatever the demo tenant's writes. */
const GLOBEX_ADMIN = 'admin@globex.test';
const globexTenant = async () => (await sql<{ id: number }>(`select id from tenants where name = 'Globex'`))[0]!.id;

const repSalespersonId = async () => (await sql<{ id: number }>('select id from salespersons where email = $1', [REP]))[0]!.id;

const comparisons: Record<string, Comparison> = {
  "the analysis of each year, oldest first": async () => {
    for (const year of YEARS) {
      const answered = await answer(server, REP, 'POST', '/api/opportunities/anlaysis', { year, tenantId: DEMO_TENANT });
      const expected = (await wideYearFromScratch(year)).map((row) => ({
        created_date: answerInstant(row.created_date),
        revenue: row.revenue,
        probability: row.probability,
        salesperson_id: row.salesperson_id,
      }));
      expect(answered, `${year}`).toEqual(expected);
    }
  },
  "each year's opportunities, by created_date then id": async () => {
    for (const year of YEARS) {
      const answered = await answer(server, REP, 'GET', `/api/opportunities/getAllData/${DEMO_TENANT}?year=${year}`);
      const expected = (await wideYearFromScratch(year)).map((row) => ({
        id: row.id,
        created_date: answerInstant(row.created_date),
        revenue: row.revenue,
        probability: row.probability,
        salesperson_id: row.salesperson_id,
        customer: row.customer,
        stage: row.stage,
      }));
      expect(answered, `${year}`).toEqual(expected);
    }
  },
  "the opportunity list's pages": async () => {
    for (const asked of PAGES) {
      const { year, ...rest } = asked;
      const query = new URLSearchParams({ year: String(year), ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)])) });
      const answered = await answer<PageAnswer>(server, REP, 'GET', `/api/opportunities/page/${DEMO_TENANT}?${query}`);
      expect({ ...answered, revenue: cents(answered.revenue), weighted: tenThousandths(answered.weighted) }, JSON.stringify(asked)).toEqual(await pageFromScratch(asked, REP));
    }
  },
  "the calendar's days of each year": async () => {
    for (const [year, zone] of [
      [2025, 'UTC'],
      [2025, 'America/Los_Angeles'],
      [2026, 'Pacific/Kiritimati'],
      [2026, 'UTC'],
    ] as const) {
      const url = `/api/opportunities/days/${DEMO_TENANT}?year=${year}&zone=${encodeURIComponent(zone)}`;
      const answered = await answer<{ date: string; opportunities: number; revenue: number; weighted: number }[]>(server, REP, 'GET', url);
      const exact = answered.map((day) => ({ ...day, revenue: cents(day.revenue), weighted: tenThousandths(day.weighted) }));
      expect(exact, `${year} ${zone}`).toEqual(await daysFromScratch(year, zone));
    }
  },
  'the board of each year, whole and of one salesperson': async () => {
    const rep = await repSalespersonId();
    for (const [year, zone, salesperson] of [
      [2025, 'UTC', null],
      [2026, 'Pacific/Kiritimati', null],
      [2025, 'America/Los_Angeles', rep],
      [2027, 'UTC', null],
    ] as const) {
      const query = `year=${year}&zone=${encodeURIComponent(zone)}${salesperson === null ? '' : `&salesperson=${salesperson}`}`;
      const answered = await answer<BoardColumn[]>(server, REP, 'GET', `/api/opportunities/board/${DEMO_TENANT}?${query}`);
      expect(boardWithExactSums(answered), query).toEqual(await boardFromScratch(year, zone, salesperson));
    }
  },
  "the board's further cards, after a card and from the top": async () => {
    const rows = await boardRowsFromScratch(2025, 'UTC', null);
    for (const stage of [...new Set(rows.map((row) => row.stage))]) {
      const column = rows.filter((row) => row.stage === stage);
      const base = `/api/opportunities/board/${DEMO_TENANT}/cards?year=2025&stage=${encodeURIComponent(stage)}`;
      expect(await answer(server, REP, 'GET', base), stage).toEqual(column.slice(0, 40).map(listRow));
      const after = column[39];
      if (!after) continue;
      const next = await answer(server, REP, 'GET', `${base}&after_revenue=${after.revenue}&after_probability=${after.probability}&after_id=${after.id}`);
      expect(next, `${stage} after ${after.id}`).toEqual(column.slice(40, 80).map(listRow));
    }
  },
  "another tenant's analysis, year and days": async () => {
    const tenant = await globexTenant();
    for (const year of [2025, 2026]) {
      const analysis = await answer<{ created_date: string }[]>(server, GLOBEX_ADMIN, 'POST', '/api/opportunities/anlaysis', { year, tenantId: tenant });
      expect(analysis.map((entry) => entry.created_date), `${year}`).toEqual((await wideYearFromScratch(year, tenant)).map((row) => answerInstant(row.created_date)));
      const listed = await answer<{ id: number }[]>(server, GLOBEX_ADMIN, 'GET', `/api/opportunities/getAllData/${tenant}?year=${year}`);
      expect(listed.map((row) => row.id), `${year}`).toEqual((await wideYearFromScratch(year, tenant)).map((row) => row.id));
      const days = await answer<{ date: string; opportunities: number }[]>(server, GLOBEX_ADMIN, 'GET', `/api/opportunities/days/${tenant}?year=${year}`);
      expect(days.map(({ date, opportunities }) => ({ date, opportunities })), `${year}`).toEqual(
        (await daysFromScratch(year, 'UTC', tenant)).map(({ date, opportunities }) => ({ date, opportunities })),
      );
    }
  },
  'the years offered': async () => {
    for (const zone of ZONES) {
      expect(await answer(server, REP, 'GET', `/api/opportunities/years/${DEMO_TENANT}?zone=${encodeURIComponent(zone)}`), zone).toEqual(await yearsFromScratch(zone));
    }
  },
};

const expectEveryAnswer = (when: string) => expectAll(comparisons, when);

const salespersonIds = async () => (await sql<{ id: number }>('select id from salespersons where tenant_id = $1 order by id', [DEMO_TENANT])).map((row) => row.id);

describe("the year's opportunity answers, read from scratch", () => {
  test('equal the opportunities on the demo data', async () => {
    await expectEveryAnswer('on the demo data');
    // The data reaches what is compared: a column with further cards, pages of the caller's own.
    expect((await boardRowsFromScratch(2025, 'UTC', null)).filter((row) => row.stage === 'proposal').length).toBeGreaterThan(40);
    expect((await pageFromScratch({ year: 2025, mine: true }, REP)).total).toBeGreaterThan(10);
  });

  test('after writes through the API: deals created, moved across a year, changed, reassigned, imported and deleted; names and settings changed', async () => {
    await expectEveryAnswer('before the API writes');
    const [first, second] = await salespersonIds();
    const write = (change: Record<string, unknown> = {}) => ({
      customer: 'Scratch Deal Co',
      salesperson_id: first,
      stage: 'proposal',
      created_date: '2025-12-31T20:00:00Z',
      revenue: 1234.56,
      probability: 35,
      ...change,
    });
    // Late on the year's last UTC day: in Kiritimati it is already the next year.
    const created = await answer<{ id: number }>(server, REP, 'POST', '/api/opportunities', write());
    const secondDeal = await answer<{ id: number }>(server, REP, 'POST', '/api/opportunities', write({ created_date: '2026-03-01T08:00:00.250Z', revenue: 0.01, probability: 100 }));
    await expectEveryAnswer('after deals were created');

    await answer(other, REP, 'PUT', `/api/opportunities/${created.id}`, write({ created_date: '2026-01-01T02:00:00Z', stage: 'closed won', revenue: 99_999.99 }));
    await answer(server, REP, 'PUT', `/api/opportunities/${secondDeal.id}`, write({ created_date: '2024-12-31T23:59:59Z', customer: 'Scratch Other', salesperson_id: second }));
    await expectEveryAnswer('after deals moved across year ends');

    await answer(other, ADMIN, 'POST', '/api/bulk/opportunities/reassign', { ids: [created.id, secondDeal.id], salesperson_id: await repSalespersonId() });
    await expectEveryAnswer('after deals were reassigned');

    const imported = await other.app.inject({
      method: 'POST',
      url: '/api/csv/import/opportunities',
      headers: await other.as(ADMIN),
      payload: {
        rows: [
          { customer: 'Scratch Imported', salesperson_id: first, stage: 'negotiation', created_date: '2025-06-30', revenue: 10, probability: 60 },
          { customer: 'scratch imported', salesperson_id: second, stage: 'qualification', created_date: '2027-01-01', revenue: 20.5, probability: 10 },
        ],
      },
    });
    expect(imported.body).toContain('"imported":2');
    await expectEveryAnswer('after an import');

    // Names the lists and board show: a salesperson's (through their user) and the stages' probabilities.
    const [repUser] = await sql<{ id: number; email: string; role_id: number }>('select id, email, role_id from users where email = $1', [REP]);
    await answer(server, ADMIN, 'PUT', `/api/users/nohash/${repUser!.id}`, { name: 'Aaron Scratch', email: repUser!.email, password: '********', role_id: repUser!.role_id });
    await answer(other, SUPER_ADMIN, 'PUT', '/api/tenant/settings', {
      currency: 'EUR',
      stage_probabilities: { qualification: 5, proposal: 25, negotiation: 55, 'closed won': 100, 'closed lost': 0 },
    });
    await expectEveryAnswer("after a salesperson's name and the stages' probabilities changed");

    await answer(server, REP, 'DELETE', `/api/opportunities/${created.id}`);
    await answer(server, ADMIN, 'POST', '/api/bulk/opportunities/delete', { ids: [secondDeal.id] });
    await expectEveryAnswer('after deals were deleted');
  });

  test('after writes in SQL: rows inserted, moved across years, changed and deleted; a salesperson renamed; the table truncated', async () => {
    await expectEveryAnswer('before the SQL writes');
    const [first, second] = await salespersonIds();
    await sql(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select $1, case when n % 2 = 0 then $2::int else $3::int end, 'Sql Scratch ' || (n % 3), (array['proposal', 'closed won', 'custom stage'])[1 + n % 3],
              timestamptz '2025-12-31T10:00:00Z' + n * interval '1 hour 7 minutes 0.4 seconds', 100 * n + 0.33, (n * 7) % 101
       from generate_series(1, 30) as n`,
      [DEMO_TENANT, first, second],
    );
    await expectEveryAnswer('after deals were inserted around a year end');

    // Another tenant's deals written and moved: its answers change, the demo tenant's do not.
    await sql(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select tenant_id, id, 'Globex Sql Deal', 'proposal', '2025-12-31T23:59:59.999Z', 77, 70 from salespersons where tenant_id = $1 order by id limit 1`,
      [await globexTenant()],
    );
    await sql(`update opportunities set created_date = created_date + interval '1 day' where id = (select min(id) from opportunities where tenant_id = $1)`, [await globexTenant()]);
    await expectEveryAnswer("after another tenant's deals were written");

    await sql(`update opportunities set created_date = created_date - interval '1 year' where customer = 'Sql Scratch 1'`);
    await sql(`update opportunities set created_date = '2027-06-01T00:00:00Z', stage = 'another stage' where customer = 'Sql Scratch 2'`);
    await expectEveryAnswer('after deals moved across years in SQL');

    await sql(`update opportunities set revenue = revenue * 3, probability = 100 - probability, customer = 'Sql Renamed' where tenant_id = $1 and id % 17 = 0`, [DEMO_TENANT]);
    await sql(`update salespersons set name = 'Aardvark Sql' where id = $1`, [second]);
    await expectEveryAnswer('after deals and a salesperson changed in SQL');

    await sql(`update tenants set stage_probabilities = stage_probabilities || '{"proposal": 40}'::jsonb where id = $1`, [DEMO_TENANT]);
    await sql(`delete from opportunities where tenant_id = $1 and (id % 5 = 0 or customer like 'Sql Scratch%')`, [DEMO_TENANT]);
    await expectEveryAnswer('after deals were deleted in SQL');

    await sql('truncate opportunities cascade');
    await expectEveryAnswer('after the opportunities were truncated');

    // New deals after a truncation: the versions must move past every one an answer was sent under.
    await sql(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       values ($1, $2, 'After Truncate', 'proposal', '2025-07-01T00:00:00Z', 100, 50), ($1, $2, 'After Truncate', 'proposal', '2026-01-01T00:00:00Z', 200, 50)`,
      [DEMO_TENANT, second],
    );
    await expectEveryAnswer('after new deals were written into the truncated table');
  });
});
