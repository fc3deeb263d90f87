import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { ADMIN, answer, answerInstant, DEMO_TENANT, expectAll, REP, type Comparison } from '../support/from-scratch.ts';

// The lists of things about deals (the activity list, each year's calendar, the attachments)
// equal what a plain read of their tables says, with the names they show from other tables (a
// salesperson's, an uploader's, a linked deal's customer), on the demo data and after writes
// through the API or straight into the tables, those that change a name shown in another list
// and those that move an event across a year's end included.

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

/** Every activity by due time (then id), with its salesperson's name and its linked deal's customer. */
async function activitiesFromScratch() {
  const rows = await sql<{
    id: number;
    kind: string;
    subject: string;
    due_at: Date;
    duration_minutes: number | null;
    done: boolean;
    salesperson_id: number;
    salesperson_name: string;
    opportunity_id: number | null;
    customer: string | null;
    notes: string;
    created_at: Date;
  }>(
    `select a.id, a.kind, a.subject, a.due_at, a.duration_minutes, a.done, a.salesperson_id, s.name as salesperson_name,
            a.opportunity_id, (select o.customer from opportunities o where o.id = a.opportunity_id) as customer, a.notes, a.created_at
     from activities a join salespersons s on s.id = a.salesperson_id
     where a.tenant_id = $1 order by a.due_at, a.id`,
    [DEMO_TENANT],
  );
  return rows.map((row) => ({ ...row, due_at: answerInstant(row.due_at), created_at: answerInstant(row.created_at) }));
}

/** The events touching a year taken wide (14 hours either side of its UTC bounds), by start (then id). */
async function calendarFromScratch(year: number) {
  const rows = await sql<{
    id: number;
    title: string;
    starts_at: Date;
    ends_at: Date;
    all_day: boolean;
    location: string;
    salesperson_id: number | null;
    notes: string;
    opportunity_id: number | null;
    opportunity_customer: string | null;
  }>(
    `select e.id, e.title, e.starts_at, e.ends_at, e.all_day, e.location, e.salesperson_id, e.notes, e.opportunity_id,
            (select o.customer from opportunities o where o.id = e.opportunity_id) as opportunity_customer
     from calendar_events e
     where e.tenant_id = $1
       and e.starts_at < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, 'UTC') + interval '14 hours'
       and e.ends_at >= make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC') - interval '14 hours'
     order by e.starts_at, e.id`,
    [DEMO_TENANT, year],
  );
  return rows.map((row) => ({ ...row, starts_at: answerInstant(row.starts_at), ends_at: answerInstant(row.ends_at) }));
}

/** The attachments, newest first (then by id, highest first), without their content. */
async function attachmentsFromScratch() {
  const rows = await sql<{
    id: number;
    file_name: string;
    media_type: string;
    size_bytes: number;
    sha256: string;
    opportunity_id: number | null;
    opportunity_customer: string | null;
    uploaded_by: number;
    uploaded_by_name: string;
    note: string;
    created_at: Date;
  }>(
    `select a.id, a.file_name, a.media_type, a.size_bytes, a.sha256, a.opportunity_id,
            (select o.customer from opportunities o where o.id = a.opportunity_id) as opportunity_customer,
            a.uploaded_by, u.name as uploaded_by_name, a.note, a.created_at
     from attachments a join users u on u.id = a.uploaded_by
     where a.tenant_id = $1 order by a.created_at desc, a.id desc`,
    [DEMO_TENANT],
  );
  return rows.map((row) => ({ ...row, created_at: answerInstant(row.created_at) }));
}

const comparisons: Record<string, Comparison> = {
  'the activity list, by due time': async () => {
    expect(await answer(server, REP, 'GET', `/api/activities/getAllData/${DEMO_TENANT}`)).toEqual(await activitiesFromScratch());
  },
  "each year's calendar, by start": async () => {
    for (const year of [2024, 2025, 2026, 2027]) {
      expect(await answer(server, REP, 'GET', `/api/calendar/getAllData/${DEMO_TENANT}?year=${year}`), `${year}`).toEqual(await calendarFromScratch(year));
    }
  },
  'the attachments, newest first': async () => {
    expect(await answer(server, REP, 'GET', `/api/attachments/getAllData/${DEMO_TENANT}`)).toEqual(await attachmentsFromScratch());
  },
};

const expectEveryAnswer = (when: string) => expectAll(comparisons, when);

const salespersonIdOf = async (email: string) => (await sql<{ id: number }>('select id from salespersons where email = $1', [email]))[0]!.id;
/** Deals of the demo tenant that activities, events or attachments link to, and one no row links to. */
async function linkedDeals() {
  const [linked] = await sql<{ id: number }>('select opportunity_id as id from activities where tenant_id = $1 and opportunity_id is not null order by id limit 1', [DEMO_TENANT]);
  const [unlinked] = await sql<{ id: number; customer: string }>(
    `select o.id, o.customer from opportunities o where o.tenant_id = $1
       and not exists (select 1 from activities a where a.opportunity_id = o.id) and not exists (select 1 from calendar_events e where e.opportunity_id = o.id)
     order by o.id limit 1`,
    [DEMO_TENANT],
  );
  return { linked: linked!.id, unlinked: unlinked! };
}

describe('the activity list, the calendar and the attachments, read from scratch', () => {
  test('equal their tables on the demo data', async () => {
    await expectEveryAnswer('on the demo data');
    // Rows linking deals are in the data, so the customers they show are compared.
    expect((await activitiesFromScratch()).some((row) => row.customer !== null)).toBe(true);
    expect((await attachmentsFromScratch()).some((row) => row.opportunity_customer !== null)).toBe(true);
    expect((await calendarFromScratch(2026)).length).toBeGreaterThan(0);
  });

  test("after writes through the API: rows created, moved across a year and deleted; a deal's customer and a salesperson's name changed; a deal deleted", async () => {
    await expectEveryAnswer('before the API writes');
    const rep = await salespersonIdOf(REP);
    const { linked, unlinked } = await linkedDeals();
    const activity = (change: Record<string, unknown>) => ({
      kind: 'call',
      subject: 'Scratch call',
      due_at: '2025-12-31T23:30:00Z',
      duration_minutes: 30,
      done: false,
      salesperson_id: rep,
      opportunity_id: unlinked.id,
      notes: '',
      ...change,
    });
    const call = await answer<{ id: number }>(server, REP, 'POST', '/api/activities', activity({}));
    const event = (change: Record<string, unknown>) => ({
      title: 'Scratch meeting across the year',
      starts_at: '2025-12-31T20:00:00Z',
      ends_at: '2026-01-01T10:00:00Z',
      all_day: false,
      location: 'Room 2',
      salesperson_id: rep,
      notes: '',
      opportunity_id: unlinked.id,
      ...change,
    });
    const meeting = await answer<{ id: number }>(server, REP, 'POST', '/api/calendar', event({}));
    const holiday = await answer<{ id: number }>(server, REP, 'POST', '/api/calendar', event({ title: 'Scratch day off', all_day: true, starts_at: '2027-01-01T00:00:00Z', ends_at: '2027-01-02T00:00:00Z', opportunity_id: null }));
    const file = await answer<{ id: number }>(server, REP, 'POST', '/api/attachments', {
      file_name: 'scratch.txt',
      media_type: 'text/plain',
      content_base64: Buffer.from('from scratch').toString('base64'),
      opportunity_id: unlinked.id,
      note: 'a note',
    });
    await expectEveryAnswer('after an activity, events and an attachment were created');

    await answer(server, REP, 'PUT', `/api/activities/${call.id}`, activity({ due_at: '2026-01-01T00:00:01Z', done: true, opportunity_id: linked }));
    await answer(other, REP, 'PUT', `/api/calendar/${meeting.id}`, event({ starts_at: '2024-12-31T09:00:00Z', ends_at: '2024-12-31T11:00:00Z' }));
    await expectEveryAnswer('after an activity and an event moved across year ends');

    // The deal's customer is shown by the activity list, the calendar and the attachments.
    const [deal] = await sql<{ salesperson_id: number; stage: string; created_date: Date; revenue: number; probability: number }>(
      'select salesperson_id, stage, created_date, revenue, probability from opportunities where id = $1',
      [unlinked.id],
    );
    await answer(other, REP, 'PUT', `/api/opportunities/${unlinked.id}`, { ...deal, created_date: deal!.created_date.toISOString(), customer: 'Scratch New Customer' });
    // A salesperson's name (the activity list) and an uploader's (the attachments) follow their user's.
    const [repUser] = await sql<{ id: number; email: string; role_id: number }>('select id, email, role_id from users where email = $1', [REP]);
    await answer(server, ADMIN, 'PUT', `/api/users/nohash/${repUser!.id}`, { name: 'Scratch Renamed Rep', email: repUser!.email, password: '********', role_id: repUser!.role_id });
    await expectEveryAnswer("after a deal's customer and a salesperson's name changed");

    await answer(server, REP, 'DELETE', `/api/opportunities/${unlinked.id}`);
    await expectEveryAnswer('after a linked deal was deleted');
    await answer(server, REP, 'DELETE', `/api/activities/${call.id}`);
    await answer(server, REP, 'DELETE', `/api/calendar/${holiday.id}`);
    await answer(other, REP, 'DELETE', `/api/attachments/${file.id}`);
    await expectEveryAnswer('after an activity, an event and an attachment were deleted');
  });

  test("after writes in SQL: rows inserted, updated and deleted; names changed; a deal deleted; the tables truncated", async () => {
    await expectEveryAnswer('before the SQL writes');
    const rep = await salespersonIdOf(REP);
    const { linked } = await linkedDeals();
    await sql(
      `insert into activities (tenant_id, kind, subject, due_at, duration_minutes, done, salesperson_id, opportunity_id, notes, created_at)
       select $1, 'meeting', 'Sql activity ' || n, timestamptz '2025-12-31T22:00:00.7Z' + n * interval '1 hour', null, n % 2 = 0, $2, case when n % 3 = 0 then $3::int end, '', '2025-01-01T00:00:00Z'
       from generate_series(1, 5) as n`,
      [DEMO_TENANT, rep, linked],
    );
    await sql(
      `insert into calendar_events (tenant_id, title, starts_at, ends_at, all_day, salesperson_id, opportunity_id)
       values ($1, 'Sql event late', '2025-12-31T10:00:00Z', '2025-12-31T23:00:00Z', false, $2, $3),
              ($1, 'Sql event edge', '2024-12-31T09:59:59Z', '2024-12-31T10:00:00Z', false, null, null),
              ($1, 'Sql all day', '2026-12-31T00:00:00Z', '2027-01-01T00:00:00Z', true, null, $3)`,
      [DEMO_TENANT, rep, linked],
    );
    await sql(
      `insert into attachments (tenant_id, file_name, media_type, size_bytes, content, sha256, opportunity_id, uploaded_by, created_at)
       select $1, 'sql.bin', 'application/octet-stream', 3, '\\x010203'::bytea, repeat('ab', 32), $2, id, '2030-01-01T00:00:00Z' from users where email = $3`,
      [DEMO_TENANT, linked, REP],
    );
    await expectEveryAnswer('after activities, events and an attachment were inserted');

    await sql(`update calendar_events set starts_at = starts_at + interval '1 year', ends_at = ends_at + interval '1 year' where title = 'Sql event late'`);
    await sql(`update activities set due_at = due_at - interval '2 years', subject = subject || ' moved' where subject like 'Sql activity%' and done`);
    await sql(`update opportunities set customer = 'Sql Renamed Deal Customer' where id = $1`, [linked]);
    await sql(`update salespersons set name = 'Sql Renamed Salesperson' where id = $1`, [rep]);
    await sql(`update users set name = 'Sql Renamed Uploader' where email = $1`, [REP]);
    await expectEveryAnswer("after rows moved across years and the names they show changed");

    // Deleting the deal unlinks its rows (their foreign keys set the link null).
    await sql('delete from notes where opportunity_id = $1', [linked]);
    await sql('delete from opportunities where id = $1', [linked]);
    await sql(`delete from activities where subject like 'Sql activity%' and not done`);
    await sql(`delete from calendar_events where title = 'Sql event edge'`);
    await expectEveryAnswer('after a linked deal and some rows were deleted');

    await sql('truncate activities');
    await sql('truncate calendar_events');
    await sql('truncate attachments');
    await expectEveryAnswer('after the tables were truncated');
    await sql(
      `insert into calendar_events (tenant_id, title, starts_at, ends_at) values ($1, 'After truncate', '2025-03-01T10:00:00Z', '2025-03-01T11:00:00Z')`,
      [DEMO_TENANT],
    );
    await sql(
      `insert into activities (tenant_id, kind, subject, due_at, salesperson_id) values ($1, 'task', 'After truncate', '2025-03-01T10:00:00Z', $2)`,
      [DEMO_TENANT, rep],
    );
    await expectEveryAnswer('after rows were inserted into the truncated tables');
  });
});
