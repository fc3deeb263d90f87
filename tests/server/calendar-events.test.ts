import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EVENT_MESSAGES } from '../../src/domain/rules/records.ts';
import { expectRefusal } from '../support/refusals.ts';
import { SEED_TODAY, startTestServer, type TestServer } from '../support/server-harness.ts';
import { dayTotals, dayTotalsOfDays } from '../../src/domain/opportunities/calendar.ts';
import { toOpportunityRows } from '../../src/domain/opportunities/rows.ts';
import type { Opportunity, OpportunityDay } from '../../src/api/client.ts';
import { CALENDAR_EVENT } from '../../server/answers/projections.ts';
import { CALENDAR_LIST } from '../../server/routes/calendar-events.ts';
import { scansOf } from '../support/plans.ts';

/** Calendar events (/add-Calendar, /edit-Calendar/{id}): the API under /api/calendar. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(email: string, method: Method, url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

async function tenantIdOf(name: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('select id from tenants where name = $1', [name]);
  return row!.id;
}

async function salespersonIdOf(email: string): Promise<number> {
  const [row] = await server.db.query<{ id: number }>('select id from salespersons where email = $1', [email]);
  return row!.id;
}

let serial = 0;
function eventBody(change: Record<string, unknown> = {}) {
  return {
    title: `Meeting ${++serial}`,
    starts_at: '2026-03-10T09:00:00.000Z',
    ends_at: '2026-03-10T10:30:00.000Z',
    all_day: false,
    location: 'Room 1',
    salesperson_id: null,
    notes: '',
    ...change,
  };
}

describe('adding, reading, changing and deleting an event', () => {
  test('POST answers 201 with the stored event; GET reads it; PUT changes every field; DELETE answers 204 and it is gone', async () => {
    const rep = await salespersonIdOf('rep@demo.test');
    const created = await call('rep@demo.test', 'POST', '/api/calendar', eventBody({ title: 'Call with Acme', salesperson_id: rep, notes: 'Agenda first' }));
    expect(created.statusCode).toBe(201);
    const event = created.json() as { id: number };
    expect(event).toEqual({
      id: expect.any(Number),
      title: 'Call with Acme',
      starts_at: '2026-03-10T09:00:00Z',
      ends_at: '2026-03-10T10:30:00Z',
      all_day: false,
      location: 'Room 1',
      salesperson_id: rep,
      notes: 'Agenda first',
      opportunity_id: null,
      opportunity_customer: null,
    });

    const read = await call('manager@demo.test', 'GET', `/api/calendar/${event.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created.json());

    const change = { title: 'Fair', starts_at: '2026-03-11T00:00:00Z', ends_at: '2026-03-13T00:00:00+00:00', all_day: true, location: '', salesperson_id: null, notes: 'Three days' };
    const updated = await call('admin@demo.test', 'PUT', `/api/calendar/${event.id}`, change);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...change, id: event.id, starts_at: '2026-03-11T00:00:00Z', ends_at: '2026-03-13T00:00:00Z', opportunity_id: null, opportunity_customer: null });
    expect((await call('rep@demo.test', 'GET', `/api/calendar/${event.id}`)).json()).toEqual(updated.json());

    const deleted = await call('rep@demo.test', 'DELETE', `/api/calendar/${event.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call('rep@demo.test', 'GET', `/api/calendar/${event.id}`)).statusCode).toBe(404);
    expect((await call('rep@demo.test', 'DELETE', `/api/calendar/${event.id}`)).statusCode).toBe(404);
  });

  test('an event about a deal names the deal’s customer in every answer, so the calendar can show and link it', async () => {
    const [deal] = await server.db.query<{ id: number; customer: string }>(
      "select o.id, o.customer from opportunities o join tenants t on t.id = o.tenant_id where t.name = 'Demo' and o.customer <> '' order by o.id limit 1",
    );
    const about = { opportunity_id: deal!.id, opportunity_customer: deal!.customer };
    const created = await call('rep@demo.test', 'POST', '/api/calendar', eventBody({ opportunity_id: deal!.id }));
    expect(created.json()).toMatchObject(about);
    const { id } = created.json() as { id: number };
    expect((await call('rep@demo.test', 'GET', `/api/calendar/${id}`)).json()).toMatchObject(about);
    const listed = (await call('rep@demo.test', 'GET', `/api/calendar/getAllData/${await tenantIdOf('Demo')}?year=2026`)).json() as Array<{ id: number }>;
    expect(listed.find((event) => event.id === id)).toMatchObject(about);
    expect((await call('rep@demo.test', 'PUT', `/api/calendar/${id}`, eventBody({ title: 'Moved' }))).json()).toMatchObject(about);
    expect((await call('rep@demo.test', 'PUT', `/api/calendar/${id}`, eventBody({ opportunity_id: null }))).json()).toMatchObject({ opportunity_id: null, opportunity_customer: null });
    await call('rep@demo.test', 'DELETE', `/api/calendar/${id}`);
  });

  test("the year's calendar holds each event as the CalendarEvent projection writes it, current after writes in SQL, the deal's customer included", async () => {
    const demo = await tenantIdOf('Demo');
    const calendarIsProjection = async () => {
      const listed = (await call('rep@demo.test', 'GET', `/api/calendar/getAllData/${demo}?year=2026`)).json() as Array<Record<string, unknown>>;
      const projected = await server.db.query(
        `select ${CALENDAR_EVENT.select} from ${CALENDAR_EVENT.from} where tenant_id = $1
         and starts_at < '2027-01-01T14:00:00Z' and ends_at >= '2025-12-31T10:00:00Z' order by starts_at, id`,
        [demo],
      );
      expect(listed).toEqual(projected);
      return listed;
    };
    const [deal] = await server.db.query<{ id: number; customer: string }>("select id, customer from opportunities where tenant_id = $1 and customer <> '' order by id limit 1", [demo]);
    const { id } = (await call('rep@demo.test', 'POST', '/api/calendar', eventBody({ opportunity_id: deal!.id }))).json() as { id: number };
    await calendarIsProjection();
    await server.db.query("update calendar_events set title = $2, notes = $3, location = '', starts_at = '2026-03-30T01:30:00.5+02:00', ends_at = '2026-03-30T03:00:00Z' where id = $1", [
      id,
      'Quote " and \\ back\tslash',
      "Ünïcödé 😀 \u0001 O'Brien <b>",
    ]);
    await server.db.query('update opportunities set customer = $2 where id = $1', [deal!.id, 'Renamed Deal Customer']);
    expect((await calendarIsProjection()).find((event) => event.id === id)).toMatchObject({ starts_at: '2026-03-29T23:30:00Z', location: '', opportunity_customer: 'Renamed Deal Customer' });
    await server.db.query('update opportunities set customer = $2 where id = $1', [deal!.id, deal!.customer]);
    await call('rep@demo.test', 'DELETE', `/api/calendar/${id}`);
  });

  test('an event given with an offset is stored as the same instant', async () => {
    const created = await call('rep@demo.test', 'POST', '/api/calendar', eventBody({ starts_at: '2026-03-29T01:30:00+01:00', ends_at: '2026-03-29T03:30:00+02:00' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ starts_at: '2026-03-29T00:30:00Z', ends_at: '2026-03-29T01:30:00Z' });
  });

  test('an event may end when it starts', async () => {
    const created = await call('rep@demo.test', 'POST', '/api/calendar', eventBody({ ends_at: '2026-03-10T09:00:00Z' }));
    expect(created.statusCode).toBe(201);
  });
});

describe('GET /api/calendar/getAllData/{tenant_id}?year=', () => {
  test('holds the events overlapping the year widened by 14 hours each side, by start', async () => {
    const demo = await tenantIdOf('Demo');
    const made: Record<string, number> = {};
    const spans: Record<string, [string, string]> = {
      'ends 14 h before 2030': ['2029-12-31T08:00:00Z', '2029-12-31T09:59:59Z'],
      'ends inside the window before 2030': ['2029-12-31T08:00:00Z', '2029-12-31T10:00:00Z'],
      'spans all of 2030': ['2029-06-01T00:00:00Z', '2031-06-01T00:00:00Z'],
      'mid 2030': ['2030-06-01T09:00:00Z', '2030-06-01T10:00:00Z'],
      'starts inside the window after 2030': ['2031-01-01T13:59:59Z', '2031-01-01T15:00:00Z'],
      'starts 14 h after 2030': ['2031-01-01T14:00:00Z', '2031-01-01T15:00:00Z'],
    };
    for (const [title, [starts_at, ends_at]] of Object.entries(spans)) {
      const response = await call('rep@demo.test', 'POST', '/api/calendar', eventBody({ title, starts_at, ends_at }));
      made[title] = (response.json() as { id: number }).id;
    }
    const response = await call('rep@demo.test', 'GET', `/api/calendar/getAllData/${demo}?year=2030`);
    expect(response.statusCode).toBe(200);
    const titles = (response.json() as Array<{ title: string }>).map((event) => event.title);
    expect(titles).toEqual(['spans all of 2030', 'ends inside the window before 2030', 'mid 2030', 'starts inside the window after 2030']);
  });

  test('the demo data holds a few events in the seeding month and the month before, in each tenant', async () => {
    for (const [tenant, caller] of [['Demo', 'rep@demo.test'], ['Globex', 'admin@globex.test']] as const) {
      const response = await call(caller, 'GET', `/api/calendar/getAllData/${await tenantIdOf(tenant)}?year=${SEED_TODAY.getUTCFullYear()}`);
      const seeded = (response.json() as Array<{ title: string; starts_at: string }>).filter((event) => !event.title.startsWith('Meeting '));
      const months = new Set(seeded.map((event) => event.starts_at.slice(0, 7)));
      expect(seeded.length).toBeGreaterThanOrEqual(5);
      expect([...months].sort()).toEqual(['2026-05', '2026-06']);
    }
  });

  test('looks each linked deal up by its key: no plan of the year joins (or hashes) the opportunities, even one that may only hash', async () => {
    for (const onlyHashJoins of [false, true]) {
      const scans = await scansOf(server.db, 'opportunities', CALENDAR_LIST, [1, SEED_TODAY.getUTCFullYear()], { onlyHashJoins });
      expect(scans.length).toBeGreaterThan(0);
      expect(scans.filter((scan) => !scan.inSubPlan)).toEqual([]);
    }
  });

  test('needs the year', async () => {
    const response = await call('rep@demo.test', 'GET', `/api/calendar/getAllData/${await tenantIdOf('Demo')}`);
    expectRefusal(response, { year: 'Year is required.' });
  });
});

describe('what an event must be', () => {
  test.each([
    [{ title: '' }, { title: 'Title is required.' }],
    [{ title: '   ' }, { title: 'Title is required.' }],
    [{ title: 'x'.repeat(201) }, { title: 'Title must be at most 200 characters.' }],
    [{ location: 'x'.repeat(201) }, { location: 'Location must be at most 200 characters.' }],
    [{ notes: 'x'.repeat(2001) }, { notes: 'Notes must be at most 2000 characters.' }],
    [{ starts_at: '2026-03-10' }, { starts_at: EVENT_MESSAGES.startInvalid }],
    [{ ends_at: '2026-03-10T08:59:59Z' }, { ends_at: 'The end must not be before the start.' }],
    [{ starts_at: '1969-12-31T23:00:00Z' }, { starts_at: EVENT_MESSAGES.startInvalid }],
    [{ all_day: true }, { all_day: /all-day/ }],
    [{ salesperson_id: '3' }, { salesperson_id: 'Salesperson is not valid.' }],
    [{ tenant_id: 2 }, { tenant_id: 'Tenant cannot be sent here.' }],
  ])('%o is refused with 400 naming the field', async (change, fields) => {
    const response = await call('rep@demo.test', 'POST', '/api/calendar', eventBody(change));
    expectRefusal(response, fields);
  });

  test("a salesperson of another tenant is refused with 400 naming salesperson_id, on adding and on changing", async () => {
    const globexSalesperson = await salespersonIdOf('hank@globex.test');
    const refused = await call('rep@demo.test', 'POST', '/api/calendar', eventBody({ salesperson_id: globexSalesperson }));
    expectRefusal(refused, { salesperson_id: 'Salesperson must be a salesperson of your tenant.' });

    const event = (await call('rep@demo.test', 'POST', '/api/calendar', eventBody())).json() as { id: number };
    const change = await call('rep@demo.test', 'PUT', `/api/calendar/${event.id}`, eventBody({ salesperson_id: globexSalesperson }));
    expectRefusal(change, { salesperson_id: 'Salesperson must be a salesperson of your tenant.' });
    expect((await call('rep@demo.test', 'GET', `/api/calendar/${event.id}`)).json()).toMatchObject({ salesperson_id: null });
  });

  test('the database refuses an event that ends before it starts, whatever the code does', async () => {
    const demo = await tenantIdOf('Demo');
    await expect(
      server.db.query("insert into calendar_events (tenant_id, title, starts_at, ends_at) values ($1, 'x', '2026-01-02', '2026-01-01')", [demo]),
    ).rejects.toThrow();
  });
});

describe('another tenant', () => {
  test("reads, changes and deletes none of the tenant's events: 404, revealing nothing", async () => {
    const demo = await tenantIdOf('Demo');
    const event = (await call('rep@demo.test', 'POST', '/api/calendar', eventBody({ title: 'Secret board meeting' }))).json() as { id: number };
    for (const [method, url, payload] of [
      ['GET', `/api/calendar/${event.id}`],
      ['PUT', `/api/calendar/${event.id}`, eventBody({ title: 'Taken over' })],
      ['DELETE', `/api/calendar/${event.id}`],
      ['GET', `/api/calendar/getAllData/${demo}?year=2026`],
    ] as Array<[Method, string, object?]>) {
      const response = await call('admin@globex.test', method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
    expect((await call('rep@demo.test', 'GET', `/api/calendar/${event.id}`)).json()).toMatchObject({ title: 'Secret board meeting' });
    const globexYear = await call('admin@globex.test', 'GET', `/api/calendar/getAllData/${await tenantIdOf('Globex')}?year=2026`);
    expect((globexYear.json() as Array<{ id: number }>).map((e) => e.id)).not.toContain(event.id);
  });

  test("a PUT of another tenant's event with a refused body answers as for an event that does not exist", async () => {
    const event = (await call('rep@demo.test', 'POST', '/api/calendar', eventBody())).json() as { id: number };
    const response = await call('admin@globex.test', 'PUT', `/api/calendar/${event.id}`, eventBody({ title: '  ' }));
    const missing = await call('admin@globex.test', 'PUT', '/api/calendar/999999', eventBody({ title: '  ' }));
    // The body is judged before the record is looked up, so the answer tells nothing of the other tenant.
    expect([response.statusCode, response.json()]).toEqual([missing.statusCode, missing.json()]);
  });
});

describe("the calendar's days of a year (GET /api/opportunities/days)", () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  test("are what the app summed per local day from the year's opportunities, by date", async () => {
    const demo = await tenantIdOf('Demo');
    // Two on one day, and the last minutes of the year.
    await server.db.query(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select $1, (select id from salespersons where tenant_id = $1 limit 1), 'Day Customer', 'proposal', created_date, revenue, probability
       from unnest(array['2025-05-05T09:00:00Z', '2025-05-05T15:00:00Z', '2025-12-31T23:50:00Z']::timestamptz[], array[100.10, 20.02, 5]::numeric[], array[25, 75, 10])
            as given (created_date, revenue, probability)`,
      [demo],
    );
    const response = await call('rep@demo.test', 'GET', `/api/opportunities/days/${demo}?year=2025&zone=${encodeURIComponent(zone)}`);
    expect(response.statusCode).toBe(200);
    const days = response.json() as OpportunityDay[];
    expect(days.map((day) => day.date)).toEqual(days.map((day) => day.date).sort());
    const opportunities = (await call('rep@demo.test', 'GET', `/api/opportunities/getAllData/${demo}?year=2025`)).json() as Opportunity[];
    expect(dayTotalsOfDays(days)).toEqual(dayTotals(toOpportunityRows({ opportunities, salespersons: [] }, 2025)));
    expect(days.length).toBeGreaterThan(1);

    // Kept by month: a write in SQL shows in the very next answer.
    const changed = await server.db.query("update opportunities set revenue = revenue + 1 where tenant_id = $1 and customer = 'Day Customer' and revenue = 20.02 returning id", [demo]);
    expect(changed).toHaveLength(1);
    const after = (await call('rep@demo.test', 'GET', `/api/opportunities/days/${demo}?year=2025&zone=${encodeURIComponent(zone)}`)).json() as OpportunityDay[];
    const reread = (await call('rep@demo.test', 'GET', `/api/opportunities/getAllData/${demo}?year=2025`)).json() as Opportunity[];
    expect(dayTotalsOfDays(after)).toEqual(dayTotals(toOpportunityRows({ opportunities: reread, salespersons: [] }, 2025)));
    expect(after).not.toEqual(days);
  });

  test("another tenant's days answer 404; a time zone that is not one is refused in words", async () => {
    const globex = await tenantIdOf('Globex');
    expect((await call('rep@demo.test', 'GET', `/api/opportunities/days/${globex}?year=2025`)).statusCode).toBe(404);
    const odd = await call('rep@demo.test', 'GET', `/api/opportunities/days/${await tenantIdOf('Demo')}?year=2025&zone=Mars%2FOlympus`);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('Mars/Olympus is not a time zone');
  });
});
