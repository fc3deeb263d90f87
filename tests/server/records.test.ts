import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * Issue 16: the record pages' calls. A timeline, newest first, of a record's
 * activities, calendar events, e-mail attachments, notes and changes; notes; a
 * customer's opportunities; and deletes that leave no orphan rows.
 */
let server: TestServer;
let salespersonId: number;
beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.db.query<{ id: number }>("select id from salespersons where email = 'rep@demo.test'");
  salespersonId = row!.id;
});
afterAll(async () => {
  await server.close();
});

async function call(email: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

let serial = 0;
const deal = (change: Record<string, unknown> = {}) => ({
  customer: `Records Customer ${++serial}`,
  salesperson_id: salespersonId,
  stage: 'qualification',
  created_date: '2026-04-01T12:00:00Z',
  revenue: 5000,
  probability: 10,
  ...change,
});

async function created(email: string, url: string, payload: object): Promise<{ id: number }> {
  const response = await call(email, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** A deal with one of everything hanging on it, each made through the API as the app makes it. */
async function dealWithStory(customer: string) {
  const opportunity = await created('rep@demo.test', '/api/opportunities', deal({ customer }));
  const activity = await created('rep@demo.test', '/api/activities', {
    kind: 'call', subject: 'Discovery call', due_at: '2026-04-02T09:00:00Z', duration_minutes: 30, done: false,
    salesperson_id: salespersonId, opportunity_id: opportunity.id, notes: '',
  });
  const event = await created('rep@demo.test', '/api/calendar', {
    title: 'On-site demo', starts_at: '2026-04-03T09:00:00Z', ends_at: '2026-04-03T10:00:00Z', all_day: false,
    location: '', salesperson_id: salespersonId, notes: '', opportunity_id: opportunity.id,
  });
  const attachment = await created('rep@demo.test', '/api/attachments', {
    file_name: 'offer.pdf', media_type: 'application/pdf', content_base64: Buffer.from('%PDF offer').toString('base64'), opportunity_id: opportunity.id,
  });
  const note = await created('manager@demo.test', `/api/opportunities/${opportunity.id}/notes`, { body: '  Budget confirmed by the CFO.  ' });
  const change = await call('manager@demo.test', 'PUT', `/api/opportunities/${opportunity.id}`, deal({ customer, stage: 'proposal', probability: 30 }));
  expect(change.statusCode).toBe(200);
  return { opportunity, activity, event, attachment, note };
}

interface Entry {
  kind: string;
  id: number;
  by: string | null;
  title: string;
  action: string | null;
  changes: { field: string; from: string | null; to: string | null }[];
  opportunity_id: number | null;
}

describe('GET /api/opportunities/{id}/timeline', () => {
  test('tells the deal\'s story newest first: the change, the note, the attachment, the event, the activity, its creation', async () => {
    const story = await dealWithStory('Timeline Ltd');
    const response = await call('rep@demo.test', 'GET', `/api/opportunities/${story.opportunity.id}/timeline`);
    expect(response.statusCode).toBe(200);
    const { entries, has_more } = response.json() as { entries: Entry[]; has_more: boolean };
    expect(has_more).toBe(false);
    expect(entries.map((entry) => [entry.kind, entry.id])).toEqual([
      ['change', expect.any(Number)],
      ['note', story.note.id],
      ['attachment', story.attachment.id],
      ['event', story.event.id],
      ['activity', story.activity.id],
      ['change', expect.any(Number)],
    ]);
    expect(entries[0]).toMatchObject({
      by: 'Morgan Manager',
      action: 'updated',
      opportunity_id: story.opportunity.id,
      changes: [
        { field: 'stage', from: 'qualification', to: 'proposal' },
        { field: 'probability', from: '10', to: '30' },
      ],
    });
    expect(entries[1]).toMatchObject({ title: 'Budget confirmed by the CFO.', by: 'Morgan Manager' });
    expect(entries[2]).toMatchObject({ title: 'offer.pdf', by: 'Riley Rep' });
    expect(entries[3]).toMatchObject({ title: 'On-site demo', when: '2026-04-03T09:00:00Z', all_day: false });
    expect(entries[4]).toMatchObject({ title: 'Discovery call', activity_kind: 'call', done: false, when: '2026-04-02T09:00:00Z' });
    expect(entries[5]).toMatchObject({ action: 'created', by: 'Riley Rep' });
  });

  test('is paged: pages follow each other without overlap, and the last says nothing more follows', async () => {
    const story = await dealWithStory('Paged Ltd');
    const url = `/api/opportunities/${story.opportunity.id}/timeline`;
    const first = (await call('rep@demo.test', 'GET', `${url}?limit=4`)).json() as { entries: Entry[]; has_more: boolean };
    const second = (await call('rep@demo.test', 'GET', `${url}?limit=4&offset=4`)).json() as { entries: Entry[]; has_more: boolean };
    const all = (await call('rep@demo.test', 'GET', url)).json() as { entries: Entry[] };
    expect(first.has_more).toBe(true);
    expect(second.has_more).toBe(false);
    expect([...first.entries, ...second.entries]).toEqual(all.entries);
    expect((await call('rep@demo.test', 'GET', `${url}?limit=101`)).statusCode).toBe(400);
  });

  test('an opportunity that does not exist is not found', async () => {
    expect((await call('rep@demo.test', 'GET', '/api/opportunities/2147483647/timeline')).statusCode).toBe(404);
  });
});

describe('customers', () => {
  test('the timeline holds the customer\'s own notes and changes and the stories of its opportunities; its opportunities are listed', async () => {
    const story = await dealWithStory('Story Customer AG');
    const [customer] = await server.db.query<{ id: number }>("select id from customers where name = 'Story Customer AG'");
    const second = await created('rep@demo.test', '/api/opportunities', deal({ customer: 'story customer ag', revenue: 800, probability: 50 }));
    const note = await created('rep@demo.test', `/api/customers/${customer!.id}/notes`, { body: 'Prefers calls after 3 pm.' });

    const { entries } = (await call('rep@demo.test', 'GET', `/api/customers/${customer!.id}/timeline`)).json() as { entries: Entry[] };
    expect(entries[0]).toMatchObject({ kind: 'note', id: note.id, opportunity_id: null, title: 'Prefers calls after 3 pm.' });
    expect(entries.map((entry) => entry.kind)).toEqual(['note', 'change', 'change', 'note', 'attachment', 'event', 'activity', 'change', 'change']);
    expect(entries.at(-1)).toMatchObject({ kind: 'change', title: 'customer', action: 'created' });
    expect(entries.find((entry) => entry.kind === 'event')).toMatchObject({ opportunity_id: story.opportunity.id, opportunity_customer: 'Story Customer AG' });

    const opportunities = (await call('rep@demo.test', 'GET', `/api/customers/${customer!.id}/opportunities`)).json() as { id: number; salesperson_name: string }[];
    expect(opportunities.map((row) => row.id).sort()).toEqual([story.opportunity.id, second.id].sort());
    expect(opportunities[0]).toMatchObject({ salesperson_name: 'Riley Rep', stage: expect.any(String), revenue: expect.any(Number) });
  });
});

describe('notes', () => {
  test('a note of only spaces is refused; on a record that does not exist it is not found', async () => {
    const opportunity = await created('rep@demo.test', '/api/opportunities', deal());
    expect((await call('rep@demo.test', 'POST', `/api/opportunities/${opportunity.id}/notes`, { body: '   ' })).statusCode).toBe(400);
    expect((await call('rep@demo.test', 'POST', '/api/customers/2147483647/notes', { body: 'Hello' })).statusCode).toBe(404);
  });

  test('its author or a manager deletes a note; another user may not', async () => {
    const opportunity = await created('rep@demo.test', '/api/opportunities', deal());
    const mine = await created('rep@demo.test', `/api/opportunities/${opportunity.id}/notes`, { body: 'Mine' });
    const managers = await created('manager@demo.test', `/api/opportunities/${opportunity.id}/notes`, { body: 'The manager\'s' });
    expect((await call('rep@demo.test', 'DELETE', `/api/notes/${managers.id}`)).statusCode).toBe(403);
    expect((await call('rep@demo.test', 'DELETE', `/api/notes/${mine.id}`)).statusCode).toBe(204);
    expect((await call('admin@demo.test', 'DELETE', `/api/notes/${managers.id}`)).statusCode).toBe(204);
    expect((await call('admin@demo.test', 'DELETE', `/api/notes/${managers.id}`)).statusCode).toBe(404);
  });
});

/** Rows pointing at a record that is no longer there, across the whole database. */
async function orphans() {
  const [row] = await server.db.query<Record<string, number>>(`select
    (select count(*)::int from notes n where n.opportunity_id is not null and not exists (select 1 from opportunities o where o.id = n.opportunity_id)) as notes_of_deals,
    (select count(*)::int from notes n where n.customer_id is not null and not exists (select 1 from customers c where c.id = n.customer_id)) as notes_of_customers,
    (select count(*)::int from activities a where a.opportunity_id is not null and not exists (select 1 from opportunities o where o.id = a.opportunity_id)) as activities,
    (select count(*)::int from calendar_events e where e.opportunity_id is not null and not exists (select 1 from opportunities o where o.id = e.opportunity_id)) as events,
    (select count(*)::int from attachments f where f.opportunity_id is not null and not exists (select 1 from opportunities o where o.id = f.opportunity_id)) as attachments,
    (select count(*)::int from team_members m where not exists (select 1 from teams t where t.id = m.team_id)) as memberships,
    (select count(*)::int from opportunities o where o.customer <> '' and not exists (select 1 from customers c where c.tenant_id = o.tenant_id and lower(c.name) = lower(o.customer))) as deals_without_customer`);
  return row;
}

const NO_ORPHANS = { notes_of_deals: 0, notes_of_customers: 0, activities: 0, events: 0, attachments: 0, memberships: 0, deals_without_customer: 0 };

describe('deleting', () => {
  test('an opportunity: its notes go, its activity, event and attachment stay unlinked, its history records the deletion; no orphan rows', async () => {
    const story = await dealWithStory('Deleted Deal GmbH');
    const response = await call('rep@demo.test', 'DELETE', `/api/opportunities/${story.opportunity.id}`);
    expect(response.statusCode).toBe(204);
    expect((await call('rep@demo.test', 'GET', `/api/opportunities/${story.opportunity.id}`)).statusCode).toBe(404);
    expect((await call('rep@demo.test', 'DELETE', `/api/opportunities/${story.opportunity.id}`)).statusCode).toBe(404);

    expect(await server.db.query('select id from notes where id = $1', [story.note.id])).toEqual([]);
    expect((await call('rep@demo.test', 'GET', `/api/activities/${story.activity.id}`)).json()).toMatchObject({ opportunity_id: null });
    expect((await call('rep@demo.test', 'GET', `/api/calendar/${story.event.id}`)).json()).toMatchObject({ opportunity_id: null });
    const [file] = await server.db.query('select opportunity_id from attachments where id = $1', [story.attachment.id]);
    expect(file).toEqual({ opportunity_id: null });
    const history = await server.db.query<{ action: string; changed_by_name: string }>(
      "select action, changed_by_name from record_changes where record_kind = 'opportunity' and record_id = $1 order by id",
      [story.opportunity.id],
    );
    expect(history.map((row) => row.action)).toEqual(['created', 'updated', 'deleted']);
    expect(await orphans()).toEqual(NO_ORPHANS);
  });

  test('a customer: its opportunities and notes go with it; no orphan rows', async () => {
    const story = await dealWithStory('Deleted Customer SA');
    const [customer] = await server.db.query<{ id: number }>("select id from customers where name = 'Deleted Customer SA'");
    await created('rep@demo.test', `/api/customers/${customer!.id}/notes`, { body: 'Going away' });
    expect((await call('manager@demo.test', 'DELETE', `/api/customers/${customer!.id}`)).statusCode).toBe(204);
    expect((await call('rep@demo.test', 'GET', `/api/customers/${customer!.id}`)).statusCode).toBe(404);
    expect((await call('rep@demo.test', 'GET', `/api/opportunities/${story.opportunity.id}`)).statusCode).toBe(404);
    expect(await server.db.query('select id from notes where customer_id = $1', [customer!.id])).toEqual([]);
    expect(await orphans()).toEqual(NO_ORPHANS);
  });

  test('an activity and a team answer 204 and are gone; the team\'s memberships go with it, its salespersons stay', async () => {
    const activity = await created('rep@demo.test', '/api/activities', {
      kind: 'task', subject: 'Send offer', due_at: '2026-04-02T09:00:00Z', duration_minutes: null, done: false,
      salesperson_id: salespersonId, opportunity_id: null, notes: '',
    });
    expect((await call('rep@demo.test', 'DELETE', `/api/activities/${activity.id}`)).statusCode).toBe(204);
    expect((await call('rep@demo.test', 'GET', `/api/activities/${activity.id}`)).statusCode).toBe(404);

    const team = await created('manager@demo.test', '/api/teams', { name: `Deleted Team ${++serial}`, memberIds: [salespersonId] });
    expect((await call('manager@demo.test', 'DELETE', `/api/teams/${team.id}`)).statusCode).toBe(204);
    expect((await call('manager@demo.test', 'GET', `/api/teams/${team.id}`)).statusCode).toBe(404);
    expect(await server.db.query('select 1 from salespersons where id = $1', [salespersonId])).toHaveLength(1);
    expect(await orphans()).toEqual(NO_ORPHANS);
  });
});

describe('calendar events about an opportunity', () => {
  test('a change that leaves opportunity_id out keeps it; null unlinks it', async () => {
    const opportunity = await created('rep@demo.test', '/api/opportunities', deal());
    const body = { title: 'Kick-off', starts_at: '2026-04-03T09:00:00Z', ends_at: '2026-04-03T10:00:00Z', all_day: false, location: '', salesperson_id: null, notes: '' };
    const event = await created('rep@demo.test', '/api/calendar', { ...body, opportunity_id: opportunity.id });
    expect((await call('rep@demo.test', 'PUT', `/api/calendar/${event.id}`, { ...body, title: 'Kick-off!' })).json()).toMatchObject({ opportunity_id: opportunity.id });
    expect((await call('rep@demo.test', 'PUT', `/api/calendar/${event.id}`, { ...body, opportunity_id: null })).json()).toMatchObject({ opportunity_id: null });
  });
});
