import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../server/http/contract.ts';
import { PIPELINE_STAGES } from '../../src/domain/opportunities/pipeline.ts';
import { expectRefusal } from '../support/refusals.ts';
import { OPPORTUNITY_MESSAGES, RECORD_LIMITS } from '../../src/domain/rules/records.ts';
import { amountValueProblem } from '../../src/domain/rules/amounts.ts';
import { lengthProblem, probabilityMessage } from '../../src/domain/rules/fields.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
let demoSalespersonIds: number[];
let globexSalespersonId: number;
let globexOpportunityId: number;
beforeAll(async () => {
  server = await startTestServer();
  const ids = (email: string) =>
    server.db.query<{ id: number }>(
      'select s.id from salespersons s join users u on u.tenant_id = s.tenant_id where u.email = $1 order by s.id',
      [email],
    );
  demoSalespersonIds = (await ids('admin@demo.test')).map((row) => row.id);
  globexSalespersonId = (await ids('admin@globex.test'))[0]!.id;
  const [globexOpportunity] = await server.db.query<{ id: number }>(
    "select o.id from opportunities o join tenants t on t.id = o.tenant_id where t.name = 'Globex' order by o.id limit 1",
  );
  globexOpportunityId = globexOpportunity!.id;
});
afterAll(async () => {
  await server.close();
});

async function call(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

let serial = 0;
function body(change: Record<string, unknown> = {}) {
  serial += 1;
  return {
    customer: `Records Test Customer ${serial}`,
    salesperson_id: demoSalespersonIds[0]!,
    stage: 'proposal',
    created_date: '2026-03-05T09:30:00.000Z',
    revenue: 1234.5,
    probability: 40,
    ...change,
  };
}

async function customersNamed(name: string) {
  return server.db.query<{ name: string; tenant_id: number }>('select name, tenant_id from customers where lower(name) = lower($1)', [name]);
}

describe('POST /api/opportunities, GET and PUT /api/opportunities/{id}', () => {
  test('creates an opportunity, reads it back and replaces it, answering the stored record each time', async () => {
    const sent = body({ customer: '  Round Trip Ltd  ' });
    const created = await call('rep@demo.test', 'POST', '/api/opportunities', sent);
    expect(created.statusCode).toBe(201);
    const stored = created.json() as { id: number };
    expect(stored).toEqual({
      id: expect.any(Number),
      customer: 'Round Trip Ltd',
      salesperson_id: sent.salesperson_id,
      stage: 'proposal',
      created_date: '2026-03-05T09:30:00Z',
      revenue: 1234.5,
      probability: 40,
    });

    const read = await call('admin@demo.test', 'GET', `/api/opportunities/${stored.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(stored);

    const change = body({ customer: 'Round Trip Ltd', salesperson_id: demoSalespersonIds[1], stage: 'closed won', revenue: 999999999999.99, probability: 100 });
    const updated = await call('rep@demo.test', 'PUT', `/api/opportunities/${stored.id}`, change);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...change, id: stored.id, created_date: '2026-03-05T09:30:00Z' });
    expect((await call('rep@demo.test', 'GET', `/api/opportunities/${stored.id}`)).json()).toEqual(updated.json());
  });

  test('the dashboard finds a new opportunity in the year of its created_date', async () => {
    const created = (await call('admin@demo.test', 'POST', '/api/opportunities', body({ created_date: '2027-02-01T10:00:00+02:00' }))).json() as {
      id: number;
    };
    const year = (await call('admin@demo.test', 'GET', '/api/opportunities/getAllData/1?year=2027')).json() as Array<{ id: number }>;
    expect(year.map((opportunity) => opportunity.id)).toContain(created.id);
    const analysis = (await call('admin@demo.test', 'POST', '/api/opportunities/anlaysis', { year: 2027, tenantId: 1 })).json() as Array<{ created_date: string }>;
    expect(analysis.map((entry) => entry.created_date)).toContain('2027-02-01T08:00:00Z');
  });

  test('a bare date is refused under the field: the contract and the editor both ask for a date-time', async () => {
    const created = await call('admin@demo.test', 'POST', '/api/opportunities', body({ created_date: '2026-07-04' }));
    expectRefusal(created, { created_date: OPPORTUNITY_MESSAGES.dateInvalid });
  });

  test('a new customer name joins the tenant\'s customers once, whatever its case', async () => {
    const name = `Directory Newcomer ${Date.now()}`;
    expect(await customersNamed(name)).toEqual([]);
    await call('admin@demo.test', 'POST', '/api/opportunities', body({ customer: name }));
    await call('admin@demo.test', 'POST', '/api/opportunities', body({ customer: name.toUpperCase() }));
    expect(await customersNamed(name)).toEqual([{ name, tenant_id: 1 }]);

    const created = (await call('admin@demo.test', 'POST', '/api/opportunities', body())).json() as { id: number };
    const renamed = `Renamed Customer ${Date.now()}`;
    await call('admin@demo.test', 'PUT', `/api/opportunities/${created.id}`, body({ customer: renamed }));
    expect(await customersNamed(renamed)).toEqual([{ name: renamed, tenant_id: 1 }]);
  });

  test('accepts exactly the pipeline stages', async () => {
    const contractStages = loadContract().component('OpportunityStage').enum;
    expect(contractStages).toEqual([...PIPELINE_STAGES]);
    for (const stage of PIPELINE_STAGES) {
      expect((await call('admin@demo.test', 'POST', '/api/opportunities', body({ stage }))).statusCode).toBe(201);
    }
  });
});

describe('refusals', () => {
  const M = OPPORTUNITY_MESSAGES;
  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['a missing customer', { customer: undefined }, 'customer', M.customerMissing],
    ['a blank customer', { customer: '   ' }, 'customer', M.customerMissing],
    ['a customer over 200 characters', { customer: 'x'.repeat(201) }, 'customer', lengthProblem('Customer', 'x'.repeat(201), RECORD_LIMITS.customer)!],
    ['a stage outside the pipeline', { stage: 'won' }, 'stage', M.stageUnknown],
    ['a date that is no date', { created_date: 'yesterday' }, 'created_date', M.dateInvalid],
    ['a date before 1970', { created_date: '1969-12-31T00:00:00Z' }, 'created_date', M.dateInvalid],
    ['negative revenue', { revenue: -0.01 }, 'revenue', amountValueProblem(-0.01, 'Revenue')!],
    ['revenue with three decimals', { revenue: 10.005 }, 'revenue', amountValueProblem(10.005, 'Revenue')!],
    ['revenue beyond numeric(14,2)', { revenue: 1e12 }, 'revenue', amountValueProblem(1e12, 'Revenue')!],
    ['revenue as text', { revenue: '10' }, 'revenue', amountValueProblem(Number.NaN, 'Revenue')!],
    ['a fractional probability', { probability: 12.5 }, 'probability', probabilityMessage()],
    ['a probability over 100', { probability: 101 }, 'probability', probabilityMessage()],
    ['a tenant named in the body', { tenant_id: 2 }, 'tenant_id', 'Tenant cannot be sent here.'],
  ];

  test.each(invalid)('%s is refused with 400 naming the field, on create and update', async (_, change, field, message) => {
    const sent = body(change);
    const before = await server.db.query('select count(*)::int as n from opportunities');
    const created = await call('admin@demo.test', 'POST', '/api/opportunities', sent);
    expectRefusal(created, { [field]: message });
    const [existing] = await server.db.query<{ id: number }>('select id from opportunities where tenant_id = 1 order by id limit 1');
    const updated = await call('admin@demo.test', 'PUT', `/api/opportunities/${existing!.id}`, sent);
    expectRefusal(updated, { [field]: message });
    expect(await server.db.query('select count(*)::int as n from opportunities')).toEqual(before);
  });

  test('every problem of a body is named at once, each under its field', async () => {
    const created = await call('admin@demo.test', 'POST', '/api/opportunities', body({ revenue: -5000, probability: 150 }));
    expectRefusal(created, { revenue: amountValueProblem(-5000, 'Revenue')!, probability: probabilityMessage() });
  });

  test('revenue with two decimals that binary floating point cannot hold exactly is accepted', async () => {
    const created = await call('admin@demo.test', 'POST', '/api/opportunities', body({ revenue: 0.07 }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ revenue: 0.07 });
  });

  test('another tenant\'s salesperson is refused with 400 naming salesperson_id, and nothing is written', async () => {
    const name = `Never Stored ${Date.now()}`;
    const created = await call('admin@demo.test', 'POST', '/api/opportunities', body({ customer: name, salesperson_id: globexSalespersonId }));
    expectRefusal(created, { salesperson_id: 'Salesperson must be a salesperson of your tenant.' });
    expect(await customersNamed(name)).toEqual([]);
    const missing = await call('admin@demo.test', 'POST', '/api/opportunities', body({ salesperson_id: 2147483647 }));
    expectRefusal(missing, { salesperson_id: 'Salesperson must be a salesperson of your tenant.' });
  });

  test('another tenant\'s opportunity is not found, to read or to replace, and stays as it was', async () => {
    const [before] = await server.db.query('select * from opportunities where id = $1', [globexOpportunityId]);
    const read = await call('admin@demo.test', 'GET', `/api/opportunities/${globexOpportunityId}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Not found' });
    const replaced = await call('admin@demo.test', 'PUT', `/api/opportunities/${globexOpportunityId}`, body());
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toEqual({ message: 'Not found' });
    expect(await server.db.query('select * from opportunities where id = $1', [globexOpportunityId])).toEqual([before]);
  });

  test('without a token nothing is read or written', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/opportunities', payload: body() });
    expect(response.statusCode).toBe(401);
  });
});
