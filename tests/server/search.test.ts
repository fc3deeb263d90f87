import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface Hit {
  kind: string;
  id: number;
  title: string;
  detail: string;
}

async function tenantId(name: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('select id from tenants where name = $1', [name]);
  return row!.id;
}

async function search(email: string, tenant: string, q: string) {
  return server.app.inject({ method: 'GET', url: `/api/search/${await tenantId(tenant)}`, query: { q }, headers: await server.as(email) });
}

async function hits(email: string, tenant: string, q: string): Promise<Hit[]> {
  const response = await search(email, tenant, q);
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: Hit[] }).results;
}

const TABLES: Record<string, string> = {
  customer: 'customers',
  opportunity: 'opportunities',
  activity: 'activities',
  event: 'calendar_events',
  salesperson: 'salespersons',
  user: 'users',
};

async function tenantOf(hit: Hit): Promise<number> {
  const [row] = await server.db.query<{ tenant_id: number }>(`select tenant_id from ${TABLES[hit.kind]} where id = $1`, [hit.id]);
  return row!.tenant_id;
}

describe('the global search', () => {
  test('part of a customer name finds the customer first, then its newest opportunities', async () => {
    const found = await hits('rep@demo.test', 'Demo', 'akato');
    expect(found[0]).toMatchObject({ kind: 'customer', title: 'Nakatomi Trading' });
    const acme = await hits('rep@demo.test', 'Demo', 'acme');
    expect(acme[0]).toMatchObject({ kind: 'customer', title: 'Acme Corp' });
    const opportunities = acme.filter((hit) => hit.kind === 'opportunity');
    expect(opportunities.length).toBe(5);
    expect(opportunities.every((hit) => hit.title === 'Acme Corp')).toBe(true);
    const [newest] = await server.db.query<{ id: number }>(
      "select id from opportunities where tenant_id = $1 and customer = 'Acme Corp' order by created_date desc, id desc limit 1",
      [await tenantId('Demo')],
    );
    expect(opportunities[0]!.id).toBe(newest!.id);
  });

  test('every word must occur, in any order and case; a name equal to the words ranks before one merely containing them', async () => {
    const found = await hits('rep@demo.test', 'Demo', 'REP riley');
    expect(found.map((hit) => [hit.kind, hit.title])).toContainEqual(['salesperson', 'Riley Rep']);
    expect(found.every((hit) => /riley/i.test(hit.title + hit.detail) && /rep/i.test(hit.title + hit.detail))).toBe(true);
    const calls = await hits('rep@demo.test', 'Demo', 'call');
    expect(calls.some((hit) => hit.kind === 'activity')).toBe(true);
    const scores = await hits('rep@demo.test', 'Demo', 'initech');
    expect(scores[0]).toMatchObject({ kind: 'customer', title: 'Initech' });
  });

  test("the texts beside a title are searched too, in any case: a customer's e-mail, an event's location", async () => {
    const byEmail = await hits('rep@demo.test', 'Demo', 'PURCHASING@initech');
    expect(byEmail.map((hit) => [hit.kind, hit.title])).toContainEqual(['customer', 'Initech']);
    const byLocation = await hits('rep@demo.test', 'Demo', 'messe BERLIN');
    expect(byLocation.map((hit) => [hit.kind, hit.title])).toContainEqual(['event', 'Trade fair']);
  });

  test('pattern characters are taken literally', async () => {
    expect(await hits('rep@demo.test', 'Demo', '%')).toEqual([]);
    expect(await hits('rep@demo.test', 'Demo', '_ _')).toEqual([]);
  });

  test('a title starting with the text is found beyond the first rows containing it, whatever characters the text holds', async () => {
    // More rows containing the text than are ranked come first, so only the titles' own
    // range (the index range in byte order) can find the one starting with it.
    const demo = await tenantId('Demo');
    for (const text of ['Ŧrëx%_\\zq', '\u{10ffff}\u{10ffff}', 'ÿzq\u{10ffff}']) {
      await server.db.query(
        `insert into customers (tenant_id, name) select $1, 'Filler ' || n || ' ' || $2 from generate_series(1, 60) as n`,
        [demo, text],
      );
      await server.db.query('insert into customers (tenant_id, name) values ($1, $2)', [demo, `${text} First`]);
      const found = await hits('rep@demo.test', 'Demo', text);
      expect(found[0], text).toMatchObject({ kind: 'customer', title: `${text} First` });
      await server.db.query(
        `delete from customers where tenant_id = $1 and name in (select 'Filler ' || n || ' ' || $2 from generate_series(1, 60) as n union select $2 || ' First')`,
        [demo, text],
      );
    }
  });

  test('users are found by managers only', async () => {
    const byManager = await hits('manager@demo.test', 'Demo', 'newhire');
    expect(byManager.map((hit) => hit.kind)).toContain('user');
    const byRep = await hits('rep@demo.test', 'Demo', 'newhire');
    expect(byRep.map((hit) => hit.kind)).not.toContain('user');
  });

  test('tenant isolation: another tenant is neither searched nor searchable', async () => {
    // Globex has customers of the same names; only Demo's are found for a Demo person.
    const demo = await tenantId('Demo');
    for (const hit of await hits('manager@demo.test', 'Demo', 'a')) expect(await tenantOf(hit)).toBe(demo);
    expect(await hits('manager@demo.test', 'Demo', 'Scorpio')).toEqual([]);
    expect(await hits('admin@globex.test', 'Globex', 'Nakatomi')).toEqual([]);
    expect((await search('admin@globex.test', 'Demo', 'Nakatomi')).statusCode).toBe(404);
  });

  test('a record written goes straight into its trigram index: no pending list that every search would read whole', async () => {
    const demo = await tenantId('Demo');
    const searched: [index: string, table: string, column: string][] = [
      ['customers_search_trgm', 'customers', 'name'],
      ['activities_search_trgm', 'activities', 'subject'],
      ['calendar_events_search_trgm', 'calendar_events', 'title'],
      ['salespersons_search_trgm', 'salespersons', 'name'],
      ['users_search_trgm', 'users', 'name'],
    ];
    for (const [index, table, column] of searched) {
      const [row] = await server.db.query<{ id: number }>(`select id from ${table} where tenant_id = $1 order by id limit 1`, [demo]);
      // A new text, then the old one again: two writes of the searched text.
      await server.db.query(`update ${table} set ${column} = ${column} || ' wombat' where id = $1`, [row!.id]);
      await server.db.query(`update ${table} set ${column} = left(${column}, -length(' wombat')) where id = $1`, [row!.id]);
      const [pending] = await server.db.query<{ pages: number }>('select gin_clean_pending_list($1::regclass) as pages', [index]);
      expect(pending!.pages, index).toBe(0);
    }
  });

  test('an empty or overlong text is refused in words', async () => {
    expect((await search('rep@demo.test', 'Demo', '')).statusCode).toBe(400);
    expect((await search('rep@demo.test', 'Demo', 'x'.repeat(101))).statusCode).toBe(400);
  });
});
