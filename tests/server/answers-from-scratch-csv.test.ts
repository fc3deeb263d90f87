import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/domain/csv/csv.ts';
import { ACTIVITY_LIST_ORDER, matchesSearch, type ActivitySortKey } from '../../src/domain/activities/list-view.ts';
import { sortListRows } from '../../src/domain/lists/sort.ts';
import type { Schemas } from '../../src/api/client.ts';
import { customersOfSums, matchesCustomerSearch, sortCustomers, type CustomerSortKey } from '../../src/domain/opportunities/customers.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { ADMIN, answer, answerInstant, customerSummariesFromScratch, DEMO_TENANT, expectAll, REP, SUPER_ADMIN, type Comparison } from '../support/from-scratch.ts';

// The CSV exports hold the rows their lists show, as a plain read of the tables says, on the
// demo data and after writes through the API and in SQL: the opportunities of a year (searched
// and sorted as the list's page takes it, or not), the customers and activities in the order
// they were created or sorted as their lists sort them, and the users.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sql = <Row>(text: string, params: unknown[] = []) => server.db.query<Row>(text, params);

async function exportedFile(email: string, query: string): Promise<string> {
  const response = await server.app.inject({ method: 'GET', url: `/api/csv/export/${query}`, headers: await server.as(email) });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.body;
}

/** The file's cells as read back: reading takes away the apostrophe written before text that reads as a formula. */
const exported = async (email: string, query: string): Promise<string[][]> => parseCsv(await exportedFile(email, query));

const OPPORTUNITY_SORTS = { date: 'o.created_date', customer: 'lower(o.customer)', salesperson: "lower(coalesce(s.name, ''))", revenue: 'o.revenue' } as const;

/** The opportunities of a local year (or every year) holding the text, in the list's order (ties by id); each with its salesperson and weighted revenue to the cent. */
async function opportunitiesFromScratch({ year, zone = 'UTC', search = '', sort = 'date', direction = 'descending' }: { year?: number; zone?: string; search?: string; sort?: keyof typeof OPPORTUNITY_SORTS; direction?: string }) {
  const pattern = search === '' ? null : `%${search}%`;
  const rows = await sql<{ created_day: string; customer: string; name: string; email: string; stage: string; revenue: number; probability: number }>(
    `select to_char(o.created_date at time zone 'UTC', 'YYYY-MM-DD') as created_day, o.customer, coalesce(s.name, '') as name, coalesce(s.email, '') as email,
            o.stage, o.revenue, o.probability
     from opportunities o left join salespersons s on s.id = o.salesperson_id
     where o.tenant_id = $1 and ($2::int is null or extract(year from o.created_date at time zone $3::text) = $2::int)
       and ($4::text is null or o.customer ilike $4 or s.name ilike $4 or o.stage ilike $4)
     order by ${OPPORTUNITY_SORTS[sort]} ${direction === 'ascending' ? 'asc' : 'desc'}, o.id asc`,
    [DEMO_TENANT, year ?? null, zone, pattern],
  );
  return [
    ['Created', 'Customer', 'Salesperson', 'Salesperson email', 'Stage', 'Revenue', 'Probability', 'Weighted revenue'],
    ...rows.map((row) => [
      row.created_day,
      row.customer,
      row.name,
      row.email,
      row.stage,
      String(row.revenue),
      String(row.probability),
      String(Math.round(row.revenue * row.probability) / 100),
    ]),
  ];
}

async function customersFromScratch() {
  const rows = await sql<{ name: string; company: string; email: string; phone: string; notes: string; created_day: string }>(
    `select name, company, email, phone, notes, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as created_day from customers where tenant_id = $1 order by id`,
    [DEMO_TENANT],
  );
  return [['Name', 'Company', 'Email', 'Phone', 'Notes', 'Created'], ...rows.map((row) => [row.name, row.company, row.email, row.phone, row.notes].concat(row.created_day))];
}

/**
 * The customers exported sorted as the customer list sorts its rows of a year: the year's sums
 * read from scratch, ordered by the list's own rule (src/domain, which the server shares), the
 * stored customers among them whose name or company holds the search text.
 */
async function sortedCustomersFromScratch(year: number, zone: string, key: CustomerSortKey, direction: 'ascending' | 'descending', search = '') {
  const sums = (await customerSummariesFromScratch(server.db, DEMO_TENANT, year, zone)).map((sum) => ({ ...sum, revenue: sum.revenue / 100, weighted: sum.weighted / 10_000 }));
  const order = sortCustomers(customersOfSums(sums), { key, direction }).flatMap((row) => (row.id === null ? [] : [row.id]));
  const [header, ...rows] = await customersFromScratch();
  const ids = await sql<{ id: number }>('select id from customers where tenant_id = $1 order by id', [DEMO_TENANT]);
  const byId = new Map(rows.map((row, index) => [ids[index]!.id, row]));
  const shown = order.map((id) => byId.get(id)!).filter((row) => matchesCustomerSearch({ customer: row[0]!, company: row[1]! }, search));
  return [header!, ...shown];
}

interface ActivityRead {
  id: number;
  due_at: string;
  kind: Schemas['Activity']['kind'];
  subject: string;
  done: boolean;
  duration_minutes: number | null;
  salesperson_name: string;
  customer: string | null;
  notes: string;
}

/**
 * The activities of a view, in the order they were created, or sorted as the activity list
 * sorts them (by its own rule, src/domain, over the rows as it loads them: by due time, then
 * id), those it shows for the search text.
 */
async function activitiesFromScratch(view: 'all' | 'done' | 'todo', sort?: { key: ActivitySortKey; direction: 'ascending' | 'descending'; search?: string }) {
  const rows = (
    await sql<Omit<ActivityRead, 'due_at'> & { due_at: Date }>(
      `select a.id, a.due_at, a.kind, a.subject, a.done, a.duration_minutes, s.name as salesperson_name,
              (select o.customer from opportunities o where o.id = a.opportunity_id) as customer, a.notes
       from activities a join salespersons s on s.id = a.salesperson_id
       where a.tenant_id = $1 and ($2 = 'all' or a.done = ($2 = 'done')) order by ${sort ? 'a.due_at, a.id' : 'a.id'}`,
      [DEMO_TENANT, view],
    )
  ).map((row) => ({ ...row, due_at: answerInstant(row.due_at)! }));
  const listed = sort ? sortListRows<ActivityRead, ActivitySortKey>(rows, sort, ACTIVITY_LIST_ORDER).filter((row) => matchesSearch(row, sort.search ?? '')) : rows;
  return [
    ['Due', 'Kind', 'Subject', 'Done', 'Duration (minutes)', 'Salesperson', 'Customer', 'Notes'],
    ...listed.map((row) => [
      row.due_at,
      row.kind,
      row.subject,
      row.done ? 'yes' : 'no',
      row.duration_minutes === null ? '' : String(row.duration_minutes),
      row.salesperson_name,
      row.customer ?? '',
      row.notes,
    ]),
  ];
}

const ROLE_LABELS: Record<number, string> = { 1: 'Super Admin', 2: 'Admin', 3: 'User' };

async function usersFromScratch() {
  const rows = await sql<{ name: string; email: string; role_id: number; phone: string; mobile: string }>(
    'select name, email, role_id, phone, mobile from users where tenant_id = $1 order by id',
    [DEMO_TENANT],
  );
  return [['Name', 'Email', 'Role', 'Phone', 'Mobile'], ...rows.map((row) => [row.name, row.email, ROLE_LABELS[row.role_id]!, row.phone, row.mobile])];
}

const comparisons: Record<string, Comparison> = {
  'the opportunities exported': async () => {
    expect(await exported(REP, `opportunities/${DEMO_TENANT}?year=2025`), '2025').toEqual(await opportunitiesFromScratch({ year: 2025 }));
    expect(await exported(REP, `opportunities/${DEMO_TENANT}?year=2026&zone=Pacific%2FKiritimati&search=co&sort=customer&direction=ascending`), '2026 searched').toEqual(
      await opportunitiesFromScratch({ year: 2026, zone: 'Pacific/Kiritimati', search: 'co', sort: 'customer', direction: 'ascending' }),
    );
    expect(await exported(REP, `opportunities/${DEMO_TENANT}?sort=revenue`), 'every year').toEqual(await opportunitiesFromScratch({ sort: 'revenue' }));
  },
  'the customers exported': async () => {
    expect(await exported(REP, `customers/${DEMO_TENANT}`)).toEqual(await customersFromScratch());
    expect(await exported(REP, `customers/${DEMO_TENANT}?year=2025&sort=revenue`), 'by revenue').toEqual(await sortedCustomersFromScratch(2025, 'UTC', 'revenue', 'descending'));
    expect(await exported(REP, `customers/${DEMO_TENANT}?year=2026&zone=Pacific%2FKiritimati&sort=latest&direction=ascending&search=in`), 'by latest, searched').toEqual(
      await sortedCustomersFromScratch(2026, 'Pacific/Kiritimati', 'latest', 'ascending', 'in'),
    );
  },
  'the activities exported': async () => {
    for (const view of ['all', 'done', 'todo'] as const) expect(await exported(REP, `activities/${DEMO_TENANT}?view=${view}`), view).toEqual(await activitiesFromScratch(view));
    expect(await exported(REP, `activities/${DEMO_TENANT}?sort=subject&direction=ascending`), 'by subject').toEqual(
      await activitiesFromScratch('all', { key: 'subject', direction: 'ascending' }),
    );
    expect(await exported(REP, `activities/${DEMO_TENANT}?view=done&sort=salesperson&search=call`), 'done, by salesperson, searched').toEqual(
      await activitiesFromScratch('done', { key: 'salesperson', direction: 'descending', search: 'call' }),
    );
  },
  'the users exported': async () => {
    expect(await exported(SUPER_ADMIN, `users/${DEMO_TENANT}`)).toEqual(await usersFromScratch());
  },
};

const expectEveryAnswer = (when: string) => expectAll(comparisons, when);

describe('the CSV exports, read from scratch', () => {
  test('hold what the tables hold on the demo data', async () => {
    await expectEveryAnswer('on the demo data');
    // The searched exports hold rows to compare.
    expect((await opportunitiesFromScratch({ year: 2026, zone: 'Pacific/Kiritimati', search: 'co' })).length).toBeGreaterThan(1);
    expect((await activitiesFromScratch('done', { key: 'salesperson', direction: 'descending', search: 'call' })).length).toBeGreaterThan(1);
    expect((await sortedCustomersFromScratch(2026, 'Pacific/Kiritimati', 'latest', 'ascending', 'in')).length).toBeGreaterThan(1);
  });

  test('after writes through the API and in SQL, text that reads as a formula, a name shown in another list and a deal across a year included', async () => {
    await expectEveryAnswer('before the writes');
    const [salesperson] = await sql<{ id: number }>('select id from salespersons where email = $1', [REP]);
    const deal = await answer<{ id: number }>(server, REP, 'POST', '/api/opportunities', {
      customer: '=Formula Co',
      salesperson_id: salesperson!.id,
      stage: 'proposal',
      created_date: '2025-12-31T23:00:00Z',
      revenue: 33.33,
      probability: 33,
    });
    await answer(server, REP, 'POST', '/api/customers', { name: '@Scratch Export', company: '-minus', notes: 'a "quoted", line\nbreak' });
    await answer(server, REP, 'POST', '/api/activities', {
      kind: 'task',
      subject: '+ scratch task',
      due_at: '2026-01-01T00:30:00Z',
      duration_minutes: null,
      done: true,
      salesperson_id: salesperson!.id,
      opportunity_id: deal.id,
      notes: '',
    });
    await expectEveryAnswer('after writes through the API');
    // Text that a spreadsheet would run as a formula is written behind an apostrophe.
    expect(await exportedFile(REP, `opportunities/${DEMO_TENANT}?year=2025`)).toContain("'=Formula Co,");
    expect(await exportedFile(REP, `customers/${DEMO_TENANT}`)).toContain("'@Scratch Export,'-minus,");

    await sql(`update opportunities set created_date = '2026-01-01T10:00:00Z', customer = 'Moved Co' where id = $1`, [deal.id]);
    await sql(`update salespersons set name = 'Sql Export Name' where id = $1`, [salesperson!.id]);
    await sql(`update users set phone = '+491234', mobile = '' where email = $1`, [ADMIN]);
    await sql(`delete from activities where tenant_id = $1 and id % 4 = 0`, [DEMO_TENANT]);
    await expectEveryAnswer('after writes in SQL');
  });
});
