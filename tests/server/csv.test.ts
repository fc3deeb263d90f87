import { ANSWER_INSTANT } from '../../server/answers/instant.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyStateMachine } from 'xstate';
import { exportFile, type ExportQuery } from '../../server/routes/csv-export.ts';
import type { Activity } from '../../src/api/client.ts';
import { ACTIVITY_SORT_KEYS } from '../../src/domain/activities/list-view.ts';
import type { SortDirection } from '../../src/domain/lists/sort.ts';
import { CUSTOMER_SORT_KEYS, customersOfSums, type CustomerSummary } from '../../src/domain/opportunities/customers.ts';
import { activityListMachine } from '../../src/machines/activity-list.ts';
import { currentPageRows } from '../../src/machines/browser-list.ts';
import { customerListMachine } from '../../src/machines/customer-list.ts';
import { IMPORT_BATCH_ROWS, insertOpportunities } from '../../server/routes/csv-import.ts';
import { BYTE_ORDER_MARK, csvRecord, parseCsv } from '../../src/domain/csv/csv.ts';
import { readJsonLines } from '../../src/api/json-lines.ts';
import { activityCells, OPPORTUNITY_HEADER } from '../../src/domain/csv/exports.ts';
import type { Queryable } from '../../server/db/database.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * Issue 17, data in and out: CSV export of what a list shows, CSV import all or
 * nothing, bulk reassign and delete, each in the caller's tenant only and for the
 * roles the domain allows.
 */
let server: TestServer;
let demo: number;
let globex: number;
beforeAll(async () => {
  server = await startTestServer();
  demo = await tenantId('Demo');
  globex = await tenantId('Globex');
});
afterAll(async () => {
  await server.close();
});

async function tenantId(name: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('select id from tenants where name = $1', [name]);
  return row!.id;
}

async function call(email: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

async function count(sql: string, parameters: unknown[]): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(sql, parameters);
  return row!.n;
}

const opportunitiesOf = (tenant: number) => count('select count(*)::int as n from opportunities where tenant_id = $1', [tenant]);
const salespersonOf = async (tenant: number) =>
  (await server.db.query<{ id: number; email: string }>('select id, email from salespersons where tenant_id = $1 order by id limit 1', [tenant]))[0]!;

const lines = (body: string) => body.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('CSV export', () => {
  test('the opportunity list of a year as RFC 4180 with a byte order mark and a header, every row of the year', async () => {
    const response = await call('admin@demo.test', 'GET', `/api/csv/export/opportunities/${demo}?year=2025&zone=UTC`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="opportunities-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(response.body.startsWith(BYTE_ORDER_MARK)).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...OPPORTUNITY_HEADER]);
    const expected = await count(
      `select count(*)::int as n from opportunities where tenant_id = $1 and created_date >= '2025-01-01T00:00:00Z' and created_date < '2026-01-01T00:00:00Z'`,
      [demo],
    );
    expect(rows.length).toBe(expected);
    expect(rows.every((row) => row[0]!.startsWith('2025-'))).toBe(true);
  });

  test("the list's search applies, and chosen ids export exactly those rows", async () => {
    const all = parseCsv((await call('admin@demo.test', 'GET', `/api/csv/export/opportunities/${demo}?year=2025&search=negotiation`)).body).slice(1);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((row) => row[4] === 'negotiation' || /negotiation/i.test(row.join(' ')))).toBe(true);
    const ids = (await server.db.query<{ id: number }>('select id from opportunities where tenant_id = $1 order by id limit 3', [demo])).map((row) => row.id);
    const chosen = parseCsv((await call('admin@demo.test', 'GET', `/api/csv/export/opportunities/${demo}?ids=${ids.join(',')}`)).body).slice(1);
    expect(chosen.length).toBe(3);
  });

  test("the list's stage and 'Mine' apply: the rows are those the list shows", async () => {
    const year = 2025;
    const window = `created_date >= '2025-01-01T00:00:00Z' and created_date < '2026-01-01T00:00:00Z'`;
    const inStage = parseCsv((await call('rep@demo.test', 'GET', `/api/csv/export/opportunities/${demo}?year=${year}&zone=UTC&stage=proposal`)).body).slice(1);
    expect(inStage.length).toBe(await count(`select count(*)::int as n from opportunities where tenant_id = $1 and stage = 'proposal' and ${window}`, [demo]));
    expect(inStage.length).toBeGreaterThan(0);
    expect(inStage.every((row) => row[4] === 'proposal')).toBe(true);

    const own = `salesperson_id in (select s.id from salespersons s join users u on u.id = s.user_id where s.tenant_id = $1 and u.email = 'rep@demo.test')`;
    const mine = parseCsv((await call('rep@demo.test', 'GET', `/api/csv/export/opportunities/${demo}?year=${year}&zone=UTC&mine=true`)).body).slice(1);
    const everyone = await count(`select count(*)::int as n from opportunities where tenant_id = $1 and ${window}`, [demo]);
    expect(mine.length).toBe(await count(`select count(*)::int as n from opportunities where tenant_id = $1 and ${own} and ${window}`, [demo]));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(everyone);
    const [rep] = await server.db.query<{ name: string }>(`select s.name from salespersons s join users u on u.id = s.user_id where s.tenant_id = $1 and u.email = 'rep@demo.test'`, [demo]);
    expect(mine.every((row) => row[2] === rep!.name)).toBe(true);

    // Both at once, and the page of the list agrees row for row.
    const both = parseCsv((await call('rep@demo.test', 'GET', `/api/csv/export/opportunities/${demo}?year=${year}&zone=UTC&stage=proposal&mine=true`)).body).slice(1);
    const listed = (await call('rep@demo.test', 'GET', `/api/opportunities/page/${demo}?year=${year}&zone=UTC&stage=proposal&mine=true`)).json() as { total: number };
    expect(both.length).toBe(listed.total);
    expect(both.every((row) => row[4] === 'proposal' && row[2] === rep!.name)).toBe(true);
  });

  test("the opportunities come in the list page's order, for every sort and direction, across batches", async () => {
    // A seller's own open proposals of a year: a few pages of the list.
    const filters = `year=2025&zone=UTC&stage=proposal&mine=true`;
    const [rep] = await server.db.query<{ id: number }>(`select id from users where email = 'rep@demo.test'`);
    type ListRow = { created_date: string; customer: string; salesperson_name: string; stage: string; revenue: number; probability: number };
    const listed = (row: ListRow) => [row.created_date.slice(0, 10), row.customer, row.salesperson_name, row.stage, row.revenue, row.probability].join('|');
    const exported = (cells: string[]) => [cells[0], cells[1], cells[2], cells[4], Number(cells[5]), Number(cells[6])].join('|');
    for (const sort of ['date', 'customer', 'salesperson', 'stage', 'revenue', 'weighted'] as const) {
      for (const direction of ['ascending', 'descending'] as const) {
        const pages: string[] = [];
        for (let page = 1; ; page += 1) {
          const answer = (await call('rep@demo.test', 'GET', `/api/opportunities/page/${demo}?${filters}&sort=${sort}&direction=${direction}&page=${page}`)).json() as {
            total: number;
            rows: ListRow[];
          };
          pages.push(...answer.rows.map(listed));
          if (pages.length >= answer.total) break;
        }
        // Rows for two pages and three batches; the stage and the salesperson are the same in all of them (ties broken by id).
        expect(pages.length).toBeGreaterThanOrEqual(15);
        const file = parseCsv((await call('rep@demo.test', 'GET', `/api/csv/export/opportunities/${demo}?${filters}&sort=${sort}&direction=${direction}`)).body).slice(1);
        expect(file.map(exported), `${sort} ${direction}`).toEqual(pages);
        // Batches of 7 rows: each starts after the last row written, in the same order.
        let text = '';
        const query = { year: 2025, zone: 'UTC', stage: 'proposal', mine: true, sort, direction };
        for await (const piece of await exportFile(server.db, 'opportunities', { tenantId: demo, userId: rep!.id }, query, 7)) text += piece;
        expect(parseCsv(text).slice(1).map(exported), `${sort} ${direction} in batches`).toEqual(pages);
      }
    }
  });

  /** A list machine as the app runs it, loading through the API as the demo tenant's admin: every page it shows, in order. */
  async function listPages<Row>(machine: AnyStateMachine, loadRows: () => Promise<readonly Row[]>, address: string, sort: { key: string; direction: SortDirection }): Promise<Row[]> {
    const list = createActor(
      machine.provide({
        actors: { loadRows: fromPromise(loadRows), clock: fromCallback(() => {}) },
        actions: { writeAddress: () => {}, logError: () => {} },
      }),
      { input: { tenantId: demo, address, now: Date.now() } },
    ).start();
    await waitFor(list, (state) => state.matches('ready'));
    list.send({ type: 'sort.change', sort });
    const pages: Row[] = [];
    for (;;) {
      pages.push(...currentPageRows(list.getSnapshot().context as { visible: readonly Row[]; page: number }));
      if (!list.getSnapshot().can({ type: 'page.next' })) break;
      list.send({ type: 'page.next' });
    }
    list.stop();
    return pages;
  }

  /** The file the export route writes, and the same export read seven rows a batch, as rows of cells without the header. */
  async function exportedTwice(kind: 'customers' | 'activities', query: Record<string, string | number>): Promise<[string[][], string[][]]> {
    const parameters = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
    const answer = await call('admin@demo.test', 'GET', `/api/csv/export/${kind}/${demo}?${parameters}`);
    expect(answer.statusCode).toBe(200);
    let text = '';
    const [admin] = await server.db.query<{ id: number }>(`select id from users where email = 'admin@demo.test'`);
    for await (const piece of await exportFile(server.db, kind, { tenantId: demo, userId: admin!.id }, query as ExportQuery, 7)) text += piece;
    return [parseCsv(answer.body).slice(1), parseCsv(text).slice(1)];
  }

  test("the customers come in the customer list's order of the year, for every sort and direction, across batches", async () => {
    const loadRows = async () => customersOfSums((await call('admin@demo.test', 'GET', `/api/customers/summaries/${demo}?year=2025&zone=UTC`)).json());
    for (const key of CUSTOMER_SORT_KEYS) {
      for (const direction of ['ascending', 'descending'] as const) {
        const shown = await listPages<CustomerSummary>(customerListMachine, loadRows, 'year=2025', { key, direction });
        // The stored customers, as the file has them (a name only opportunities use is not one).
        const names = shown.filter((customer) => customer.id !== null).map((customer) => customer.customer);
        // Two pages of the list, two batches of the export.
        expect(names.length).toBeGreaterThan(10);
        const files = await exportedTwice('customers', { year: 2025, zone: 'UTC', sort: key, direction });
        for (const file of files) expect(file.map((cells) => cells[0]), `${key} ${direction}`).toEqual(names);
      }
    }
  });

  test("the activities come in the activity list's order, for every sort and direction, across batches", async () => {
    const loadRows = async () => (await call('admin@demo.test', 'GET', `/api/activities/getAllData/${demo}`)).json() as Activity[];
    for (const key of ACTIVITY_SORT_KEYS) {
      for (const direction of ['ascending', 'descending'] as const) {
        const shown = await listPages<Activity>(activityListMachine, loadRows, 'view=all', { key, direction });
        // Pages of the list, batches of the export.
        expect(shown.length).toBeGreaterThan(15);
        // Each row as the file writes it, from what the list shows.
        const rows = parseCsv(shown.map((activity) => csvRecord(activityCells(activity))).join(''));
        const files = await exportedTwice('activities', { view: 'all', sort: key, direction });
        for (const file of files) expect(file, `${key} ${direction}`).toEqual(rows);
      }
    }
  });

  test("the activity export finds what the activity list finds: the kind as the list shows it ('E-mail'), not its id", async () => {
    const mark = `Wombat ${Date.now()}`;
    const { id: salesperson } = await salespersonOf(demo);
    const [written] = await server.db.query<{ id: number }>(
      `insert into activities (tenant_id, kind, subject, due_at, salesperson_id) values ($1, 'email', $2, now(), $3) returning id`,
      [demo, mark, salesperson],
    );
    const loadRows = async () => (await call('admin@demo.test', 'GET', `/api/activities/getAllData/${demo}`)).json() as Activity[];
    const found: Record<string, boolean> = {};
    for (const search of ['E-mail', 'email', ' e-MAIL ']) {
      const shown = await listPages<Activity>(activityListMachine, loadRows, `view=all&search=${encodeURIComponent(search)}`, { key: 'due', direction: 'ascending' });
      found[search] = shown.some((activity) => activity.id === written!.id);
      const rows = parseCsv(shown.map((activity) => csvRecord(activityCells(activity))).join(''));
      // Sorted as the list is, across batches, and as created: the same rows.
      const files = await exportedTwice('activities', { view: 'all', search, sort: 'due', direction: 'ascending' });
      for (const file of files) expect(file, search).toEqual(rows);
      const asCreated = parseCsv((await call('admin@demo.test', 'GET', `/api/csv/export/activities/${demo}?view=all&search=${encodeURIComponent(search)}`)).body).slice(1);
      expect(asCreated.map((cells) => cells.join('|')).sort(), search).toEqual(rows.map((cells) => cells.join('|')).sort());
    }
    expect(found).toEqual({ 'E-mail': true, email: false, ' e-MAIL ': true });
    await server.db.query('delete from activities where id = $1', [written!.id]);
  });

  test("a sort the kind's list does not have is refused in words; without a sort the rows come as created", async () => {
    const refused = await call('admin@demo.test', 'GET', `/api/csv/export/activities/${demo}?sort=revenue`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Activities are sorted by kind, subject, due or salesperson, not by revenue.');
    const users = await call('admin@demo.test', 'GET', `/api/csv/export/users/${demo}?sort=customer`);
    expect(users.statusCode).toBe(400);
    expect(users.json().message).toBe('Users come in the order they were created; they are not sorted by customer.');
    const stored = await server.db.query<{ name: string }>('select name from customers where tenant_id = $1 order by id', [demo]);
    const file = parseCsv((await call('admin@demo.test', 'GET', `/api/csv/export/customers/${demo}`)).body).slice(1);
    expect(file.map((cells) => cells[0])).toEqual(stored.map((row) => row.name));
  });

  test("the customer export searches what the customer list searches (name and company), not the e-mail it does not show", async () => {
    const mark = `quokka${Date.now()}`;
    const byMail = await call('admin@demo.test', 'POST', '/api/customers', { name: 'Plain Name', company: 'Plain Co', email: `${mark}@mail.test` });
    const byName = await call('admin@demo.test', 'POST', '/api/customers', { name: `Ann ${mark}`, company: 'Plain Co' });
    expect([byMail.statusCode, byName.statusCode]).toEqual([201, 201]);
    const found = parseCsv((await call('admin@demo.test', 'GET', `/api/csv/export/customers/${demo}?search=${mark}`)).body).slice(1);
    expect(found.map((cells) => cells[0])).toEqual([`Ann ${mark}`]);
  });

  test("the customer export finds what the customer list finds, by the list's one rule: case folded as the browser folds it", async () => {
    const mark = `${Date.now()}`;
    const written: Record<string, number> = {};
    for (const [name, company] of [
      [`ΤΑΣΟΣ Ltd ${mark}`, 'Plain Co'],
      [`Plain ${mark}`, 'İstanbul Foods'],
      [`Müller ${mark}`, '50% off_'],
    ] as const) {
      const created = await call('admin@demo.test', 'POST', '/api/customers', { name, company });
      expect(created.statusCode).toBe(201);
      written[name] = (created.json() as { id: number }).id;
    }
    const loadRows = async () => customersOfSums((await call('admin@demo.test', 'GET', `/api/customers/summaries/${demo}?year=2025&zone=UTC`)).json());
    const found: Record<string, string[]> = {};
    for (const search of ['τασος', 'istanbul', ' MÜLLER ', '% OFF_', mark]) {
      const shown = await listPages<CustomerSummary>(customerListMachine, loadRows, `year=2025&search=${encodeURIComponent(search)}`, { key: 'customer', direction: 'ascending' });
      // The stored customers, as the file has them (a name only opportunities use is not one).
      const names = shown.filter((customer) => customer.id !== null).map((customer) => customer.customer);
      found[search] = names.filter((name) => name.endsWith(mark));
      // Sorted as the list is, across batches, and as created: the same rows.
      const files = await exportedTwice('customers', { year: 2025, zone: 'UTC', search, sort: 'customer', direction: 'ascending' });
      for (const file of files) expect(file.map((cells) => cells[0]), search).toEqual(names);
      const asCreated = parseCsv((await call('admin@demo.test', 'GET', `/api/csv/export/customers/${demo}?search=${encodeURIComponent(search)}`)).body).slice(1);
      expect(asCreated.map((cells) => cells[0]).sort(), search).toEqual([...names].sort());
    }
    // What the browser finds (SQL's ILIKE folds these differently: it finds 'İstanbul' for 'istanbul', and not 'ΤΑΣΟΣ' for 'τασος').
    expect(found).toEqual({
      τασος: [`ΤΑΣΟΣ Ltd ${mark}`],
      istanbul: [],
      ' MÜLLER ': [`Müller ${mark}`],
      '% OFF_': [`Müller ${mark}`],
      [mark]: [`Müller ${mark}`, `Plain ${mark}`, `ΤΑΣΟΣ Ltd ${mark}`],
    });
    await server.db.query('delete from customers where id = any($1::int[])', [Object.values(written)]);
  });

  test('a cell a spreadsheet would run as a formula leaves with an apostrophe', async () => {
    const name = `=HYPERLINK("http://evil.test","x") ${Date.now()}`;
    const created = await call('admin@demo.test', 'POST', '/api/customers', { name, company: '@corp', notes: '-2+3' });
    expect(created.statusCode).toBe(201);
    const body = (await call('admin@demo.test', 'GET', `/api/csv/export/customers/${demo}?ids=${created.json().id}`)).body;
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"") `);
    expect(body).toContain(",'@corp,");
    expect(body).toContain(",'-2+3,");
    // Read back by the one parser, the text is as it was typed.
    expect(parseCsv(body)[1]!.slice(0, 2)).toEqual([name, '@corp']);
  });

  test('the file is read and written a batch at a time', async () => {
    let statements = 0;
    let largest = 0;
    const counting: Queryable = {
      query: async (sql, parameters) => {
        const rows = await server.db.query(sql, parameters);
        statements += 1;
        largest = Math.max(largest, rows.length);
        return rows as never;
      },
    };
    const total = await count('select count(*)::int as n from opportunities where tenant_id = $1', [demo]);
    let pieces = 0;
    let records = 0;
    for await (const piece of await exportFile(counting, 'opportunities', { tenantId: demo, userId: 0 }, {}, 100)) {
      pieces += 1;
      records += parseCsv(piece).length;
      // Nothing is read ahead of what has been taken.
      expect(statements).toBeLessThanOrEqual(pieces);
    }
    expect(records).toBe(total + 1);
    expect(largest).toBe(100);
    expect(statements).toBe(Math.floor(total / 100) + 1);
  });

  test('activities in a view, and users for those who manage them only', async () => {
    const done = parseCsv((await call('rep@demo.test', 'GET', `/api/csv/export/activities/${demo}?view=done`)).body).slice(1);
    expect(done.length).toBe(await count('select count(*)::int as n from activities where tenant_id = $1 and done', [demo]));
    expect(done.every((row) => row[3] === 'yes')).toBe(true);
    // Due is written as every answer writes an instant.
    expect(done.filter((row) => !ANSWER_INSTANT.test(row[0]!))).toEqual([]);
    expect((await call('rep@demo.test', 'GET', `/api/csv/export/users/${demo}`)).statusCode).toBe(403);
    const users = parseCsv((await call('manager@demo.test', 'GET', `/api/csv/export/users/${demo}`)).body);
    expect(users[0]).toEqual(['Name', 'Email', 'Role', 'Phone', 'Mobile']);
    expect(users.join('\n')).not.toMatch(/argon|\$2[aby]\$/);
  });

  test("another tenant's list is not found and its chosen ids export nothing", async () => {
    expect((await call('admin@demo.test', 'GET', `/api/csv/export/customers/${globex}`)).statusCode).toBe(404);
    const theirs = (await server.db.query<{ id: number }>('select id from customers where tenant_id = $1 limit 5', [globex])).map((row) => row.id);
    const body = (await call('admin@demo.test', 'GET', `/api/csv/export/customers/${demo}?ids=${theirs.join(',')}`)).body;
    expect(parseCsv(body).length).toBe(1);
  });
});

const opportunityRow = (salesperson_id: number, customer: string, revenue = 1000) => ({
  customer,
  salesperson_id,
  stage: 'proposal' as const,
  created_date: '2025-03-04',
  revenue,
  probability: 40,
});

describe('CSV import', () => {
  test('valid rows are imported in one go, with progress lines, new customers joining the directory', async () => {
    const { id } = await salespersonOf(globex);
    const before = await opportunitiesOf(globex);
    const analysis = async () =>
      (await call('admin@globex.test', 'POST', '/api/opportunities/anlaysis', { year: 2025, tenantId: globex })).json() as { created_date: string }[];
    const dayOf = async () => (await analysis()).filter((entry) => entry.created_date === '2025-03-04T12:00:00Z').length;
    const dayBefore = await dayOf();
    const customer = `Imported ${Date.now()}`;
    const rows = Array.from({ length: IMPORT_BATCH_ROWS + 10 }, (_, at) => opportunityRow(id, customer, at + 0.5));
    const response = await call('admin@globex.test', 'POST', '/api/csv/import/opportunities', { rows });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(lines(response.body)).toEqual([
      { done: 0, total: rows.length },
      { done: IMPORT_BATCH_ROWS, total: rows.length },
      { done: rows.length, total: rows.length },
      { imported: rows.length },
    ]);
    expect(await opportunitiesOf(globex)).toBe(before + rows.length);
    expect(await count('select count(*)::int as n from customers where tenant_id = $1 and name = $2', [globex, customer])).toBe(1);
    // Each created opportunity's history starts with its creation, as a single write's does.
    expect(
      await count(
        `select count(*)::int as n from record_changes h join opportunities o on o.id = h.record_id
         where h.record_kind = 'opportunity' and h.action = 'created' and o.tenant_id = $1 and o.customer = $2`,
        [globex, customer],
      ),
    ).toBe(rows.length);
    const [stored] = await server.db.query<{ created: string; revenue: number }>(
      `select to_char(created_date at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as created, revenue::float8 as revenue
       from opportunities where tenant_id = $1 and customer = $2 order by revenue limit 1`,
      [globex, customer],
    );
    expect(stored).toEqual({ created: '2025-03-04 12:00', revenue: 0.5 });
    // The year's answers show the imported rows.
    expect(await dayOf()).toBe(dayBefore + rows.length);
  });

  test("another tenant's salesperson or author is refused by the database and nothing lands", async () => {
    const ours = await salespersonOf(globex);
    const theirs = await salespersonOf(demo);
    const [admin] = await server.db.query<{ id: number }>("select id from users where email = 'admin@globex.test'");
    const [outsider] = await server.db.query<{ id: number }>("select id from users where email = 'admin@demo.test'");
    // A customer the tenant has, so that no new customer's history is written before the opportunities.
    const [customer] = await server.db.query<{ name: string }>('select name from customers where tenant_id = $1 order by id limit 1', [globex]);
    const name = customer!.name;
    const before = await opportunitiesOf(globex);
    const write = (userId: number, salespersonId: number) =>
      server.db.transaction((tx) => insertOpportunities(tx, { userId, tenantId: globex }, [opportunityRow(ours.id, name), opportunityRow(salespersonId, name)], async () => {}));
    await expect(write(admin!.id, theirs.id)).rejects.toThrow(/foreign key/);
    await expect(write(outsider!.id, ours.id)).rejects.toThrow(/cannot be named/);
    expect(await opportunitiesOf(globex)).toBe(before);
  });

  test('over HTTP, each progress line reaches the client as its batch is written, not with the commit', async () => {
    const { id } = await salespersonOf(globex);
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const rows = Array.from({ length: 2 * IMPORT_BATCH_ROWS }, (_, at) => opportunityRow(id, 'Progress', at));
    // As the browser asks: compression accepted (the lines would wait in the compressor's buffer).
    const response = await fetch(`${address}/api/csv/import/opportunities`, {
      method: 'POST',
      headers: { ...(await server.as('admin@globex.test')), 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
      body: JSON.stringify({ rows }),
    });
    const arrived: { line: unknown; at: number }[] = [];
    await readJsonLines(response.body!, (line) => arrived.push({ line, at: performance.now() }));
    expect(arrived.map((entry) => entry.line)).toEqual([
      { done: 0, total: rows.length },
      { done: IMPORT_BATCH_ROWS, total: rows.length },
      { done: rows.length, total: rows.length },
      { imported: rows.length },
    ]);
    // The second batch (thousands of rows) was written between the first batch's line and the outcome.
    expect(arrived[3]!.at - arrived[1]!.at).toBeGreaterThan(50);
  });

  test("an imported opportunity's history entry is the one a single create writes", async () => {
    const { id } = await salespersonOf(globex);
    const customer = `History ${Date.now()}`;
    // A single create takes an instant; the import stores a bare date at noon UTC, so the two name the same day.
    const created = { ...opportunityRow(id, customer, 12.5), created_date: '2025-03-04T12:00:00.000Z' };
    const single = (await call('admin@globex.test', 'POST', '/api/opportunities', created)).json() as { id: number };
    await call('admin@globex.test', 'POST', '/api/csv/import/opportunities', { rows: [opportunityRow(id, customer, 12.5)] });
    const entries = await server.db.query<{ record_id: number; changes: unknown; changed_by_name: string }>(
      `select h.record_id, h.changes, h.changed_by_name from record_changes h join opportunities o on o.id = h.record_id
       where h.record_kind = 'opportunity' and h.action = 'created' and o.customer = $1 order by h.record_id`,
      [customer],
    );
    expect(entries.length).toBe(2);
    expect(entries[0]!.record_id).toBe(single.id);
    expect(entries[1]).toEqual({ ...entries[0], record_id: entries[1]!.record_id });
  });

  test('one bad row refuses the whole import, naming the row and the rule, before anything is written', async () => {
    const { id } = await salespersonOf(globex);
    const before = await opportunitiesOf(globex);
    const bad = { ...opportunityRow(id, 'Bad'), revenue: 12.345 };
    const response = await call('admin@globex.test', 'POST', '/api/csv/import/opportunities', { rows: [opportunityRow(id, 'Fine'), bad] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Row 2 of the import: Revenue can have at most 2 decimals.');
    // The words a single create of the same body gets: one rule for both.
    const single = await call('admin@globex.test', 'POST', '/api/opportunities', { ...bad, created_date: '2025-03-04T12:00:00Z' });
    expect(single.json().fields).toEqual({ revenue: 'Revenue can have at most 2 decimals.' });
    expect(await opportunitiesOf(globex)).toBe(before);
  });

  test("another tenant's salesperson is refused, and nothing lands anywhere", async () => {
    const theirs = await salespersonOf(demo);
    const [before, victimBefore] = [await opportunitiesOf(globex), await opportunitiesOf(demo)];
    const response = await call('admin@globex.test', 'POST', '/api/csv/import/opportunities', { rows: [opportunityRow(theirs.id, 'Probe')] });
    expect(response.statusCode).toBe(400);
    expect([await opportunitiesOf(globex), await opportunitiesOf(demo)]).toEqual([before, victimBefore]);
  });

  test("the database itself refuses an opportunity naming another tenant's salesperson", async () => {
    const theirs = await salespersonOf(demo);
    const written = server.db.query(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability) values ($1, $2, 'Cross', 'proposal', now(), 1, 10)`,
      [globex, theirs.id],
    );
    await expect(written).rejects.toMatchObject({ code: '23503' });
  });

  test('a failure while writing rolls every batch back: nothing is half-imported', async () => {
    const { id } = await salespersonOf(globex);
    const before = await opportunitiesOf(globex);
    // A refusal only the database makes, in the last batch.
    await server.db.query(`create or replace function refuse_boom() returns trigger language plpgsql as $$ begin if new.customer = 'Boom' then raise exception 'boom'; end if; return new; end $$`);
    await server.db.query('create trigger refuse_boom before insert on opportunities for each row execute function refuse_boom()');
    try {
      const rows = [...Array.from({ length: IMPORT_BATCH_ROWS }, () => opportunityRow(id, 'Fine')), opportunityRow(id, 'Boom')];
      const response = await call('admin@globex.test', 'POST', '/api/csv/import/opportunities', { rows });
      expect(lines(response.body).at(-1)).toEqual({ failed: 'The import failed; nothing was imported.' });
      expect(await opportunitiesOf(globex)).toBe(before);
    } finally {
      await server.db.query('drop trigger refuse_boom on opportunities');
    }
  });

  test('customers: a name the tenant has, or one twice in the file, refuses the import', async () => {
    const [existing] = await server.db.query<{ name: string }>('select name from customers where tenant_id = $1 limit 1', [globex]);
    const taken = await call('admin@globex.test', 'POST', '/api/csv/import/customers', { rows: [{ name: 'New one ' + Date.now() }, { name: existing!.name.toUpperCase() }] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(`Row 2 of the import: A customer named "${existing!.name}" already exists.`);
    const twice = await call('admin@globex.test', 'POST', '/api/csv/import/customers', { rows: [{ name: 'Twin Co' }, { name: 'twin co' }] });
    expect(twice.json().message).toBe('Row 2 of the import: "twin co" is already in row 1 of the file.');
    const fine = await call('admin@globex.test', 'POST', '/api/csv/import/customers', { rows: [{ name: `Solo ${Date.now()}`, email: 'SOLO@Example.com' }] });
    expect(lines(fine.body).at(-1)).toEqual({ imported: 1 });
  });

  test("names are the same customer exactly when the database's lower() says so, in a file of customers or of opportunities", async () => {
    // A final capital sigma: JavaScript lowercases it to ς, the database (by its locale) maybe to σ.
    const stamp = Date.now();
    const [upper, lower] = [`ΟΔΟΣ ${stamp}`, `οδοσ ${stamp}`];
    const [{ same }] = (await server.db.query<{ same: boolean }>('select lower($1) = lower($2) as same', [upper, lower])) as [{ same: boolean }];
    const customers = await call('admin@globex.test', 'POST', '/api/csv/import/customers', { rows: [{ name: upper }, { name: lower }] });
    if (same) expect(customers.json().message).toBe(`Row 2 of the import: "${lower}" is already in row 1 of the file.`);
    else expect(lines(customers.body).at(-1)).toEqual({ imported: 2 });

    // Every opportunity's customer is in the directory, however the file spells it.
    const { id } = await salespersonOf(globex);
    // A dotted capital I: JavaScript lowercases it to i and a combining dot, the database (by its locale) maybe to i.
    const [upperDeal, lowerDeal] = [`İzmir ${stamp}`, `i\u0307zmir ${stamp}`];
    const deals = await call('admin@globex.test', 'POST', '/api/csv/import/opportunities', { rows: [opportunityRow(id, upperDeal), opportunityRow(id, lowerDeal)] });
    expect(lines(deals.body).at(-1)).toEqual({ imported: 2 });
    const orphans = await count(
      `select count(*)::int as n from opportunities o where o.tenant_id = $1 and o.customer = any($2::text[])
         and not exists (select 1 from customers c where c.tenant_id = o.tenant_id and lower(c.name) = lower(o.customer))`,
      [globex, [upperDeal, lowerDeal]],
    );
    expect(orphans).toBe(0);
  });

  test('a User may not import (the server checks the role, not only the screen)', async () => {
    const { id } = await salespersonOf(demo);
    const response = await call('rep@demo.test', 'POST', '/api/csv/import/opportunities', { rows: [opportunityRow(id, 'Rep')] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only Super Admins and Admins may import, reassign or delete rows in bulk.');
  });
});

describe('bulk actions', () => {
  async function freshOpportunities(tenant: number, n: number): Promise<number[]> {
    const { id } = await salespersonOf(tenant);
    const rows = await server.db.query<{ id: number }>(
      `insert into opportunities (tenant_id, salesperson_id, customer, created_date, revenue, probability)
       select $1, $2, 'Bulk', now(), 10, 10 from generate_series(1, $3::int) returning id`,
      [tenant, id, n],
    );
    return rows.map((row) => row.id);
  }

  test('reassigns chosen opportunities to a salesperson of the tenant', async () => {
    const ids = await freshOpportunities(demo, 3);
    const [, other] = await server.db.query<{ id: number }>('select id from salespersons where tenant_id = $1 order by id limit 2', [demo]);
    const response = await call('manager@demo.test', 'POST', '/api/bulk/opportunities/reassign', { ids, salesperson_id: other!.id });
    expect(response.json()).toEqual({ count: 3 });
    expect(await count('select count(*)::int as n from opportunities where id = any($1::int[]) and salesperson_id = $2', [ids, other!.id])).toBe(3);
    const foreign = await salespersonOf(globex);
    expect((await call('manager@demo.test', 'POST', '/api/bulk/opportunities/reassign', { ids, salesperson_id: foreign.id })).statusCode).toBe(400);
  });

  test("deletes chosen opportunities, leaving their activities unlinked; one id of another tenant deletes nothing", async () => {
    const ids = await freshOpportunities(demo, 2);
    const { id: salesperson } = await salespersonOf(demo);
    await server.db.query(
      `insert into activities (tenant_id, kind, subject, due_at, salesperson_id, opportunity_id) values ($1, 'call', 'About bulk', now(), $2, $3)`,
      [demo, salesperson, ids[0]],
    );
    const theirs = await freshOpportunities(globex, 1);
    const mixed = await call('admin@demo.test', 'POST', '/api/bulk/opportunities/delete', { ids: [...ids, ...theirs] });
    expect(mixed.statusCode).toBe(404);
    expect(await count('select count(*)::int as n from opportunities where id = any($1::int[])', [[...ids, ...theirs]])).toBe(3);
    expect((await call('admin@demo.test', 'POST', '/api/bulk/opportunities/delete', { ids })).json()).toEqual({ count: 2 });
    expect(await count('select count(*)::int as n from opportunities where id = any($1::int[])', [ids])).toBe(0);
    expect(await count("select count(*)::int as n from activities where subject = 'About bulk' and opportunity_id is null", [])).toBe(1);
  });

  test('a deleted customer takes the opportunities naming it along (no opportunity left naming nothing), and its history records it', async () => {
    const name = `Bulk Customer ${Date.now()}`;
    const { id } = (await call('admin@demo.test', 'POST', '/api/customers', { name })).json() as { id: number };
    const { id: salesperson } = await salespersonOf(demo);
    await call('admin@demo.test', 'POST', '/api/opportunities', { ...opportunityRow(salesperson, name), created_date: '2025-05-05' });
    expect((await call('admin@demo.test', 'POST', '/api/bulk/customers/delete', { ids: [id] })).json()).toEqual({ count: 1 });
    expect(await count('select count(*)::int as n from opportunities where tenant_id = $1 and customer = $2', [demo, name])).toBe(0);
    expect(await count(`select count(*)::int as n from record_changes where record_kind = 'customer' and record_id = $1 and action = 'deleted'`, [id])).toBe(1);
  });

  test('a User may neither reassign nor delete', async () => {
    const ids = await freshOpportunities(demo, 1);
    expect((await call('rep@demo.test', 'POST', '/api/bulk/opportunities/delete', { ids })).statusCode).toBe(403);
    const { id } = await salespersonOf(demo);
    expect((await call('rep@demo.test', 'POST', '/api/bulk/opportunities/reassign', { ids, salesperson_id: id })).statusCode).toBe(403);
    expect(await count('select count(*)::int as n from opportunities where id = any($1::int[])', [ids])).toBe(1);
  });
});
