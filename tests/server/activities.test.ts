import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectRefusal } from '../support/refusals.ts';
import { ACTIVITY_MESSAGES, RECORD_LIMITS } from '../../src/domain/rules/records.ts';
import { lengthProblem } from '../../src/domain/rules/fields.ts';
import { SEED_TODAY, startTestServer, type TestServer } from '../support/server-harness.ts';
import { ACTIVITY } from '../../server/answers/projections.ts';
import { ACTIVITY_LIST } from '../../server/routes/activities.ts';
import { scansOf } from '../support/plans.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Method = 'GET' | 'POST' | 'PUT';
async function call(email: string, method: Method, url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

const q = <Row = Record<string, unknown>>(sql: string, params: unknown[] = []) => server.db.query<Row>(sql, params);

async function salespersonOf(email: string) {
  const [row] = await q<{ id: number; name: string; tenant_id: number }>('select id, name, tenant_id from salespersons where email = $1', [email]);
  return row!;
}

async function opportunityOf(salespersonId: number) {
  const [row] = await q<{ id: number; customer: string }>('select id, customer from opportunities where salesperson_id = $1 order by id limit 1', [salespersonId]);
  return row!;
}

async function globexActivity() {
  const [row] = await q<{ id: number }>("select a.id from activities a join tenants t on t.id = a.tenant_id where t.name = 'Globex' order by a.id limit 1");
  return row!.id;
}

let serial = 0;
async function body(change: Record<string, unknown> = {}) {
  const rep = await salespersonOf('rep@demo.test');
  return {
    kind: 'call',
    subject: `Call about renewal ${++serial}`,
    due_at: '2026-07-01T09:30:00.000Z',
    duration_minutes: 30,
    done: false,
    salesperson_id: rep.id,
    opportunity_id: null,
    notes: '',
    ...change,
  };
}

describe('GET /api/activities/getAllData/{tenant_id}', () => {
  test('each entry is the Activity projection of its row, current after renames and writes of every kind', async () => {
    /** The list against each activity's own answer, made field by field by the projection (GET /api/activities/{id}'s statement). */
    const expectListIsProjection = async () => {
      const list = (await call('rep@demo.test', 'GET', '/api/activities/getAllData/1')).json() as Array<Record<string, unknown>>;
      const projected = await q(`select ${ACTIVITY.select} from ${ACTIVITY.from} where a.tenant_id = 1 order by a.due_at, a.id`);
      expect(list).toEqual(projected);
      return list;
    };
    const rep = await salespersonOf('rep@demo.test');
    const opportunity = await opportunityOf(rep.id);
    const created = await call('rep@demo.test', 'POST', '/api/activities', await body({ opportunity_id: opportunity.id, notes: 'Quote "Ä\\b" ✓', duration_minutes: null }));
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect((await expectListIsProjection()).find((entry) => entry.id === id)).toMatchObject({ customer: opportunity.customer, notes: 'Quote "Ä\\b" ✓', duration_minutes: null });

    await q('update salespersons set name = $2 where id = $1', [rep.id, 'Renamed Rep']);
    await q('update opportunities set customer = $2 where id = $1', [opportunity.id, 'Renamed Customer AG']);
    await q("update activities set done = true, due_at = due_at - interval '1 day', kind = 'meeting' where id = $1", [id]);
    expect((await expectListIsProjection()).find((entry) => entry.id === id)).toMatchObject({ salesperson_name: 'Renamed Rep', customer: 'Renamed Customer AG', done: true, kind: 'meeting' });

    await q('delete from opportunities where id = $1', [opportunity.id]);
    expect((await expectListIsProjection()).find((entry) => entry.id === id)).toMatchObject({ opportunity_id: null, customer: null });
    await q('update salespersons set name = $2 where id = $1', [rep.id, rep.name]);
    await q('delete from activities where id = $1', [id]);
  });

  test("answers every activity of the caller's tenant by due time, with the salesperson's name and the linked opportunity's customer", async () => {
    const response = await call('rep@demo.test', 'GET', '/api/activities/getAllData/1');
    expect(response.statusCode).toBe(200);
    const list = response.json() as Array<{ id: number; due_at: string; salesperson_id: number; salesperson_name: string; opportunity_id: number | null; customer: string | null }>;
    const [{ n }] = (await q<{ n: number }>('select count(*)::int as n from activities where tenant_id = 1')) as [{ n: number }];
    expect(list).toHaveLength(n);
    const dues = list.map((activity) => Date.parse(activity.due_at));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));

    const linked = list.find((activity) => activity.opportunity_id !== null)!;
    const [stored] = await q<{ customer: string; name: string }>(
      'select o.customer, s.name from opportunities o, salespersons s where o.id = $1 and s.id = $2',
      [linked.opportunity_id, linked.salesperson_id],
    );
    expect(linked).toMatchObject({ customer: stored!.customer, salesperson_name: stored!.name });
    expect(list.filter((activity) => activity.opportunity_id === null).every((activity) => activity.customer === null)).toBe(true);
  });

  test('each entry of the list is the activity exactly as its own record answers, instants to the millisecond', async () => {
    const [some] = await q<{ id: number }>('select id from activities where tenant_id = 1 order by id limit 1');
    await q("update activities set due_at = '2026-03-04T05:06:07.891734Z' where id = $1", [some!.id]);
    const response = await call('rep@demo.test', 'GET', '/api/activities/getAllData/1');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = response.json() as Array<{ id: number }>;
    const records = await Promise.all(list.map(async ({ id }) => (await call('rep@demo.test', 'GET', `/api/activities/${id}`)).json()));
    expect(list).toEqual(records);
    expect(list.find((activity) => activity.id === some!.id)).toMatchObject({ due_at: '2026-03-04T05:06:07Z' });
  });

  test('looks each linked deal up by its key: no plan of the list joins (or hashes) the opportunities, even one that may only hash', async () => {
    for (const onlyHashJoins of [false, true]) {
      const scans = await scansOf(server.db, 'opportunities', ACTIVITY_LIST, [1], { onlyHashJoins });
      expect(scans.length).toBeGreaterThan(0);
      expect(scans.filter((scan) => !scan.inSubPlan)).toEqual([]);
    }
  });

  test("answers 404 for another tenant's id and 401 without a token", async () => {
    expect((await call('admin@demo.test', 'GET', '/api/activities/getAllData/2')).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/activities/getAllData/1' })).statusCode).toBe(401);
  });
});

describe('the demo activities', () => {
  test('every demo salesperson has a handful: some done, some overdue, some upcoming', async () => {
    const perSalesperson = await q<{ done: number; overdue: number; upcoming: number }>(
      `select count(*) filter (where a.done)::int as done,
              count(*) filter (where not a.done and a.due_at < $1)::int as overdue,
              count(*) filter (where not a.done and a.due_at >= $1)::int as upcoming
       from salespersons s join tenants t on t.id = s.tenant_id left join activities a on a.salesperson_id = s.id
       where t.name = 'Demo' group by s.id`,
      [SEED_TODAY.toISOString()],
    );
    expect(perSalesperson.length).toBeGreaterThan(0);
    for (const counts of perSalesperson) {
      expect(counts.done).toBeGreaterThan(0);
      expect(counts.overdue).toBeGreaterThan(0);
      expect(counts.upcoming).toBeGreaterThan(0);
    }
  });
});

describe('POST, GET and PUT /api/activities', () => {
  test('an activity scheduled is read back as stored, and a replacement changes every field', async () => {
    const rep = await salespersonOf('rep@demo.test');
    const manager = await salespersonOf('manager@demo.test');
    const opportunity = await opportunityOf(manager.id);
    const created = await call('rep@demo.test', 'POST', '/api/activities', await body({ notes: 'Ask about seats.' }));
    expect(created.statusCode).toBe(201);
    const activity = created.json() as { id: number; subject: string; created_at: string };
    expect(activity).toMatchObject({
      kind: 'call',
      due_at: '2026-07-01T09:30:00Z',
      duration_minutes: 30,
      done: false,
      salesperson_id: rep.id,
      salesperson_name: 'Riley Rep',
      opportunity_id: null,
      customer: null,
      notes: 'Ask about seats.',
    });
    expect((await call('rep@demo.test', 'GET', `/api/activities/${activity.id}`)).json()).toEqual(activity);

    const replacement = {
      kind: 'meeting',
      subject: 'Kick-off meeting',
      due_at: '2026-07-02T14:00:00+02:00',
      duration_minutes: null,
      done: true,
      salesperson_id: manager.id,
      opportunity_id: opportunity.id,
      notes: '',
    };
    const updated = await call('rep@demo.test', 'PUT', `/api/activities/${activity.id}`, replacement);
    expect(updated.statusCode).toBe(200);
    const expected = {
      ...replacement,
      id: activity.id,
      // Stored as the instant, answered in UTC.
      due_at: '2026-07-02T12:00:00Z',
      salesperson_name: manager.name,
      customer: opportunity.customer,
      created_at: activity.created_at,
    };
    expect(updated.json()).toEqual(expected);
    expect((await call('rep@demo.test', 'GET', `/api/activities/${activity.id}`)).json()).toEqual(expected);
    const listed = (await call('rep@demo.test', 'GET', '/api/activities/getAllData/1')).json() as Array<{ id: number }>;
    expect(listed.find((row) => row.id === activity.id)).toEqual(expected);
  });

  test.each([
    ['an empty subject', { subject: '' }, { subject: ACTIVITY_MESSAGES.subjectMissing }],
    ['a subject of spaces', { subject: '   ' }, { subject: ACTIVITY_MESSAGES.subjectMissing }],
    ['a subject of 201 characters', { subject: 'x'.repeat(201) }, { subject: lengthProblem('Subject', 'x'.repeat(201), RECORD_LIMITS.subject)! }],
    ['an unknown kind', { kind: 'lunch' }, { kind: ACTIVITY_MESSAGES.kindUnknown }],
    ['a due time that is no date', { due_at: 'tomorrow' }, { due_at: ACTIVITY_MESSAGES.dueInvalid }],
    ['a due time in year 0', { due_at: '0000-01-01T00:00:00Z' }, { due_at: ACTIVITY_MESSAGES.dueInvalid }],
    ['a duration over a day', { duration_minutes: 1441 }, { duration_minutes: ACTIVITY_MESSAGES.durationInvalid }],
    ['a negative duration', { duration_minutes: -1 }, { duration_minutes: ACTIVITY_MESSAGES.durationInvalid }],
    ['notes of 2001 characters', { notes: 'n'.repeat(2001) }, { notes: lengthProblem('Notes', 'n'.repeat(2001), RECORD_LIMITS.notes)! }],
    ['a tenant in the body', { tenant_id: 2 }, { tenant_id: 'Tenant cannot be sent here.' }],
  ])('refuses %s with 400: %s', async (_case, change, fields) => {
    const response = await call('rep@demo.test', 'POST', '/api/activities', await body(change));
    expectRefusal(response, fields);
  });

  test("refuses with 400 naming the field a salesperson or an opportunity of another tenant, on create and on update", async () => {
    const globexSalesperson = await salespersonOf('hank@globex.test');
    const globexOpportunity = await opportunityOf(globexSalesperson.id);
    const before = await q('select count(*)::int as n from activities');
    for (const [change, message] of [
      [{ salesperson_id: globexSalesperson.id }, { salesperson_id: 'Salesperson must be a salesperson of your tenant.' }],
      [{ salesperson_id: 2_147_483_647 }, { salesperson_id: 'Salesperson must be a salesperson of your tenant.' }],
      [{ opportunity_id: globexOpportunity.id }, { opportunity_id: 'Opportunity must be an opportunity of your tenant.' }],
    ] as const) {
      const created = await call('rep@demo.test', 'POST', '/api/activities', await body(change));
      expectRefusal(created, message);
    }
    expect(await q('select count(*)::int as n from activities')).toEqual(before);

    const own = (await call('rep@demo.test', 'POST', '/api/activities', await body())).json() as { id: number };
    const updated = await call('rep@demo.test', 'PUT', `/api/activities/${own.id}`, await body({ opportunity_id: globexOpportunity.id }));
    expectRefusal(updated, { opportunity_id: 'Opportunity must be an opportunity of your tenant.' });
    expect((await call('rep@demo.test', 'GET', `/api/activities/${own.id}`)).json()).toMatchObject({ opportunity_id: null });
  });

  test("another tenant's activity answers 404 to GET and PUT, and stays as it was", async () => {
    const id = await globexActivity();
    const before = await q('select * from activities where id = $1', [id]);
    expect((await call('admin@demo.test', 'GET', `/api/activities/${id}`)).json()).toEqual({ message: 'Not found' });
    const updated = await call('admin@demo.test', 'PUT', `/api/activities/${id}`, await body({ subject: 'Taken over' }));
    expect(updated.statusCode).toBe(404);
    expect(updated.json()).toEqual({ message: 'Not found' });
    expect(await q('select * from activities where id = $1', [id])).toEqual(before);
  });

  test('an unknown id answers 404; no token answers 401', async () => {
    expect((await call('rep@demo.test', 'GET', '/api/activities/2147483647')).statusCode).toBe(404);
    expect((await call('rep@demo.test', 'PUT', '/api/activities/2147483647', await body())).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/api/activities', payload: await body() })).statusCode).toBe(401);
  });
});
