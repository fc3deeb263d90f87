import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import {
  ADMIN,
  answer,
  answerInstant,
  bySummaryKey,
  cents,
  customerSummariesFromScratch,
  DEMO_TENANT,
  expectAll,
  REP,
  tenThousandths,
  type Comparison,
  type CustomerSummary,
} from '../support/from-scratch.ts';

// The customer answers (the directory, the customers' sums of a year, a customer's
// opportunities) equal what a plain read of the customers and opportunities says, on the demo
// data and after writes through the API or straight into the tables: a customer renamed, a
// deal's customer changed, a deal moved across a year's end.

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

/** The directory by name (regardless of case, then as written, then id). */
async function customersFromScratch() {
  const rows = await sql<{ id: number; name: string; company: string; email: string; phone: string; notes: string; created_at: Date }>(
    'select id, name, company, email, phone, notes, created_at from customers where tenant_id = $1 order by lower(name), name, id',
    [DEMO_TENANT],
  );
  return rows.map((row) => ({ ...row, created_at: answerInstant(row.created_at) }));
}

/** A customer's opportunities: those naming it regardless of case, newest first, with their salesperson's name. */
async function customerOpportunitiesFromScratch(customerId: number) {
  const rows = await sql<{ id: number; created_date: Date; customer: string; stage: string; revenue: number; probability: number; salesperson_id: number; salesperson_name: string }>(
    `select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id, s.name as salesperson_name
     from customers c join opportunities o on o.tenant_id = c.tenant_id and lower(o.customer) = lower(c.name)
     join salespersons s on s.id = o.salesperson_id
     where c.id = $1 order by o.created_date desc, o.id desc`,
    [customerId],
  );
  return rows.map((row) => ({ ...row, created_date: answerInstant(row.created_date) }));
}

const SUMMARIES_ASKED: Array<[number, string]> = [
  [2025, 'UTC'],
  [2026, 'UTC'],
  [2026, 'Pacific/Kiritimati'],
  [2025, 'America/Los_Angeles'],
  [2024, 'UTC'],
];

const comparisons: Record<string, Comparison> = {
  'the customer directory, by name': async () => {
    expect(await answer(server, REP, 'GET', `/api/customers/getAllData/${DEMO_TENANT}`)).toEqual(await customersFromScratch());
  },
  "the customers' sums of each year": async () => {
    for (const [year, zone] of SUMMARIES_ASKED) {
      const answered = await answer<CustomerSummary[]>(server, REP, 'GET', `/api/customers/summaries/${DEMO_TENANT}?year=${year}&zone=${encodeURIComponent(zone)}`);
      const exact = answered.map((entry) => ({ ...entry, revenue: cents(entry.revenue), weighted: tenThousandths(entry.weighted) }));
      expect(bySummaryKey(exact), `${year} ${zone}`).toEqual(bySummaryKey(await customerSummariesFromScratch(server.db, DEMO_TENANT, year, zone)));
    }
  },
  "the opportunities of the first, the last and the scratch customers": async () => {
    const customers = await sql<{ id: number }>(
      `select id from customers where tenant_id = $1 and (id in (select min(id) from customers where tenant_id = $1) or id in (select max(id) from customers where tenant_id = $1)
         or name ilike '%scratch%' or id in (select c.id from customers c where c.tenant_id = $1 order by (select count(*) from opportunities o where lower(o.customer) = lower(c.name)) desc limit 1))`,
      [DEMO_TENANT],
    );
    for (const { id } of customers) {
      expect(await answer(server, REP, 'GET', `/api/customers/${id}/opportunities`), `customer ${id}`).toEqual(await customerOpportunitiesFromScratch(id));
    }
  },
};

const expectEveryAnswer = (when: string) => expectAll(comparisons, when);

const firstSalesperson = async () => (await sql<{ id: number }>('select id from salespersons where tenant_id = $1 order by id limit 1', [DEMO_TENANT]))[0]!.id;

describe('the customer answers, read from scratch', () => {
  test('equal the customers and their opportunities on the demo data', async () => {
    await expectEveryAnswer('on the demo data');
    // Stored customers without deals, and names only deals use, are both in the data.
    const sums = await customerSummariesFromScratch(server.db, DEMO_TENANT, 2025, 'UTC');
    expect(sums.some((entry) => entry.id !== null && entry.opportunities === 0)).toBe(true);
    expect(sums.some((entry) => entry.id !== null && entry.opportunities > 0)).toBe(true);
  });

  test('after writes through the API: customers created, renamed, imported and deleted; deals given other customers and moved across a year', async () => {
    await expectEveryAnswer('before the API writes');
    const created = await answer<{ id: number }>(server, REP, 'POST', '/api/customers', { name: 'Scratch Customer', company: 'Scratch Ltd', email: 'Buyer@Scratch.test', notes: 'n' });
    await expectEveryAnswer('after a customer was created');

    const salesperson_id = await firstSalesperson();
    const deal = (change: Record<string, unknown>) => ({ customer: 'Scratch Customer', salesperson_id, stage: 'closed won', created_date: '2025-12-31T22:00:00Z', revenue: 2500.5, probability: 90, ...change });
    const first = await answer<{ id: number }>(server, REP, 'POST', '/api/opportunities', deal({}));
    const second = await answer<{ id: number }>(server, REP, 'POST', '/api/opportunities', deal({ customer: 'SCRATCH customer', created_date: '2025-06-01T09:00:00Z', stage: 'proposal' }));
    const nameOnly = await answer<{ id: number }>(server, REP, 'POST', '/api/opportunities', deal({ customer: 'Scratch Name Only', created_date: '2026-02-02T02:02:02Z' }));
    await expectEveryAnswer("after deals were created for a customer, in two spellings, and for a name that is no customer's");

    // A deal moved across the year's end and to another customer.
    await answer(server, REP, 'PUT', `/api/opportunities/${first.id}`, deal({ created_date: '2026-01-01T01:00:00Z' }));
    await answer(other, REP, 'PUT', `/api/opportunities/${nameOnly.id}`, deal({ customer: 'Scratch Customer', created_date: '2026-02-02T02:02:02Z' }));
    await expectEveryAnswer('after deals moved across a year and to another customer');

    // Renaming the customer renames its deals' customer.
    await answer(other, REP, 'PUT', `/api/customers/${created.id}`, { name: 'Scratch Renamed', company: 'Scratch Holdings' });
    await expectEveryAnswer('after the customer was renamed');

    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/csv/import/customers',
      headers: await server.as(ADMIN),
      payload: { rows: [{ name: 'Scratch Imported One' }, { name: 'Aardvark Scratch Imported', company: 'Imports' }] },
    });
    expect(imported.body).toContain('"imported":2');
    await expectEveryAnswer('after customers were imported');

    const [importedOne] = await sql<{ id: number }>(`select id from customers where name = 'Scratch Imported One'`);
    await answer(server, ADMIN, 'POST', '/api/bulk/customers/delete', { ids: [importedOne!.id] });
    await answer(server, REP, 'DELETE', `/api/opportunities/${second.id}`);
    await expectEveryAnswer('after a customer and a deal were deleted');
    await answer(server, REP, 'DELETE', `/api/customers/${created.id}`);
    await expectEveryAnswer('after a customer was deleted with its deals');
  });

  test('after writes in SQL: customers and deals inserted, renamed (in case only too), moved across a year and deleted; the customers truncated', async () => {
    await expectEveryAnswer('before the SQL writes');
    const salesperson = await firstSalesperson();
    await sql(`insert into customers (tenant_id, name, company, created_at) values ($1, 'Sql Scratch', 'Sql Co', '2025-05-05T05:05:05.999Z'), ($1, 'Sql Scratch Idle', '', now())`, [DEMO_TENANT]);
    await sql(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select $1, $2, (array['Sql Scratch', 'sql scratch', 'Sql Scratch Deals Only', 'SQL SCRATCH DEALS ONLY'])[1 + n % 4], (array['closed won', 'negotiation'])[1 + n % 2],
              timestamptz '2025-12-31T12:00:00Z' + n * interval '50 minutes', 10 * n + 0.07, 3 * n
       from generate_series(1, 24) as n`,
      [DEMO_TENANT, salesperson],
    );
    await expectEveryAnswer('after customers and deals were inserted');

    await sql(`update customers set name = 'SQL scratch', company = 'Renamed Co' where name = 'Sql Scratch'`);
    await sql(`update opportunities set customer = 'Sql Scratch Moved' where customer = 'sql scratch'`);
    await sql(`update opportunities set created_date = created_date + interval '1 year' where customer = 'SQL SCRATCH DEALS ONLY'`);
    await expectEveryAnswer('after a customer was renamed in case only, and deals renamed and moved a year');

    // A seeded customer renamed, its deals keeping the old name: they become a name only deals use.
    const [seeded] = await sql<{ id: number; name: string }>(
      `select c.id, c.name from customers c where c.tenant_id = $1 and exists (select 1 from opportunities o where o.tenant_id = c.tenant_id and lower(o.customer) = lower(c.name)) order by c.id limit 1`,
      [DEMO_TENANT],
    );
    await sql(`update customers set name = name || ' (renamed in SQL)' where id = $1`, [seeded!.id]);
    await expectEveryAnswer("after a customer with deals was renamed without its deals");

    await sql(`delete from opportunities where customer like 'Sql Scratch%' and revenue > 100`);
    await sql(`delete from customers where name = 'Sql Scratch Idle'`);
    await expectEveryAnswer('after deals and a customer were deleted');

    await sql('truncate customers cascade');
    await expectEveryAnswer('after the customers were truncated');
    await sql(`insert into customers (tenant_id, name) values ($1, 'After Truncate')`, [DEMO_TENANT]);
    await expectEveryAnswer('after a customer was inserted into the truncated table');
  });
});
