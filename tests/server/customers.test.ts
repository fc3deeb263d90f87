import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { detailsOf } from '../../server/db/seed-customers.ts';
import { expectRefusal } from '../support/refusals.ts';
import { CUSTOMER_MESSAGES, RECORD_LIMITS } from '../../src/domain/rules/records.ts';
import { lengthProblem } from '../../src/domain/rules/fields.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { CUSTOMER } from '../../server/answers/projections.ts';
import { customersOfSums, summariseCustomers, sortCustomers } from '../../src/domain/opportunities/customers.ts';
import { toOpportunityRows } from '../../src/domain/opportunities/rows.ts';
import type { CustomerYearSums, Opportunity, Schemas } from '../../src/api/client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Customer = Schemas['Customer'];

async function call(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

async function tenantId(name: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('select id from tenants where name = $1', [name]);
  return row!.id;
}

async function customerNamed(tenant: string, name: string) {
  const [row] = await server.db.query<{ id: number }>(
    'select c.id from customers c join tenants t on t.id = c.tenant_id where t.name = $1 and c.name = $2',
    [tenant, name],
  );
  return row?.id;
}

async function opportunitiesNaming(tenant: string, customer: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    'select count(*)::int as n from opportunities o join tenants t on t.id = o.tenant_id where t.name = $1 and o.customer = $2',
    [tenant, customer],
  );
  return row!.n;
}

let serial = 0;
const uniqueName = (stem: string) => `${stem} ${Date.now().toString(36)}-${++serial}`;

describe('the seeded customers', () => {
  test('every customer name of the Demo opportunities is a customer record with company, e-mail and phone, plus two prospects', async () => {
    const response = await call('rep@demo.test', 'GET', `/api/customers/getAllData/${await tenantId('Demo')}`);
    expect(response.statusCode).toBe(200);
    const customers = response.json() as Customer[];
    const [{ names }] = (await server.db.query<{ names: string[] }>(
      "select array_agg(distinct customer order by customer) as names from opportunities where tenant_id = $1 and customer <> ''",
      [await tenantId('Demo')],
    )) as [{ names: string[] }];
    expect(customers.map((c) => c.name).sort()).toEqual([...names, 'Nakatomi Trading', 'Oceanic Airlines'].sort());
    const acme = customers.find((c) => c.name === 'Acme Corp')!;
    expect(acme).toMatchObject({ ...detailsOf('Acme Corp'), notes: '' });
    expect(acme.email).toBe('purchasing@acme-corp.example');
  });

  test('the list is ordered by name', async () => {
    const customers = (await call('rep@demo.test', 'GET', `/api/customers/getAllData/${await tenantId('Demo')}`)).json() as Customer[];
    const names = customers.map((c) => c.name.toLowerCase());
    expect(names).toEqual(names.slice().sort());
  });
});

test('the list holds each customer as the Customer projection writes them, current after writes in SQL of awkward values', async () => {
  const demo = await tenantId('Demo');
  const listIsProjection = async () => {
    const list = (await call('rep@demo.test', 'GET', `/api/customers/getAllData/${demo}`)).json() as Customer[];
    expect(list).toEqual(await server.db.query(`select ${CUSTOMER.select} from ${CUSTOMER.from} where tenant_id = $1 order by lower(name), name, id`, [demo]));
    return list;
  };
  const [first] = await server.db.query<{ id: number; notes: string; company: string }>('select id, notes, company from customers where tenant_id = $1 order by id limit 1', [demo]);
  await listIsProjection();
  await server.db.query("update customers set notes = $2, company = $3, created_at = '2025-03-30T01:30:00.5+02:00' where id = $1", [first!.id, 'Quote " and \\ back\tslash Ünïcödé 😀 \u0001', "O'Brien & Co <b>"]);
  expect((await listIsProjection()).find((customer) => customer.id === first!.id)).toMatchObject({ company: "O'Brien & Co <b>", created_at: '2025-03-29T23:30:00Z' });
  await server.db.query('update customers set notes = $2, company = $3 where id = $1', [first!.id, first!.notes, first!.company]);
});

describe('POST → GET → PUT round trip', () => {
  test('a user of any role adds a customer (201), reads it back and changes every field', async () => {
    const name = uniqueName('Round Trip');
    const created = await call('rep@demo.test', 'POST', '/api/customers', {
      name: `  ${name}  `,
      company: 'Round Trip GmbH',
      email: 'Buyer@Round-Trip.example',
      phone: '+49 30 1234567',
      notes: 'Met at the fair.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json() as Customer;
    expect(customer).toMatchObject({ name, company: 'Round Trip GmbH', email: 'buyer@round-trip.example', phone: '+49 30 1234567', notes: 'Met at the fair.' });
    expect(Number.isNaN(Date.parse(customer.created_at))).toBe(false);

    const read = await call('manager@demo.test', 'GET', `/api/customers/${customer.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(customer);

    const renamed = uniqueName('Round Trip Renamed');
    const updated = await call('admin@demo.test', 'PUT', `/api/customers/${customer.id}`, { name: renamed, company: '', email: '', phone: '', notes: '' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ ...customer, name: renamed, company: '', email: '', phone: '', notes: '' });
    expect((await call('rep@demo.test', 'GET', `/api/customers/${customer.id}`)).json()).toEqual(updated.json());
  });

  test('only the name is required; the other fields default to empty', async () => {
    const name = uniqueName('Just A Name');
    const created = await call('rep@demo.test', 'POST', '/api/customers', { name });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name, company: '', email: '', phone: '', notes: '' });
  });

  test('a new customer appears in the tenant list', async () => {
    const name = uniqueName('Listed');
    const { id } = (await call('rep@demo.test', 'POST', '/api/customers', { name })).json() as Customer;
    const list = (await call('rep@demo.test', 'GET', `/api/customers/getAllData/${await tenantId('Demo')}`)).json() as Customer[];
    expect(list.find((c) => c.id === id)?.name).toBe(name);
  });
});

describe('renaming a customer', () => {
  test('renames it on every opportunity of the tenant that named it, and on no other tenant', async () => {
    const before = await opportunitiesNaming('Demo', 'Initech');
    const globexBefore = await opportunitiesNaming('Globex', 'Initech');
    expect(before).toBeGreaterThan(0);
    expect(globexBefore).toBeGreaterThan(0);
    const id = (await customerNamed('Demo', 'Initech'))!;
    const current = (await call('rep@demo.test', 'GET', `/api/customers/${id}`)).json() as Customer;

    const response = await call('rep@demo.test', 'PUT', `/api/customers/${id}`, { ...current, id: undefined, created_at: undefined, name: 'Initech Global' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await opportunitiesNaming('Demo', 'Initech')).toBe(0);
    expect(await opportunitiesNaming('Demo', 'Initech Global')).toBe(before);
    expect(await opportunitiesNaming('Globex', 'Initech')).toBe(globexBefore);

    const back = await call('rep@demo.test', 'PUT', `/api/customers/${id}`, { name: 'Initech', company: current.company, email: current.email, phone: current.phone, notes: current.notes });
    expect(back.statusCode).toBe(200);
    expect(await opportunitiesNaming('Demo', 'Initech')).toBe(before);
  });

  test('a refused rename changes no opportunity', async () => {
    const id = (await customerNamed('Demo', 'Hooli'))!;
    const before = await opportunitiesNaming('Demo', 'Hooli');
    const response = await call('rep@demo.test', 'PUT', `/api/customers/${id}`, { name: 'UMBRELLA' });
    expect(response.statusCode).toBe(409);
    expect(await opportunitiesNaming('Demo', 'Hooli')).toBe(before);
  });
});

describe('duplicate names', () => {
  test('adding a name the tenant already has, in any case, answers 409 with a clear message', async () => {
    const response = await call('rep@demo.test', 'POST', '/api/customers', { name: 'acme corp' });
    expectRefusal(response, { name: 'A customer named "acme corp" already exists.' }, 409);
  });

  test('renaming onto another customer of the tenant answers 409; changing only the case of its own name does not', async () => {
    const id = (await customerNamed('Demo', 'Soylent'))!;
    const taken = await call('rep@demo.test', 'PUT', `/api/customers/${id}`, { name: 'Tyrell' });
    expectRefusal(taken, { name: 'A customer named "Tyrell" already exists.' }, 409);
    expect((await call('rep@demo.test', 'PUT', `/api/customers/${id}`, { name: 'SOYLENT' })).statusCode).toBe(200);
    expect(await opportunitiesNaming('Demo', 'Soylent')).toBe(0);
    expect((await call('rep@demo.test', 'PUT', `/api/customers/${id}`, { name: 'Soylent' })).statusCode).toBe(200);
  });

  test('another tenant may use the same name', async () => {
    const name = uniqueName('Shared Name');
    expect((await call('admin@demo.test', 'POST', '/api/customers', { name })).statusCode).toBe(201);
    expect((await call('admin@globex.test', 'POST', '/api/customers', { name })).statusCode).toBe(201);
  });
});

describe('validation answers 400 with a message naming the field', () => {
  test.each([
    ['name (empty)', { name: '' }, 'name', CUSTOMER_MESSAGES.nameMissing],
    ['name (only spaces)', { name: '   ' }, 'name', CUSTOMER_MESSAGES.nameMissing],
    ['name (201 characters)', { name: 'x'.repeat(201) }, 'name', lengthProblem('Name', 'x'.repeat(201), RECORD_LIMITS.customerName)!],
    ['name (missing)', {}, 'name', CUSTOMER_MESSAGES.nameMissing],
    ['email (no @)', { name: 'Fine', email: 'not-an-email' }, 'email', CUSTOMER_MESSAGES.emailInvalid],
    ['email (a space)', { name: 'Fine', email: 'two words@example.com' }, 'email', CUSTOMER_MESSAGES.emailInvalid],
    ['phone (letters)', { name: 'Fine', phone: '12ab' }, 'phone', CUSTOMER_MESSAGES.phoneInvalid],
    ['phone (plus then 0)', { name: 'Fine', phone: '+0 30 123' }, 'phone', CUSTOMER_MESSAGES.phoneInvalid],
    ['notes (2001 characters)', { name: 'Fine', notes: 'n'.repeat(2001) }, 'notes', lengthProblem('Notes', 'n'.repeat(2001), RECORD_LIMITS.notes)!],
    ['company (201 characters)', { name: 'Fine', company: 'c'.repeat(201) }, 'company', lengthProblem('Company', 'c'.repeat(201), RECORD_LIMITS.company)!],
    ['tenant_id (not a field)', { name: 'Fine', tenant_id: 2 }, 'tenant_id', 'Tenant cannot be sent here.'],
  ])('POST with a bad %s names the field', async (_case, body, field, message) => {
    const response = await call('rep@demo.test', 'POST', '/api/customers', body);
    expectRefusal(response, { [field]: message });
  });

  test('PUT checks the same', async () => {
    const id = (await customerNamed('Demo', 'Wonka'))!;
    const response = await call('rep@demo.test', 'PUT', `/api/customers/${id}`, { name: 'Wonka', email: 'wonka' });
    expectRefusal(response, { email: CUSTOMER_MESSAGES.emailInvalid });
  });
});

describe("another tenant's customers", () => {
  test('answer 404 to reading and changing them, and stay unchanged', async () => {
    const id = (await customerNamed('Globex', 'Cyberdyne'))!;
    const [before] = await server.db.query('select * from customers where id = $1', [id]);
    const opportunities = await opportunitiesNaming('Globex', 'Cyberdyne');
    for (const response of [
      await call('rep@demo.test', 'GET', `/api/customers/${id}`),
      await call('admin@demo.test', 'PUT', `/api/customers/${id}`, { name: 'Taken Over' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
    expect(await server.db.query('select * from customers where id = $1', [id])).toEqual([before]);
    expect(await opportunitiesNaming('Globex', 'Cyberdyne')).toBe(opportunities);
  });

  test("another tenant's list answers 404, and the own list holds none of its customers", async () => {
    const globex = await tenantId('Globex');
    expect((await call('rep@demo.test', 'GET', `/api/customers/getAllData/${globex}`)).statusCode).toBe(404);
    const own = (await call('rep@demo.test', 'GET', `/api/customers/getAllData/${await tenantId('Demo')}`)).json() as Customer[];
    const globexIds = (await server.db.query<{ id: number }>('select id from customers where tenant_id = $1', [globex])).map((row) => row.id);
    expect(own.filter((c) => globexIds.includes(c.id))).toEqual([]);
  });

  test('a missing id answers 404', async () => {
    expect((await call('rep@demo.test', 'GET', '/api/customers/2147483647')).statusCode).toBe(404);
  });
});

describe("the customer list's sums of a year (GET /api/customers/summaries)", () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const summaries = async (year: number, query = `zone=${encodeURIComponent(zone)}`) =>
    call('rep@demo.test', 'GET', `/api/customers/summaries/${await tenantId('Demo')}?year=${year}&${query}`);

  test('are what the app summed from the year\'s opportunities and the stored customers, names only opportunities use and other spellings included', async () => {
    const demo = await tenantId('Demo');
    // A name no stored customer has, another spelling of a stored one, and a won deal.
    await server.db.query(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select $1, (select id from salespersons where tenant_id = $1 limit 1), customer, stage, created_date, revenue, probability
       from unnest(array['Only In Deals', 'WONKA', 'Wonka'], array['proposal', 'closed won', 'closed won'],
                   array['2025-02-03T10:00:00Z', '2025-06-30T23:30:00Z', '2025-12-31T12:00:00Z']::timestamptz[],
                   array[10.25, 1000.5, 333.33]::numeric[], array[35, 100, 90]) as given (customer, stage, created_date, revenue, probability)`,
      [demo],
    );
    const response = await summaries(2025);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as CustomerYearSums[];
    const opportunities = (await call('rep@demo.test', 'GET', `/api/opportunities/getAllData/${demo}?year=2025`)).json() as Opportunity[];
    const directory = (await call('rep@demo.test', 'GET', `/api/customers/getAllData/${demo}`)).json() as Customer[];
    const expected = summariseCustomers(toOpportunityRows({ opportunities, salespersons: [] }, 2025), directory);
    const byName = { key: 'customer', direction: 'ascending' } as const;
    expect(sortCustomers(customersOfSums(answer), byName)).toEqual(sortCustomers(expected, byName));
    expect(answer.find((sum) => sum.customer === 'Only In Deals')).toMatchObject({ id: null, company: '', opportunities: 1, revenue: 10.25 });
    expect(answer.filter((sum) => sum.customer.toLowerCase() === 'wonka')).toMatchObject([{ customer: 'Wonka', won: expect.any(Number) }]);
    expect(answer.find((sum) => sum.customer === 'Wonka')!.won).toBeGreaterThanOrEqual(2);

    // A write in SQL shows in the very next answer.
    await server.db.query("update opportunities set revenue = 11.25 where tenant_id = $1 and customer = 'Only In Deals'", [demo]);
    const after = (await summaries(2025)).json() as CustomerYearSums[];
    expect(after.find((sum) => sum.customer === 'Only In Deals')).toMatchObject({ opportunities: 1, revenue: 11.25 });
  });

  test("a customer's company, name or removal written in SQL shows in the very next answer", async () => {
    const demo = await tenantId('Demo');
    const [customer] = await server.db.query<{ id: number; name: string; company: string }>('select id, name, company from customers where tenant_id = $1 order by id limit 1', [demo]);
    const rowOf = async () => ((await summaries(2025)).json() as CustomerYearSums[]).find((sum) => sum.id === customer!.id);
    expect(await rowOf()).toMatchObject({ customer: customer!.name, company: customer!.company });
    expect(await rowOf()).toMatchObject({ customer: customer!.name, company: customer!.company });

    await server.db.query('update customers set company = $2 where id = $1', [customer!.id, 'Written In SQL Ltd']);
    expect(await rowOf()).toMatchObject({ customer: customer!.name, company: 'Written In SQL Ltd' });
    await server.db.query('update customers set name = $2 where id = $1', [customer!.id, 'Renamed In SQL']);
    expect(await rowOf()).toMatchObject({ customer: 'Renamed In SQL', company: 'Written In SQL Ltd' });
    // Back as it was: the answer is the one of these customers.
    await server.db.query('update customers set name = $2, company = $3 where id = $1', [customer!.id, customer!.name, customer!.company]);
    expect(await rowOf()).toMatchObject({ customer: customer!.name, company: customer!.company });
    await server.db.query('delete from customers where id = $1', [customer!.id]);
    expect(await rowOf()).toBeUndefined();
  });

  test('every stored customer is there in a year without opportunities, with zeros', async () => {
    const answer = (await summaries(1999)).json() as CustomerYearSums[];
    const stored = await server.db.query<{ count: number }>('select count(*)::int as count from customers where tenant_id = $1', [await tenantId('Demo')]);
    expect(answer).toHaveLength(stored[0]!.count);
    expect(answer.every((sum) => sum.opportunities === 0 && sum.revenue === 0 && sum.latest_date === null && sum.id !== null)).toBe(true);
  });

  test('a time zone that is not one is refused in words', async () => {
    const response = await summaries(2025, 'zone=Mars%2FOlympus');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Mars/Olympus is not a time zone');
  });
});
