import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * Issue 16: "the server records every change of an opportunity or customer in the
 * same transaction as the change": who changed which field from what to what, when.
 */
let server: TestServer;
let salespersons: { id: number; name: string }[];
beforeAll(async () => {
  server = await startTestServer();
  salespersons = await server.db.query<{ id: number; name: string }>(
    "select s.id, s.name from salespersons s join tenants t on t.id = s.tenant_id where t.name = 'Demo' order by s.id limit 2",
  );
});
afterAll(async () => {
  await server.close();
});

async function call(email: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

interface ChangeRow {
  action: string;
  changes: { field: string; from: string | null; to: string | null }[];
  changed_by_name: string;
  changed_at: Date | string;
}

function historyOf(kind: 'opportunity' | 'customer', id: number) {
  return server.db.query<ChangeRow>(
    'select action, changes, changed_by_name, changed_at from record_changes where record_kind = $1 and record_id = $2 order by id',
    [kind, id],
  );
}

let serial = 0;
function opportunity(change: Record<string, unknown> = {}) {
  return {
    customer: `History Customer ${++serial}`,
    salesperson_id: salespersons[0]!.id,
    stage: 'proposal',
    created_date: '2026-03-05T12:00:00Z',
    revenue: 1000,
    probability: 30,
    ...change,
  };
}

describe('opportunities', () => {
  test('creating one records who created it with its values; each update records the changed fields from and to', async () => {
    const started = Date.now();
    const created = (await call('rep@demo.test', 'POST', '/api/opportunities', opportunity({ customer: 'Hist One' }))).json() as { id: number };
    const update = opportunity({ customer: 'Hist One', stage: 'negotiation', revenue: 1250.5, salesperson_id: salespersons[1]!.id });
    expect((await call('manager@demo.test', 'PUT', `/api/opportunities/${created.id}`, update)).statusCode).toBe(200);

    const history = await historyOf('opportunity', created.id);
    expect(history.map((row) => [row.action, row.changed_by_name])).toEqual([
      ['created', 'Riley Rep'],
      ['updated', 'Morgan Manager'],
    ]);
    expect(history[0]!.changes).toEqual([
      { field: 'customer', from: null, to: 'Hist One' },
      { field: 'salesperson', from: null, to: salespersons[0]!.name },
      { field: 'stage', from: null, to: 'proposal' },
      { field: 'created_date', from: null, to: '2026-03-05' },
      { field: 'revenue', from: null, to: '1000.00' },
      { field: 'probability', from: null, to: '30' },
    ]);
    expect(history[1]!.changes).toEqual([
      { field: 'salesperson', from: salespersons[0]!.name, to: salespersons[1]!.name },
      { field: 'stage', from: 'proposal', to: 'negotiation' },
      { field: 'revenue', from: '1000.00', to: '1250.50' },
    ]);
    expect(new Date(history[1]!.changed_at).getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  test('saving without a change records nothing; a refused save records nothing', async () => {
    const body = opportunity();
    const created = (await call('rep@demo.test', 'POST', '/api/opportunities', body)).json() as { id: number };
    expect((await call('rep@demo.test', 'PUT', `/api/opportunities/${created.id}`, body)).statusCode).toBe(200);
    const refused = await call('rep@demo.test', 'PUT', `/api/opportunities/${created.id}`, { ...body, stage: 'won', salesperson_id: 999_999 });
    expect(refused.statusCode).toBe(400);
    expect((await historyOf('opportunity', created.id)).map((row) => row.action)).toEqual(['created']);
  });

  test('an opportunity naming a new customer creates that customer, which is recorded too', async () => {
    await call('rep@demo.test', 'POST', '/api/opportunities', opportunity({ customer: 'Brand New Hist Ltd' }));
    const [customer] = await server.db.query<{ id: number }>("select id from customers where name = 'Brand New Hist Ltd'");
    const history = await historyOf('customer', customer!.id);
    expect(history).toMatchObject([{ action: 'created', changed_by_name: 'Riley Rep', changes: [{ field: 'name', from: null, to: 'Brand New Hist Ltd' }] }]);
  });
});

describe('customers', () => {
  test('creating and changing a customer is recorded; renaming it records the change of every opportunity naming it', async () => {
    const created = (await call('rep@demo.test', 'POST', '/api/customers', { name: 'Renamed Hist', company: 'Old Co' })).json() as { id: number };
    const deal = (await call('rep@demo.test', 'POST', '/api/opportunities', opportunity({ customer: 'renamed hist' }))).json() as { id: number };
    const put = await call('manager@demo.test', 'PUT', `/api/customers/${created.id}`, { name: 'Renamed Hist GmbH', company: 'New Co', email: 'a@b.de' });
    expect(put.statusCode).toBe(200);

    const history = await historyOf('customer', created.id);
    expect(history.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(history[1]!.changes).toEqual([
      { field: 'name', from: 'Renamed Hist', to: 'Renamed Hist GmbH' },
      { field: 'company', from: 'Old Co', to: 'New Co' },
      { field: 'email', from: '', to: 'a@b.de' },
    ]);
    const dealHistory = await historyOf('opportunity', deal.id);
    expect(dealHistory.at(-1)).toMatchObject({ action: 'updated', changed_by_name: 'Morgan Manager', changes: [{ field: 'customer', from: 'renamed hist', to: 'Renamed Hist GmbH' }] });
  });

  test('a change and its history commit together: a refused duplicate name leaves neither', async () => {
    const first = (await call('rep@demo.test', 'POST', '/api/customers', { name: 'Dup Hist A' })).json() as { id: number };
    await call('rep@demo.test', 'POST', '/api/customers', { name: 'Dup Hist B' });
    expect((await call('rep@demo.test', 'PUT', `/api/customers/${first.id}`, { name: 'dup hist b' })).statusCode).toBe(409);
    expect((await historyOf('customer', first.id)).map((row) => row.action)).toEqual(['created']);
  });

  test("the database keeps an entry's author to a user of the entry's own tenant, and a user's going unlinks their entries without losing them", async () => {
    const [demo] = await server.db.query<{ tenant: number; user: number }>(
      "select tenant_id as tenant, id as user from users where email = 'rep@demo.test'",
    );
    const [stranger] = await server.db.query<{ id: number }>("select id from users where email = 'admin@globex.test'");
    const entry = `insert into record_changes (tenant_id, record_kind, record_id, action, changed_by, changed_by_name)
                   values ($1, 'customer', 0, 'created', $2, 'Someone') returning id`;
    await expect(server.db.query(entry, [demo!.tenant, stranger!.id])).rejects.toThrow(/record_changes_author_fkey/);
    await expect(server.db.query(entry, [demo!.tenant + 1000, demo!.user])).rejects.toThrow(/record_changes_author_fkey/);

    // A user of the tenant, with an entry of their own, who then goes.
    const [leaver] = await server.db.query<{ id: number }>(
      "insert into users (tenant_id, name, email, role_id) values ($1, 'Leaving Person', 'leaving-history@demo.test', 3) returning id",
      [demo!.tenant],
    );
    const [kept] = await server.db.query<{ id: number }>(entry, [demo!.tenant, leaver!.id]);
    await server.db.query('delete from users where id = $1', [leaver!.id]);
    const [after] = await server.db.query<{ tenant_id: number; changed_by: number | null; changed_by_name: string }>(
      'select tenant_id, changed_by, changed_by_name from record_changes where id = $1',
      [kept!.id],
    );
    expect(after).toEqual({ tenant_id: demo!.tenant, changed_by: null, changed_by_name: 'Someone' });
  });
});
