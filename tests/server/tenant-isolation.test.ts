import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../server/http/contract.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * Issue 4: "A tenant_id or id of another tenant gets 404 and reveals nothing — for
 * users, salespersons, teams and opportunities alike." Every operation of the
 * contract is probed with the other tenant's ids, both ways round; the other tenant's
 * rows must come out unchanged and none of its data may appear in any answer.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // A note on a record of each tenant, for the probes of the notes' calls.
  await server.db.query(
    `insert into notes (tenant_id, opportunity_id, body, author_id, author_name)
     select o.tenant_id, o.id, 'Probe target', u.id, u.name from opportunities o join users u on u.tenant_id = o.tenant_id and u.role_id = 1
     where o.id in (select min(id) from opportunities group by tenant_id)`,
  );
  // A saved view of each tenant's Super Admin, for the probes of the saved views' calls.
  await server.db.query(
    `insert into saved_views (tenant_id, user_id, list, name, query)
     select tenant_id, id, 'opportunity', 'Probe target view', 'search=probe' from users where role_id = 1`,
  );
});
afterAll(async () => {
  await server.close();
});

interface Tenant {
  id: number;
  caller: string;
  userIds: number[];
  superAdminId: number;
  userEmails: string[];
  userNames: string[];
  /** E-mails of the tenant's users who already have a sign-in account. */
  accountEmails: string[];
  salespersonIds: number[];
  teamIds: number[];
  customerIds: number[];
  activityIds: number[];
  /** A few of the tenant's opportunities: probing thousands would add nothing. */
  opportunityIds: number[];
  calendarEventIds: number[];
  attachmentIds: number[];
  noteIds: number[];
  savedViewIds: number[];
}

async function tenantNamed(name: string, caller: string): Promise<Tenant> {
  const [{ id }] = (await server.db.query<{ id: number }>('select id from tenants where name = $1', [name])) as [{ id: number }];
  const users = await server.db.query<{ id: number; email: string; name: string; role_id: number }>(
    'select id, email, name, role_id from users where tenant_id = $1 order by id',
    [id],
  );
  const salespersons = await server.db.query<{ id: number }>('select id from salespersons where tenant_id = $1 order by id', [id]);
  const teams = await server.db.query<{ id: number }>('select id from teams where tenant_id = $1 order by id', [id]);
  const customers = await server.db.query<{ id: number }>('select id from customers where tenant_id = $1 order by id', [id]);
  const activities = await server.db.query<{ id: number }>('select id from activities where tenant_id = $1 order by id', [id]);
  const calendarEvents = await server.db.query<{ id: number }>('select id from calendar_events where tenant_id = $1 order by id', [id]);
  const attachments = await server.db.query<{ id: number }>('select id from attachments where tenant_id = $1 order by id', [id]);
  const opportunities = await server.db.query<{ id: number }>('select id from opportunities where tenant_id = $1 order by id limit 5', [id]);
  const notes = await server.db.query<{ id: number }>('select id from notes where tenant_id = $1 order by id', [id]);
  const savedViews = await server.db.query<{ id: number }>('select id from saved_views where tenant_id = $1 order by id', [id]);
  const accounts = await server.db.query<{ email: string }>(
    'select a.email from accounts a join users u on u.email = a.email where u.tenant_id = $1',
    [id],
  );
  return {
    id,
    caller,
    userIds: users.map((u) => u.id),
    superAdminId: users.find((u) => u.role_id === 1)!.id,
    userEmails: users.map((u) => u.email),
    userNames: users.map((u) => u.name),
    accountEmails: accounts.map((a) => a.email),
    salespersonIds: salespersons.map((s) => s.id),
    teamIds: teams.map((t) => t.id),
    customerIds: customers.map((c) => c.id),
    activityIds: activities.map((a) => a.id),
    opportunityIds: opportunities.map((o) => o.id),
    calendarEventIds: calendarEvents.map((e) => e.id),
    attachmentIds: attachments.map((a) => a.id),
    noteIds: notes.map((n) => n.id),
    savedViewIds: savedViews.map((v) => v.id),
  };
}

/** Everything stored about a tenant, to prove a probe changed none of it. */
async function snapshot(tenantId: number) {
  const q = (sql: string) => server.db.query(sql, [tenantId]);
  return {
    users: await q('select * from users where tenant_id = $1 order by id'),
    accounts: await q('select a.* from accounts a join users u on u.email = a.email where u.tenant_id = $1 order by a.id'),
    salespersons: await q('select * from salespersons where tenant_id = $1 order by id'),
    teams: await q('select t.*, m.salesperson_id from teams t left join team_members m on m.team_id = t.id where t.tenant_id = $1 order by t.id, m.salesperson_id'),
    opportunities: await q('select count(*)::int as n, sum(revenue) as revenue from opportunities where tenant_id = $1'),
    customers: await q('select * from customers where tenant_id = $1 order by id'),
    activities: await q('select * from activities where tenant_id = $1 order by id'),
    calendarEvents: await q('select * from calendar_events where tenant_id = $1 order by id'),
    attachments: await q('select id, file_name, sha256, opportunity_id, note from attachments where tenant_id = $1 order by id'),
    notes: await q('select * from notes where tenant_id = $1 order by id'),
    history: await q('select * from record_changes where tenant_id = $1 order by id'),
    savedViews: await q('select * from saved_views where tenant_id = $1 order by id'),
  };
}

type Probe = (victim: Tenant) => Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; expect: 'not found' | 'no victim data' }>;

let serial = 0;
const userBody = () => ({ name: `Probe-${serial}-end`, email: `probe${++serial}@probe.test`, password: 'probe-password', role_id: 3 });

const calendarEventBody = (salesperson_id: number | null) => ({
  title: 'Probe',
  starts_at: '2026-06-01T09:00:00Z',
  ends_at: '2026-06-01T10:00:00Z',
  all_day: false,
  location: '',
  salesperson_id,
  notes: '',
});

// An odd revenue, so that a probe which did write would change the victim's sum.
const opportunityBody = (salesperson_id: number) => ({
  customer: 'Probe Customer',
  salesperson_id,
  stage: 'proposal',
  created_date: '2026-01-02T12:00:00Z',
  revenue: 123.45,
  probability: 50,
});

const activityBody = (salesperson_id: number) => ({
  kind: 'call',
  subject: 'Probe',
  due_at: '2026-06-01T09:00:00Z',
  duration_minutes: 15,
  done: false,
  salesperson_id,
  opportunity_id: null,
  notes: '',
});

const probes: Record<string, Probe> = {
  // Public: signing up is the person's own act, so only accounts that exist are probed.
  'post /api/auth/signup': (victim) =>
    victim.accountEmails.map((email) => ({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'probe-password' }, expect: 'no victim data' })),
  'get /api/auth/email': (victim) =>
    victim.userEmails.map((email) => ({ method: 'GET', url: `/api/auth/email?email=${encodeURIComponent(email)}`, expect: 'not found' })),
  'get /api/users/getAllData/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/users/getAllData/${victim.id}`, expect: 'not found' }],
  'post /api/users': () => [
    // The body cannot name a tenant: the field is refused, and a valid body lands in the caller's tenant.
    { method: 'POST', url: '/api/users', payload: { ...userBody(), status: 1, tenant_id: 2 }, expect: 'no victim data' },
    { method: 'POST', url: '/api/users', payload: { ...userBody(), status: 1 }, expect: 'no victim data' },
  ],
  'get /api/users/{id}': (victim) => victim.userIds.map((id) => ({ method: 'GET', url: `/api/users/${id}`, expect: 'not found' })),
  'put /api/users/{id}': (victim) => victim.userIds.map((id) => ({ method: 'PUT', url: `/api/users/${id}`, payload: userBody(), expect: 'not found' })),
  'put /api/users/nohash/{id}': (victim) =>
    victim.userIds.map((id) => ({ method: 'PUT', url: `/api/users/nohash/${id}`, payload: userBody(), expect: 'not found' })),
  'put /api/users/admin/{id}': (victim) => [
    { method: 'PUT', url: `/api/users/admin/${victim.superAdminId}`, payload: { ...userBody(), role_id: 1 }, expect: 'not found' },
  ],
  'put /api/users/admin/nohash/{id}': (victim) => [
    { method: 'PUT', url: `/api/users/admin/nohash/${victim.superAdminId}`, payload: { ...userBody(), role_id: 1 }, expect: 'not found' },
  ],
  'post /api/salespersons': (victim) =>
    victim.userEmails.map((email) => ({
      method: 'POST',
      url: '/api/salespersons',
      payload: { name: 'Probe', email, phone: '+49301234567', mobile: '+49301234567', status: 1 },
      expect: 'not found',
    })),
  'get /api/salespersons/getAllData/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/salespersons/getAllData/${victim.id}`, expect: 'not found' }],
  'get /api/salespersons/{id}': (victim) => victim.salespersonIds.map((id) => ({ method: 'GET', url: `/api/salespersons/${id}`, expect: 'not found' })),
  'put /api/salespersons/{id}': (victim) =>
    victim.salespersonIds.map((id) => ({
      method: 'PUT',
      url: `/api/salespersons/${id}`,
      payload: { name: 'Probe', email: 'probe@probe.test', phone: '0301234567', mobile: '0301234567', latest_login: null, status: 1 },
      expect: 'not found',
    })),
  'get /api/teams/getAllData/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/teams/getAllData/${victim.id}`, expect: 'not found' }],
  'post /api/teams/searchTeam': (victim) =>
    victim.salespersonIds.map((id) => ({ method: 'POST', url: '/api/teams/searchTeam', payload: { salespersonId: id }, expect: 'not found' })),
  // The victim's salespersons cannot be made members: 400, and nothing is written anywhere.
  'post /api/teams': (victim) => [{ method: 'POST', url: '/api/teams', payload: { name: 'Probe Team', memberIds: victim.salespersonIds }, expect: 'no victim data' }],
  'get /api/teams/{id}': (victim) => victim.teamIds.map((id) => ({ method: 'GET', url: `/api/teams/${id}`, expect: 'not found' })),
  'put /api/teams/{id}': (victim) =>
    victim.teamIds.map((id) => ({ method: 'PUT', url: `/api/teams/${id}`, payload: { name: 'Probe Team', memberIds: [] }, expect: 'not found' })),
  'get /api/customers/getAllData/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/customers/getAllData/${victim.id}`, expect: 'not found' }],
  'get /api/customers/summaries/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/customers/summaries/${victim.id}?year=2025`, expect: 'not found' }],
  'post /api/customers': (victim) => [
    // The body cannot name a tenant: the field is refused, and a valid body lands in the caller's tenant.
    { method: 'POST', url: '/api/customers', payload: { name: `Probe customer ${++serial}`, tenant_id: victim.id }, expect: 'no victim data' },
    { method: 'POST', url: '/api/customers', payload: { name: `Probe customer ${++serial}` }, expect: 'no victim data' },
  ],
  'get /api/customers/{id}': (victim) => victim.customerIds.map((id) => ({ method: 'GET', url: `/api/customers/${id}`, expect: 'not found' })),
  'put /api/customers/{id}': (victim) =>
    victim.customerIds.map((id) => ({ method: 'PUT', url: `/api/customers/${id}`, payload: { name: `Probe customer ${++serial}` }, expect: 'not found' })),
  'post /api/opportunities/anlaysis': (victim) =>
    [2025, 2026].map((year) => ({ method: 'POST', url: '/api/opportunities/anlaysis', payload: { year, tenantId: victim.id }, expect: 'not found' })),
  'get /api/opportunities/getAllData/{tenant_id}': (victim) => [
    { method: 'GET', url: `/api/opportunities/getAllData/${victim.id}?year=2025`, expect: 'not found' },
  ],
  'get /api/opportunities/page/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/opportunities/page/${victim.id}?year=2025`, expect: 'not found' }],
  'get /api/opportunities/days/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/opportunities/days/${victim.id}?year=2025`, expect: 'not found' }],
  'get /api/opportunities/board/{tenant_id}': (victim) => [
    { method: 'GET', url: `/api/opportunities/board/${victim.id}?year=2025`, expect: 'not found' },
  ],
  'get /api/opportunities/board/{tenant_id}/cards': (victim) => [
    { method: 'GET', url: `/api/opportunities/board/${victim.id}/cards?year=2025&stage=proposal`, expect: 'not found' },
  ],
  'get /api/opportunities/years/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/opportunities/years/${victim.id}`, expect: 'not found' }],
  // The settings are always the caller's own tenant's; the body cannot name another.
  'get /api/tenant/settings': () => [{ method: 'GET', url: '/api/tenant/settings', expect: 'no victim data' }],
  'put /api/tenant/settings': (victim) => [
    { method: 'PUT', url: '/api/tenant/settings', payload: { currency: 'EUR', tenant_id: victim.id }, expect: 'no victim data' },
  ],
  'get /api/calendar/getAllData/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/calendar/getAllData/${victim.id}?year=2026`, expect: 'not found' }],
  // The body cannot name a tenant, and the other tenant's salespersons are refused.
  'post /api/calendar': (victim) => [
    { method: 'POST', url: '/api/calendar', payload: { ...calendarEventBody(null), tenant_id: victim.id }, expect: 'no victim data' },
    ...victim.salespersonIds.map((id) => ({ method: 'POST' as const, url: '/api/calendar', payload: calendarEventBody(id), expect: 'no victim data' as const })),
    // Nor can it be about another tenant's opportunity (400), so none of its pages gains it.
    ...victim.opportunityIds.map((opportunity_id) => ({
      method: 'POST' as const,
      url: '/api/calendar',
      payload: { ...calendarEventBody(null), opportunity_id },
      expect: 'no victim data' as const,
    })),
  ],
  'get /api/calendar/{id}': (victim) => victim.calendarEventIds.map((id) => ({ method: 'GET', url: `/api/calendar/${id}`, expect: 'not found' })),
  'put /api/calendar/{id}': (victim) =>
    victim.calendarEventIds.map((id) => ({ method: 'PUT', url: `/api/calendar/${id}`, payload: calendarEventBody(null), expect: 'not found' })),
  'delete /api/calendar/{id}': (victim) => victim.calendarEventIds.map((id) => ({ method: 'DELETE', url: `/api/calendar/${id}`, expect: 'not found' })),
  // The victim's salesperson is refused (400), so nothing lands on the victim's board.
  'post /api/opportunities': (victim) =>
    victim.salespersonIds.map((id) => ({ method: 'POST', url: '/api/opportunities', payload: opportunityBody(id), expect: 'no victim data' })),
  'get /api/opportunities/{id}': (victim) => victim.opportunityIds.map((id) => ({ method: 'GET', url: `/api/opportunities/${id}`, expect: 'not found' })),
  'put /api/opportunities/{id}': (victim) =>
    victim.opportunityIds.map((id) => ({ method: 'PUT', url: `/api/opportunities/${id}`, payload: opportunityBody(victim.salespersonIds[0]!), expect: 'not found' })),
  'get /api/activities/getAllData/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/activities/getAllData/${victim.id}`, expect: 'not found' }],
  // The body cannot name a tenant, and the other tenant's salespersons are refused (400).
  'post /api/activities': (victim) => [
    { method: 'POST', url: '/api/activities', payload: { ...activityBody(victim.salespersonIds[0]!), tenant_id: victim.id }, expect: 'no victim data' },
    ...victim.salespersonIds.map((id) => ({ method: 'POST' as const, url: '/api/activities', payload: activityBody(id), expect: 'no victim data' as const })),
  ],
  'get /api/activities/{id}': (victim) => victim.activityIds.map((id) => ({ method: 'GET', url: `/api/activities/${id}`, expect: 'not found' })),
  'put /api/activities/{id}': (victim) =>
    victim.activityIds.map((id) => ({ method: 'PUT', url: `/api/activities/${id}`, payload: activityBody(victim.salespersonIds[0]!), expect: 'not found' })),
  'get /api/attachments/getAllData/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/attachments/getAllData/${victim.id}`, expect: 'not found' }],
  'post /api/attachments': (victim) => [
    // The body can name neither a tenant nor an uploader, and another tenant's opportunity is refused.
    { method: 'POST', url: '/api/attachments', payload: { file_name: 'probe.txt', media_type: 'text/plain', content_base64: 'cHJvYmU=', tenant_id: victim.id }, expect: 'no victim data' },
    { method: 'POST', url: '/api/attachments', payload: { file_name: 'probe.txt', media_type: 'text/plain', content_base64: 'cHJvYmU=', uploaded_by: victim.superAdminId }, expect: 'no victim data' },
    ...victim.opportunityIds.map((opportunity_id) => ({
      method: 'POST' as const,
      url: '/api/attachments',
      payload: { file_name: 'probe.txt', media_type: 'text/plain', content_base64: 'cHJvYmU=', opportunity_id },
      expect: 'no victim data' as const,
    })),
  ],
  'get /api/attachments/{id}/content': (victim) => victim.attachmentIds.map((id) => ({ method: 'GET', url: `/api/attachments/${id}/content`, expect: 'not found' })),
  'delete /api/attachments/{id}': (victim) => victim.attachmentIds.map((id) => ({ method: 'DELETE', url: `/api/attachments/${id}`, expect: 'not found' })),
  // CSV (x-crm-extension: csv): the victim's tenant id is not found; the victim's ids export, change and delete nothing.
  'get /api/csv/export/{kind}/{tenant_id}': (victim) => [
    ...['opportunities', 'customers', 'activities', 'users'].map((kind) => ({ method: 'GET' as const, url: `/api/csv/export/${kind}/${victim.id}`, expect: 'not found' as const })),
    // With the list's filters too (a stage, 'Mine'): still not found.
    { method: 'GET' as const, url: `/api/csv/export/opportunities/${victim.id}?stage=proposal&mine=true`, expect: 'not found' as const },
  ],
  'post /api/csv/import/opportunities': (victim) =>
    victim.salespersonIds.map((id) => ({ method: 'POST', url: '/api/csv/import/opportunities', payload: { rows: [opportunityBody(id)] }, expect: 'no victim data' })),
  'post /api/csv/import/customers': (victim) => [
    { method: 'POST', url: '/api/csv/import/customers', payload: { rows: [{ name: `Probe customer ${++serial}` }], tenant_id: victim.id }, expect: 'no victim data' },
    { method: 'POST', url: '/api/csv/import/customers', payload: { rows: [{ name: `Probe customer ${++serial}` }] }, expect: 'no victim data' },
  ],
  'post /api/bulk/opportunities/reassign': (victim) => [
    { method: 'POST', url: '/api/bulk/opportunities/reassign', payload: { ids: victim.opportunityIds, salesperson_id: victim.salespersonIds[0]! }, expect: 'not found' },
  ],
  'post /api/bulk/{kind}/delete': (victim) => [
    { method: 'POST', url: '/api/bulk/opportunities/delete', payload: { ids: victim.opportunityIds }, expect: 'not found' },
    { method: 'POST', url: '/api/bulk/customers/delete', payload: { ids: victim.customerIds }, expect: 'not found' },
  ],
  // The records part: every call names a record by id, and another tenant's is not found.
  'delete /api/opportunities/{id}': (victim) => victim.opportunityIds.map((id) => ({ method: 'DELETE', url: `/api/opportunities/${id}`, expect: 'not found' })),
  'delete /api/customers/{id}': (victim) => victim.customerIds.map((id) => ({ method: 'DELETE', url: `/api/customers/${id}`, expect: 'not found' })),
  'delete /api/activities/{id}': (victim) => victim.activityIds.map((id) => ({ method: 'DELETE', url: `/api/activities/${id}`, expect: 'not found' })),
  'delete /api/teams/{id}': (victim) => victim.teamIds.map((id) => ({ method: 'DELETE', url: `/api/teams/${id}`, expect: 'not found' })),
  'get /api/opportunities/{id}/timeline': (victim) =>
    victim.opportunityIds.map((id) => ({ method: 'GET', url: `/api/opportunities/${id}/timeline`, expect: 'not found' })),
  'get /api/customers/{id}/timeline': (victim) => victim.customerIds.map((id) => ({ method: 'GET', url: `/api/customers/${id}/timeline`, expect: 'not found' })),
  'get /api/customers/{id}/opportunities': (victim) =>
    victim.customerIds.map((id) => ({ method: 'GET', url: `/api/customers/${id}/opportunities`, expect: 'not found' })),
  'post /api/opportunities/{id}/notes': (victim) =>
    victim.opportunityIds.map((id) => ({ method: 'POST', url: `/api/opportunities/${id}/notes`, payload: { body: 'Probe' }, expect: 'not found' })),
  'post /api/customers/{id}/notes': (victim) =>
    victim.customerIds.map((id) => ({ method: 'POST', url: `/api/customers/${id}/notes`, payload: { body: 'Probe' }, expect: 'not found' })),
  'delete /api/notes/{id}': (victim) => victim.noteIds.map((id) => ({ method: 'DELETE', url: `/api/notes/${id}`, expect: 'not found' })),
  // Search and saved views (x-crm-extension: search, saved-views): the victim's tenant id is not found; a view is its owner's alone.
  'get /api/search/{tenant_id}': (victim) => [{ method: 'GET', url: `/api/search/${victim.id}?q=a`, expect: 'not found' }],
  'get /api/views': () => [{ method: 'GET', url: '/api/views', expect: 'no victim data' }],
  'post /api/views': (victim) => [
    { method: 'POST', url: '/api/views', payload: { list: 'opportunity', name: `Probe view ${++serial}`, query: '', tenant_id: victim.id }, expect: 'no victim data' },
  ],
  'delete /api/views/{id}': (victim) => victim.savedViewIds.map((id) => ({ method: 'DELETE', url: `/api/views/${id}`, expect: 'not found' })),
  'get /get-tenant': (victim) =>
    victim.userEmails.map((email) => ({ method: 'GET', url: `/tenant-service/get-tenant?email=${encodeURIComponent(email)}`, expect: 'no victim data' })),
};

test('every operation of the contract has a cross-tenant probe', () => {
  const operations = loadContract().operations().map(({ method, path }) => `${method} ${path}`);
  expect(Object.keys(probes).sort()).toEqual(operations.sort());
});

describe.each([
  { attackerTenant: 'Demo', attacker: 'admin@demo.test', victimTenant: 'Globex', victimCaller: 'admin@globex.test' },
  { attackerTenant: 'Globex', attacker: 'admin@globex.test', victimTenant: 'Demo', victimCaller: 'admin@demo.test' },
])('the super admin of $attackerTenant probing $victimTenant', ({ attacker, attackerTenant, victimTenant, victimCaller }) => {
  test.each(Object.keys(probes))('%s answers 404 or nothing of the other tenant, and changes none of it', async (operation) => {
    const victim = await tenantNamed(victimTenant, victimCaller);
    const own = await tenantNamed(attackerTenant, attacker);
    const before = await snapshot(victim.id);
    const headers = await server.as(attacker);
    for (const request of probes[operation]!(victim)) {
      const response = await server.app.inject({ ...request, headers });
      expect(response.statusCode).toBeLessThan(500);
      if (request.expect === 'not found') {
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
      for (const leaked of [...victim.userEmails, ...victim.userNames]) expect(response.body).not.toContain(leaked);
      if (response.statusCode === 201 && request.url === '/api/users') expect(response.json().tenant_id).toBe(own.id);
    }
    expect(await snapshot(victim.id)).toEqual(before);
  });

  test('the lists of the own tenant hold no row of the other tenant', async () => {
    const own = await tenantNamed(attackerTenant, attacker);
    const victim = await tenantNamed(victimTenant, victimCaller);
    const headers = await server.as(attacker);
    const users = (await server.app.inject({ url: `/api/users/getAllData/${own.id}`, headers })).json() as Array<{ id: number; tenant_id: number }>;
    expect(users.filter((user) => user.tenant_id !== own.id || victim.userIds.includes(user.id))).toEqual([]);
    const salespersons = (await server.app.inject({ url: `/api/salespersons/getAllData/${own.id}`, headers })).json() as Array<{ id: number }>;
    expect(salespersons.filter((salesperson) => victim.salespersonIds.includes(salesperson.id))).toEqual([]);
    for (const year of [2025, 2026]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/opportunities/anlaysis', headers, payload: { year, tenantId: own.id } });
      const opportunities = response.json() as Array<{ salesperson_id: number }>;
      expect(opportunities.length).toBeGreaterThan(0);
      expect(opportunities.filter((o) => !own.salespersonIds.includes(o.salesperson_id))).toEqual([]);
    }
  });
});
