import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { answer, answerInstant, DEMO_TENANT, expectAll, REP, SUPER_ADMIN, type Comparison } from '../support/from-scratch.ts';

// The global search's hits and the records' timelines equal what a plain read of the tables
// says, on the demo data and after writes through the API or straight into the tables.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const sql = <Row>(text: string, params: unknown[] = []) => server.db.query<Row>(text, params);

interface Hit {
  kind: string;
  id: number;
  title: string;
  detail: string;
}

/**
 * What each kind is searched by (its text) and shows (its title and detail line). The search
 * ranks every row whose text contains every word regardless of case: a title equal to the
 * words first, then one starting with them, then by trigram word similarity to them (pg_trgm),
 * five of each kind; an opportunity is found through the best customers, five of their newest
 * deals, ranked just below their customer.
 */
const KINDS = {
  customer: { from: 'customers', text: "name || ' ' || company || ' ' || email", title: 'name', detail: "concat_ws(' · ', nullif(company, ''), nullif(email, ''))" },
  activity: { from: 'activities', text: 'subject', title: 'subject', detail: "concat_ws(' · ', kind, to_char(due_at at time zone 'UTC', 'YYYY-MM-DD'), case when done then 'done' end)" },
  event: { from: 'calendar_events', text: "title || ' ' || location", title: 'title', detail: "concat_ws(' · ', to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD'), nullif(location, ''))" },
  salesperson: { from: 'salespersons', text: "name || ' ' || email", title: 'name', detail: 'email' },
  user: { from: 'users', text: "name || ' ' || email", title: 'name', detail: 'email' },
} as const;

const score = (title: string) => `(case when lower(${title}) = $2 then 2 when starts_with(lower(${title}), $2) then 1 else 0 end) + word_similarity($2, ${title})`;

function bestOfKind(kind: keyof typeof KINDS): string {
  const { from, text, title, detail } = KINDS[kind];
  return `(select '${kind}' as kind, id, ${title} as title, ${detail} as detail, ${score(title)} as score
    from ${from} where tenant_id = $1 and (select bool_and(strpos(lower(${text}), lower(word)) > 0) from unnest($3::text[]) as word)
    order by score desc, lower(${title}), id limit 5)`;
}

async function searchFromScratch(q: string, withUsers: boolean): Promise<Hit[]> {
  const words: string[] = [];
  for (const word of q.trim().split(/\s+/)) if (word !== '' && !words.some((seen) => seen.toLowerCase() === word.toLowerCase())) words.push(word);
  const kinds = ['activity', 'event', 'salesperson', ...(withUsers ? ['user' as const] : [])] as const;
  return sql<Hit>(
    `with best_customers as ${bestOfKind('customer')},
     best_deals as (
       select 'opportunity' as kind, o.id, o.customer as title,
              concat_ws(' · ', o.stage, to_char(o.created_date at time zone 'UTC', 'YYYY-MM-DD'), (select s.name from salespersons s where s.id = o.salesperson_id)) as detail,
              m.score - 0.001 * row_number() over (order by m.score desc, o.created_date desc, o.id desc) as score
       from best_customers m cross join lateral (
         select * from opportunities where tenant_id = $1 and lower(customer) = lower(m.title) order by created_date desc, id desc limit 5
       ) as o
       order by score desc, o.created_date desc, o.id desc limit 5
     )
     select kind, id, title, detail from (
       select * from best_customers union all select * from best_deals
       ${kinds.map((kind) => `union all ${bestOfKind(kind)}`).join(' ')}
     ) as hits order by score desc, kind, title, id`,
    [DEMO_TENANT, words.join(' ').toLowerCase(), words],
  );
}

/**
 * How many rows of a kind holding a text the search surely ranks all of: it may rank a bounded
 * set of candidates, and which rows those are is no part of the contract.
 */
const MOST_ROWS_RANKED = 50;
/** The texts searched, each held by few enough rows of each kind (checked on the demo data). */
const SEARCHED = ['Nakatomi', 'oceanic air', 'riley', 'RILEY REP', 'scratch', 'sql', 'demo.test zzzz'];

interface TimelineEntry {
  kind: string;
  id: number;
  at: string;
  by: string | null;
  opportunity_id: number | null;
  opportunity_customer: string | null;
  title: string;
  when: string | null;
  all_day: boolean | null;
  activity_kind: string | null;
  done: boolean | null;
  action: string | null;
  changes: unknown;
}

/**
 * A record's story: the activities, events, attachments, notes and changes of its deals (and a
 * customer's own notes and changes), newest first, then by kind, then id (highest first). Each
 * entry's instant is read to the microsecond, so that the order is the stored one.
 */
async function timelineFromScratch(dealIds: number[], customerId: number | null): Promise<TimelineEntry[]> {
  const at = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as exact_at`;
  const deals = new Map(
    (await sql<{ id: number; customer: string }>('select id, customer from opportunities where tenant_id = $1 and id = any($2::int[])', [DEMO_TENANT, dealIds])).map((deal) => [deal.id, deal.customer]),
  );
  const ids = [...deals.keys()];
  const base = { by: null, when: null, all_day: null, activity_kind: null, done: null, action: null, changes: [] };
  type Exact = TimelineEntry & { exact_at: string };
  const activities = await sql<Exact>(
    `select a.id, ${at('a.created_at')}, a.created_at as at, s.name as by, a.opportunity_id, a.subject as title, a.due_at as "when", a.kind as activity_kind, a.done
     from activities a join salespersons s on s.id = a.salesperson_id where a.tenant_id = $1 and a.opportunity_id = any($2::int[])`,
    [DEMO_TENANT, ids],
  );
  const events = await sql<Exact>(
    `select e.id, ${at('e.created_at')}, e.created_at as at, s.name as by, e.opportunity_id, e.title, e.starts_at as "when", e.all_day
     from calendar_events e left join salespersons s on s.id = e.salesperson_id where e.tenant_id = $1 and e.opportunity_id = any($2::int[])`,
    [DEMO_TENANT, ids],
  );
  const attachments = await sql<Exact>(
    `select f.id, ${at('f.created_at')}, f.created_at as at, u.name as by, f.opportunity_id, f.file_name as title
     from attachments f join users u on u.id = f.uploaded_by where f.tenant_id = $1 and f.opportunity_id = any($2::int[])`,
    [DEMO_TENANT, ids],
  );
  const notes = await sql<Exact>(
    `select n.id, ${at('n.created_at')}, n.created_at as at, n.author_name as by, n.opportunity_id, n.body as title
     from notes n where n.tenant_id = $1 and (n.opportunity_id = any($2::int[]) or n.customer_id = $3)`,
    [DEMO_TENANT, ids, customerId],
  );
  const changes = await sql<Exact & { record_kind: string; record_id: number }>(
    `select c.id, ${at('c.changed_at')}, c.changed_at as at, c.changed_by_name as by, c.record_kind, c.record_id, c.action, c.changes
     from record_changes c where c.tenant_id = $1 and ((c.record_kind = 'opportunity' and c.record_id = any($2::int[])) or (c.record_kind = 'customer' and c.record_id = $3))`,
    [DEMO_TENANT, ids, customerId],
  );
  const linked = (row: Exact) => ({ opportunity_id: row.opportunity_id, opportunity_customer: row.opportunity_id === null ? null : deals.get(row.opportunity_id)! });
  const entries: Exact[] = [
    ...activities.map((row) => ({ ...base, ...row, kind: 'activity', ...linked(row) })),
    ...events.map((row) => ({ ...base, ...row, kind: 'event', ...linked(row) })),
    ...attachments.map((row) => ({ ...base, ...row, kind: 'attachment', ...linked(row) })),
    ...notes.map((row) => ({ ...base, ...row, kind: 'note', ...linked(row) })),
    ...changes.map(({ record_kind, record_id, ...row }) => ({
      ...base,
      ...row,
      kind: 'change',
      title: record_kind,
      opportunity_id: record_kind === 'opportunity' ? record_id : null,
      opportunity_customer: record_kind === 'opportunity' ? deals.get(record_id)! : null,
    })),
  ];
  entries.sort((a, b) => (a.exact_at !== b.exact_at ? (a.exact_at < b.exact_at ? 1 : -1) : a.kind !== b.kind ? (a.kind < b.kind ? -1 : 1) : b.id - a.id));
  return entries.map(({ exact_at: _exact, ...entry }) => ({
    kind: entry.kind,
    id: Number(entry.id),
    at: answerInstant(entry.at)!,
    by: entry.by,
    opportunity_id: entry.opportunity_id,
    opportunity_customer: entry.opportunity_customer,
    title: entry.title,
    when: answerInstant(entry.when),
    all_day: entry.all_day,
    activity_kind: entry.activity_kind,
    done: entry.done,
    action: entry.action,
    changes: entry.changes,
  }));
}

/** Every page of a timeline, read three entries at a time to its end. */
const TIMELINE_PAGE = 3;

async function everyTimelinePage(url: string): Promise<TimelineEntry[]> {
  const entries: TimelineEntry[] = [];
  for (let offset = 0; ; offset += TIMELINE_PAGE) {
    const page = await answer<{ entries: TimelineEntry[]; has_more: boolean }>(server, REP, 'GET', `${url}?limit=${TIMELINE_PAGE}&offset=${offset}`);
    entries.push(...page.entries);
    if (!page.has_more) return entries;
    expect(page.entries).toHaveLength(TIMELINE_PAGE);
  }
}

/** The records whose timelines are compared: the deal and the customer the most rows tell of, and the scratch ones. */
async function recordsTold(): Promise<{ deals: number[]; customers: { id: number; deals: number[] }[] }> {
  const deals = await sql<{ id: number }>(
    `select id from opportunities o where tenant_id = $1 and (customer ilike '%scratch%' or id = (
       select opportunity_id from activities where tenant_id = $1 and opportunity_id is not null group by opportunity_id order by count(*) desc, opportunity_id limit 1))`,
    [DEMO_TENANT],
  );
  const customers = await sql<{ id: number; deals: number[] }>(
    `select c.id, coalesce(array(select o.id from opportunities o where o.tenant_id = c.tenant_id and lower(o.customer) = lower(c.name)), '{}') as deals
     from customers c where c.tenant_id = $1 and (c.name ilike '%scratch%' or c.id = (select min(id) from customers where tenant_id = $1))`,
    [DEMO_TENANT],
  );
  return { deals: deals.map((deal) => deal.id), customers };
}

const comparisons: Record<string, Comparison> = {
  "the search's hits, with and without users": async () => {
    for (const q of SEARCHED) {
      const url = `/api/search/${DEMO_TENANT}?q=${encodeURIComponent(q)}`;
      expect(await answer(server, REP, 'GET', url), q).toEqual({ results: await searchFromScratch(q, false) });
      expect(await answer(server, SUPER_ADMIN, 'GET', url), `${q} (with users)`).toEqual({ results: await searchFromScratch(q, true) });
    }
  },
  "the deals' and the customers' timelines": async () => {
    const { deals, customers } = await recordsTold();
    for (const id of deals) expect(await everyTimelinePage(`/api/opportunities/${id}/timeline`), `deal ${id}`).toEqual(await timelineFromScratch([id], null));
    for (const customer of customers) {
      expect(await everyTimelinePage(`/api/customers/${customer.id}/timeline`), `customer ${customer.id}`).toEqual(await timelineFromScratch(customer.deals, customer.id));
    }
  },
};

const expectEveryAnswer = (when: string) => expectAll(comparisons, when);

describe('the search and the timelines, read from scratch', () => {
  test('equal their tables on the demo data', async () => {
    await expectEveryAnswer('on the demo data');
    // Every text searched is held by few enough rows of each kind that all of them are ranked.
    for (const q of SEARCHED) {
      for (const kind of Object.values(KINDS)) {
        const words = q.trim().split(/\s+/);
        const [{ count }] = (await sql<{ count: number }>(
          `select count(*)::int as count from ${kind.from} where tenant_id = $1 and (select bool_and(strpos(lower(${kind.text}), lower(word)) > 0) from unnest($2::text[]) as word)`,
          [DEMO_TENANT, words],
        )) as [{ count: number }];
        expect(count, `${q} in ${kind.from}`).toBeLessThanOrEqual(MOST_ROWS_RANKED);
      }
    }
    expect((await searchFromScratch('Nakatomi', false)).length).toBeGreaterThan(0);
    const { deals } = await recordsTold();
    expect((await timelineFromScratch(deals, null)).length).toBeGreaterThan(0);
  });

  test('after writes through the API: records, notes and links created, changed and deleted', async () => {
    await expectEveryAnswer('before the API writes');
    const customer = await answer<{ id: number }>(server, REP, 'POST', '/api/customers', { name: 'Scratch Search Co', company: 'Riley Holdings', email: 'scratch@demo.test' });
    const [salesperson] = await sql<{ id: number }>('select id from salespersons where email = $1', [REP]);
    const dealBody = (change: Record<string, unknown>) => ({ customer: 'Scratch Search Co', salesperson_id: salesperson!.id, stage: 'proposal', created_date: '2026-02-01T10:00:00Z', revenue: 10, probability: 20, ...change });
    const deal = await answer<{ id: number }>(server, REP, 'POST', '/api/opportunities', dealBody({}));
    await answer(server, REP, 'POST', '/api/opportunities', dealBody({ customer: 'scratch search co', created_date: '2026-03-01T10:00:00Z' }));
    await answer(server, REP, 'POST', '/api/activities', {
      kind: 'meeting',
      subject: 'Scratch search meeting',
      due_at: '2026-02-03T10:00:00Z',
      duration_minutes: 60,
      done: true,
      salesperson_id: salesperson!.id,
      opportunity_id: deal.id,
      notes: '',
    });
    await answer(server, REP, 'POST', '/api/calendar', {
      title: 'Scratch search event',
      starts_at: '2026-02-04T10:00:00Z',
      ends_at: '2026-02-04T11:00:00Z',
      all_day: false,
      location: 'Nakatomi Plaza',
      salesperson_id: null,
      notes: '',
      opportunity_id: deal.id,
    });
    const note = await answer<{ id: number }>(server, REP, 'POST', `/api/opportunities/${deal.id}/notes`, { body: 'A scratch note' });
    await answer(server, REP, 'POST', `/api/customers/${customer.id}/notes`, { body: "The customer's own note" });
    await expectEveryAnswer('after a customer, deals, an activity, an event and notes were created');
    // The timelines compared now run to more than one page.
    expect((await timelineFromScratch([deal.id], null)).length).toBeGreaterThan(TIMELINE_PAGE);

    await answer(server, REP, 'PUT', `/api/opportunities/${deal.id}`, dealBody({ stage: 'negotiation', revenue: 20 }));
    await answer(server, REP, 'PUT', `/api/customers/${customer.id}`, { name: 'Scratch Searched Company', company: 'Riley Holdings' });
    await answer(server, REP, 'DELETE', `/api/notes/${note.id}`);
    await expectEveryAnswer('after a deal changed, its customer was renamed and a note deleted');
  });

  test('after writes in SQL: rows inserted, renamed and deleted; the notes truncated', async () => {
    await expectEveryAnswer('before the SQL writes');
    const [deal] = await sql<{ id: number }>(`select id from opportunities where tenant_id = $1 and customer ilike '%scratch%' order by id limit 1`, [DEMO_TENANT]);
    await sql(`insert into customers (tenant_id, name, company) values ($1, 'Sql Scratch Buyer', 'Sql'), ($1, 'sql', '')`, [DEMO_TENANT]);
    await sql(`insert into notes (tenant_id, opportunity_id, body, author_name, created_at) values ($1, $2, 'Sql note', 'Sql Author', '2026-02-05T00:00:00.123456Z')`, [DEMO_TENANT, deal!.id]);
    await sql(
      `insert into record_changes (tenant_id, record_kind, record_id, action, changes, changed_by_name, changed_at)
       values ($1, 'opportunity', $2, 'updated', '[{"field": "stage", "from": "a", "to": "b"}]', 'Sql Changer', '2026-02-05T00:00:00.123456Z')`,
      [DEMO_TENANT, deal!.id],
    );
    await expectEveryAnswer('after customers, a note and a change were inserted');
    await sql(`update activities set subject = 'Sql renamed meeting', done = false where subject = 'Scratch search meeting'`);
    await sql(`update salespersons set name = 'Riley Sql Renamed' where email = $1`, [REP]);
    await sql(`update calendar_events set location = 'Sql Room' where title = 'Scratch search event'`);
    await expectEveryAnswer('after an activity, a salesperson and an event were changed');
    await sql(`delete from customers where name = 'sql'`);
    await sql(`delete from record_changes where changed_by_name = 'Sql Changer'`);
    await sql('truncate notes');
    await expectEveryAnswer('after a customer and a change were deleted and the notes truncated');
  });
});
