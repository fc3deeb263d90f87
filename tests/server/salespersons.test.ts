import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../server/http/contract.ts';
import { expectRefusal } from '../support/refusals.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function call(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

/** The body the Edit Salesperson screen sends: every field, of which only phone and mobile count. */
function editBody(salesperson: { name: string; email: string; phone: string; mobile: string }, change: { phone?: string; mobile?: string }) {
  const { name, email, phone, mobile } = salesperson;
  return { name, email, phone, mobile, latest_login: null, status: 1, ...change };
}

async function salespersonOf(email: string) {
  const [row] = await server.db.query<{ id: number; name: string; email: string; phone: string; mobile: string; latest_login: Date }>(
    'select id, name, email, phone, mobile, latest_login from salespersons where email = $1',
    [email],
  );
  return row!;
}

describe('GET /api/salespersons/getAllData/{tenant_id}', () => {
  test('lists every salesperson of the tenant with id and name, to every role', async () => {
    for (const email of ['admin@demo.test', 'manager@demo.test', 'rep@demo.test']) {
      const response = await call(email, 'GET', '/api/salespersons/getAllData/1');
      expect(response.statusCode).toBe(200);
      const list = response.json() as Array<{ id: number; name: string; email: string; latest_login: string | null }>;
      expect(list).toHaveLength(23);
      expect(list.map((s) => s.email)).toContain('rep@demo.test');
      expect(list.every((s) => s.email.endsWith('@demo.test'))).toBe(true);
      expect(list.every((s) => s.latest_login === null || !Number.isNaN(Date.parse(s.latest_login)))).toBe(true);
    }
  });
});

test("the list holds each salesperson exactly as their own record answers, by name, and JSON's content type", async () => {
  // A sign-in stamps latest_login to the microsecond: the list and the record must agree on it.
  // Each entry is kept with its row (migration 087): a renaming in SQL shows at once, and moves it by name.
  const { name } = await salespersonOf('rep@demo.test');
  await server.db.query("update salespersons set latest_login = '2026-03-04T05:06:07.891734Z', name = 'Aaron \"Quoted\" Ærø' where email = 'rep@demo.test'");
  const response = await call('admin@demo.test', 'GET', '/api/salespersons/getAllData/1');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const list = response.json() as Array<{ id: number; name: string }>;
  const records = await Promise.all(list.map(async ({ id }) => (await call('admin@demo.test', 'GET', `/api/salespersons/${id}`)).json()));
  expect(list).toEqual(records);
  expect(list.find((s) => s.id === records.find((r) => r.email === 'rep@demo.test').id)).toMatchObject({ latest_login: '2026-03-04T05:06:07Z' });
  const byName = [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  expect(list.map((s) => s.id)).toEqual(byName.map((s) => s.id));
  expect(list[0]).toMatchObject({ name: 'Aaron "Quoted" Ærø' });
  await server.db.query('update salespersons set name = $1 where email = $2', [name, 'rep@demo.test']);
});

describe('GET /api/salespersons/{id}', () => {
  test('answers a salesperson of the tenant', async () => {
    const rep = await salespersonOf('rep@demo.test');
    const response = await call('rep@demo.test', 'GET', `/api/salespersons/${rep.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: rep.id,
      name: 'Riley Rep',
      email: 'rep@demo.test',
      phone: rep.phone,
      mobile: rep.mobile,
      latest_login: `${new Date(rep.latest_login).toISOString().slice(0, 19)}Z`,
      status: 1,
    });
  });
});

describe('PUT /api/salespersons/{id}', () => {
  test('changes phone and mobile only: name, e-mail and latest login in the body are ignored', async () => {
    const rep = await salespersonOf('rep@demo.test');
    const response = await call('manager@demo.test', 'PUT', `/api/salespersons/${rep.id}`, {
      name: 'Someone Else',
      email: 'someone.else@demo.test',
      phone: '030 1234 5678',
      mobile: '+49 151 2345678',
      latest_login: '1999-01-01T00:00:00Z',
      status: 7,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: rep.id, name: 'Riley Rep', email: 'rep@demo.test', phone: '030 1234 5678', mobile: '+49 151 2345678', status: 1 });
    const after = await salespersonOf('rep@demo.test');
    expect(after).toEqual({ ...rep, phone: '030 1234 5678', mobile: '+49 151 2345678' });
  });

  test.each(['0049 30 123456', '+1 555 0100', '00441234567', '0301234567', '12', '0'])('accepts the phone number %s', async (phone) => {
    const rep = await salespersonOf('rep@demo.test');
    const response = await call('admin@demo.test', 'PUT', `/api/salespersons/${rep.id}`, editBody(rep, { phone, mobile: phone }));
    expect(response.statusCode).toBe(200);
  });

  test.each(['+0123456', 'abc', '+49 30 123 456 789 012 34', '+49-30-1234', '030  1234'])(
    "refuses the phone number %s with 400 'Invalid Phone number format'",
    async (phone) => {
      const rep = await salespersonOf('rep@demo.test');
      const response = await call('admin@demo.test', 'PUT', `/api/salespersons/${rep.id}`, editBody(rep, { phone, mobile: '0301234567' }));
      expectRefusal(response, { phone: 'Invalid Phone number format' });
    },
  );

  test('is refused to Users (403), like the screen', async () => {
    const rep = await salespersonOf('rep@demo.test');
    const response = await call('rep@demo.test', 'PUT', `/api/salespersons/${rep.id}`, editBody(rep, { phone: '0301234567' }));
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/salespersons', () => {
  test('creates the salesperson of the tenant user with that e-mail, after the user (201)', async () => {
    const user = await call('admin@demo.test', 'POST', '/api/users', {
      name: 'Sally Seller',
      email: 'sally@demo.test',
      password: 'sally-password',
      role_id: 3,
      status: 1,
    });
    expect(user.statusCode).toBe(201);
    const response = await call('admin@demo.test', 'POST', '/api/salespersons', {
      name: 'Sally Seller',
      email: 'sally@demo.test',
      phone: '+4930555555',
      mobile: '+49151555555',
      status: 1,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Sally Seller', email: 'sally@demo.test', latest_login: null, status: 1 });
    const [row] = await server.db.query('select user_id, tenant_id from salespersons where email = $1', ['sally@demo.test']);
    expect(row).toEqual({ user_id: user.json().id, tenant_id: 1 });
  });

  test("answers 409 when the user already has a salesperson", async () => {
    const response = await call('admin@demo.test', 'POST', '/api/salespersons', { name: 'Riley Rep', email: 'rep@demo.test', phone: '+4930555555', mobile: '+49151555555', status: 1 });
    expect(response.statusCode).toBe(409);
  });

  test('answers 404 when no user of the tenant has the e-mail', async () => {
    for (const email of ['nobody@demo.test', 'hank@globex.test']) {
      const response = await call('admin@demo.test', 'POST', '/api/salespersons', { name: 'X', email, phone: '+4930555555', mobile: '+49151555555', status: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  test('is refused to Users (403)', async () => {
    const response = await call('rep@demo.test', 'POST', '/api/salespersons', { name: 'New Hire', email: 'newhire@demo.test', phone: '+4930555555', mobile: '+49151555555', status: 1 });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/teams/searchTeam', () => {
  test('answers the teams of the salesperson, by name', async () => {
    const [first] = await server.db.query<{ id: number }>('select min(id)::int as id from salespersons where tenant_id = 1');
    const response = await call('rep@demo.test', 'POST', '/api/teams/searchTeam', { salespersonId: first!.id });
    expect(response.statusCode).toBe(200);
    // The seed puts the first salesperson in two teams.
    expect(response.json()).toEqual([
      { id: expect.any(Number), name: 'Enterprise' },
      { id: expect.any(Number), name: 'Mid-Market' },
    ]);
  });
});

describe('POST /api/opportunities/anlaysis', () => {
  // Exactly the fields the document describes (the spec's four), nothing else of the row.
  const opportunityFields = Object.keys(loadContract().component('AnalysisEntry').properties as object).sort();

  test("answers every opportunity of the caller's tenant in the year, with the fields the dashboard reads", async () => {
    const response = await call('rep@demo.test', 'POST', '/api/opportunities/anlaysis', { year: 2025, tenantId: 1 });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<{ created_date: string; revenue: number; probability: number; salesperson_id: number }>;
    const [{ n }] = (await server.db.query<{ n: number }>(
      `select count(*)::int as n from opportunities where tenant_id = 1
       and created_date >= '2024-12-31T10:00:00Z' and created_date < '2026-01-01T14:00:00Z'`,
    )) as [{ n: number }];
    expect(list).toHaveLength(n);
    expect(n).toBeGreaterThan(900);
    expect(opportunityFields).toEqual(['created_date', 'probability', 'revenue', 'salesperson_id']);
    for (const opportunity of list) {
      expect(Object.keys(opportunity).sort()).toEqual(opportunityFields);
      // Compactly: to the second in UTC, a date-time as the document's format asks.
      expect(opportunity.created_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(typeof opportunity.revenue).toBe('number');
      expect(opportunity.probability).toBeGreaterThanOrEqual(0);
      expect(opportunity.probability).toBeLessThanOrEqual(100);
    }
  });

  test('each entry is its opportunity as stored now, however the row was written, oldest first (migrations 010 and 014 keep it with the row)', async () => {
    await server.db.query(
      "update opportunities set revenue = revenue + 1000000 where id in (select id from opportunities where tenant_id = 1 and created_date >= '2025-03-01' and created_date < '2025-12-01' order by id limit 3)",
    );
    const answer = (await call('rep@demo.test', 'POST', '/api/opportunities/anlaysis', { year: 2025, tenantId: 1 })).json() as Array<Record<string, unknown>>;
    const rows = await server.db.query<{ created_date: Date | string; revenue: number; probability: number; salesperson_id: number }>(
      `select created_date, revenue::float8 as revenue, probability, salesperson_id from opportunities
       where tenant_id = 1 and created_date >= '2024-12-31T10:00:00Z' and created_date < '2026-01-01T14:00:00Z'
       order by created_date, id`,
    );
    const toTheSecond = (instant: Date | string) => `${new Date(instant).toISOString().slice(0, 19)}Z`;
    expect(answer).toEqual(rows.map((row) => ({ ...row, created_date: toTheSecond(row.created_date) })));
    expect(answer.filter((entry) => (entry.revenue as number) > 1_000_000)).toHaveLength(3);
  });

  test("covers the year in every time zone: from 14 hours before its UTC start to 14 hours after its UTC end", async () => {
    const [salesperson] = await server.db.query<{ id: number }>('select min(id)::int as id from salespersons where tenant_id = 1');
    const edges = ['2023-12-31T10:00:00.000Z', '2024-01-01T00:00:00.000Z', '2024-12-31T23:59:59.000Z', '2025-01-01T13:59:59.000Z'];
    const outside = ['2023-12-31T09:59:59.999Z', '2025-01-01T14:00:00.000Z'];
    for (const created of [...edges, ...outside]) {
      await server.db.query('insert into opportunities (tenant_id, salesperson_id, created_date, revenue, probability) values (1, $1, $2, 10.01, 50)', [
        salesperson!.id,
        created,
      ]);
    }
    const response = await call('rep@demo.test', 'POST', '/api/opportunities/anlaysis', { year: 2024, tenantId: 1 });
    const inserted = (response.json() as Array<{ created_date: string; revenue: number }>).filter((o) => o.revenue === 10.01);
    const instants = inserted.map((o) => new Date(o.created_date).toISOString()).sort();
    expect(instants).toEqual(edges);
  });
});

test.each([1970, 9999])('answers the years at the ends of the range too (%i), with no opportunities', async (year) => {
  const response = await call('rep@demo.test', 'POST', '/api/opportunities/anlaysis', { year, tenantId: 1 });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual([]);
});

describe('GET /tenant-service/get-tenant', () => {
  const expired = async (email: string) => {
    const response = await server.app.inject({ url: `/tenant-service/get-tenant?email=${encodeURIComponent(email)}` });
    expect(response.statusCode).toBe(200);
    return response.json().result.subscription_expired as boolean;
  };

  test('reports an expired subscription for a user of the Lapsed tenant, whatever the case', async () => {
    expect(await expired('Expired@Lapsed.test')).toBe(true);
  });

  test('reports a running subscription for Demo and Globex, and for an unknown e-mail', async () => {
    expect(await expired('admin@demo.test')).toBe(false);
    expect(await expired('admin@globex.test')).toBe(false);
    expect(await expired('nobody@nowhere.test')).toBe(false);
  });
});
