import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANSWER_INSTANT } from '../../server/answers/instant.ts';
import { loadContract, type HttpMethod } from '../../server/http/contract.ts';
import { contractAjv } from '../../server/http/validation.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * Issue 14, "one projection per answer; dates have one format across every call":
 * every operation of the document that answers JSON is called through the real
 * routes, with writes that send milliseconds and offsets, and each answer must be one
 * the document describes (Ajv, the server's formats) with every date-time in it
 * written one way (server/answers/instant.ts). An operation added to the document
 * without a call here, or a date-time field no call ever filled, fails too.
 */
type Schema = { type?: string | string[]; format?: string; properties?: Record<string, Schema>; items?: Schema };

const contract = loadContract();
const ajv = contractAjv();
const SUPER_ADMIN = 'admin@demo.test';

/** The operations answering JSON on success, as `get /api/...`, with their schema per status. */
const jsonOperations = new Map<string, Record<string, Schema>>(
  contract
    .operations()
    .map(({ method, path, operation }) => {
      const statuses = Object.entries(operation.responses)
        .filter(([status, response]) => Number(status) < 300 && (response as { content?: Record<string, unknown> }).content?.['application/json'])
        .map(([status]) => status);
      const response = contract.routeSchema(method, path).response as Record<string, Schema>;
      return [`${method} ${path}`, Object.fromEntries(statuses.map((status) => [status, response[status]!]))] as [string, Record<string, Schema>];
    })
    .filter(([, schemas]) => Object.keys(schemas).length > 0),
);

/** Where a schema holds date-times: `.created_at`, `[].cards[].created_date`, ... */
function dateTimePlaces(schema: Schema, at = ''): string[] {
  if (schema.format === 'date-time') return [at];
  if (schema.items) return dateTimePlaces(schema.items, `${at}[]`);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => dateTimePlaces(property, `${at}.${name}`));
}

/** The date-time values of an answer, by place; a null one (a nullable field) has no format to keep. */
function dateTimeValues(schema: Schema, value: unknown, at = ''): Array<[string, unknown]> {
  if (value === null || value === undefined) return [];
  if (schema.format === 'date-time') return [[at, value]];
  if (schema.items && Array.isArray(value)) return value.flatMap((item) => dateTimeValues(schema.items!, item, `${at}[]`));
  if (!schema.properties || typeof value !== 'object') return [];
  return Object.entries(schema.properties).flatMap(([name, property]) => dateTimeValues(property, (value as Record<string, unknown>)[name], `${at}.${name}`));
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Date-time places that are null by nature in the answers above. */
const NEVER_FILLED: Record<string, string> = {
  'post /api/salespersons .latest_login': 'a salesperson just made has never signed in',
};

/** What the calls met: the operations called, and each date-time place filled at least once. */
const called = new Set<string>();
const filled = new Set<string>();
const problems: string[] = [];

async function call(method: HttpMethod, path: string, url: string, payload?: unknown, as: string | null = SUPER_ADMIN): Promise<any> {
  const operation = `${method} ${path}`;
  const schemas = jsonOperations.get(operation);
  if (!schemas) throw new Error(`${operation} answers no JSON in the document`);
  const response = await server.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    headers: as ? await server.as(as) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  const schema = schemas[String(response.statusCode)];
  if (!schema) throw new Error(`${method.toUpperCase()} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  called.add(operation);
  const answer = response.json();
  const validate = ajv.compile(schema);
  if (!validate(answer)) problems.push(`${operation}: ${ajv.errorsText(validate.errors)}`);
  for (const [place, value] of dateTimeValues(schema, answer)) {
    filled.add(`${operation} ${place}`);
    if (typeof value !== 'string' || !ANSWER_INSTANT.test(value)) problems.push(`${operation} ${place}: ${JSON.stringify(value)}`);
  }
  return answer;
}

describe('every JSON answer', () => {
  test('is one the document describes, with every date-time in UTC to the second (2025-03-01T10:30:00Z)', async () => {
    const [salesperson] = await server.db.query<{ id: number }>('select id from salespersons where tenant_id = 1 and latest_login is not null order by id limit 1');
    const spId = salesperson!.id;

    await call('post', '/api/auth/signup', '/api/auth/signup', { email: 'newhire@demo.test', password: 'tulip-harbour-42' }, null);
    await call('get', '/get-tenant', '/tenant-service/get-tenant?email=admin%40demo.test', undefined, null);
    await call('get', '/api/auth/email', '/api/auth/email?email=admin%40demo.test');

    // Users, and the salesperson record of a new one.
    const user = await call('post', '/api/users', '/api/users', { name: 'Ansel Answers', email: 'ansel.answers@demo.test', password: 'tulip-harbour-42', role_id: 3, status: 1 });
    await call('get', '/api/users/getAllData/{tenant_id}', '/api/users/getAllData/1');
    await call('get', '/api/users/{id}', `/api/users/${user.id}`);
    const change = { name: 'Ansel Answered', email: user.email, role_id: 3 };
    await call('put', '/api/users/{id}', `/api/users/${user.id}`, { ...change, password: 'harbour-tulip-42' });
    await call('put', '/api/users/nohash/{id}', `/api/users/nohash/${user.id}`, { ...change, password: user.password });
    const admin = { name: 'Alex Admin', email: SUPER_ADMIN, role_id: 1 };
    await call('put', '/api/users/admin/{id}', '/api/users/admin/1', { ...admin, password: 'tulip-harbour-42' });
    await call('put', '/api/users/admin/nohash/{id}', '/api/users/admin/nohash/1', { ...admin, password: '********' });
    const person = await call('post', '/api/salespersons', '/api/salespersons', { name: 'Ansel Answered', email: user.email, phone: '+15550100', mobile: '+15550101', status: 1 });
    await call('get', '/api/salespersons/getAllData/{tenant_id}', '/api/salespersons/getAllData/1');
    const stored = await call('get', '/api/salespersons/{id}', `/api/salespersons/${spId}`);
    const { name, email, latest_login, status } = stored;
    await call('put', '/api/salespersons/{id}', `/api/salespersons/${spId}`, { name, email, phone: '+49 30 1234567', mobile: '0171 2345678', latest_login, status });

    // Teams.
    const team = await call('post', '/api/teams', '/api/teams', { name: 'Answers team', memberIds: [person.id] });
    await call('get', '/api/teams/getAllData/{tenant_id}', '/api/teams/getAllData/1');
    await call('get', '/api/teams/{id}', `/api/teams/${team.id}`);
    await call('put', '/api/teams/{id}', `/api/teams/${team.id}`, { name: 'Answers team two', memberIds: [person.id, spId] });
    await call('post', '/api/teams/searchTeam', '/api/teams/searchTeam', { salespersonId: person.id });

    // Customers and opportunities, written with milliseconds and an offset.
    const customer = await call('post', '/api/customers', '/api/customers', { name: 'Answers Customer' });
    await call('get', '/api/customers/getAllData/{tenant_id}', '/api/customers/getAllData/1');
    await call('get', '/api/customers/{id}', `/api/customers/${customer.id}`);
    await call('put', '/api/customers/{id}', `/api/customers/${customer.id}`, { name: 'Answers Customer', company: 'Answers Ltd' });
    const deal = { customer: 'Answers Customer', salesperson_id: spId, stage: 'proposal', created_date: '2026-03-05T09:30:00.500Z', revenue: 1000, probability: 50 };
    const opportunity = await call('post', '/api/opportunities', '/api/opportunities', deal);
    await call('get', '/api/opportunities/{id}', `/api/opportunities/${opportunity.id}`);
    await call('put', '/api/opportunities/{id}', `/api/opportunities/${opportunity.id}`, { ...deal, created_date: '2026-03-05T11:30:00.250+02:00' });
    await call('post', '/api/opportunities/anlaysis', '/api/opportunities/anlaysis', { year: 2026, tenantId: 1 });
    await call('get', '/api/opportunities/getAllData/{tenant_id}', '/api/opportunities/getAllData/1?year=2026');
    await call('get', '/api/opportunities/page/{tenant_id}', '/api/opportunities/page/1?year=2026&zone=Europe%2FBerlin');
    await call('get', '/api/customers/summaries/{tenant_id}', '/api/customers/summaries/1?year=2026&zone=Europe%2FBerlin');
    await call('get', '/api/opportunities/days/{tenant_id}', '/api/opportunities/days/1?year=2026&zone=Europe%2FBerlin');
    await call('get', '/api/opportunities/board/{tenant_id}', '/api/opportunities/board/1?year=2026');
    await call('get', '/api/opportunities/board/{tenant_id}/cards', '/api/opportunities/board/1/cards?year=2026&stage=proposal');
    await call('get', '/api/opportunities/years/{tenant_id}', '/api/opportunities/years/1');
    await call('get', '/api/customers/{id}/opportunities', `/api/customers/${customer.id}/opportunities`);

    // What hangs on the opportunity: an event, an activity, a file, notes; then its timeline.
    const eventBody = { title: 'Answers demo', starts_at: '2026-03-10T09:00:00.125Z', ends_at: '2026-03-10T10:30:00+01:00', all_day: false, location: '', salesperson_id: spId, notes: '' };
    const event = await call('post', '/api/calendar', '/api/calendar', { ...eventBody, opportunity_id: opportunity.id });
    await call('get', '/api/calendar/getAllData/{tenant_id}', '/api/calendar/getAllData/1?year=2026');
    await call('get', '/api/calendar/{id}', `/api/calendar/${event.id}`);
    await call('put', '/api/calendar/{id}', `/api/calendar/${event.id}`, { ...eventBody, title: 'Answers demo, moved' });
    const activityBody = { kind: 'call', subject: 'Answers call', due_at: '2026-07-01T09:30:00.250Z', duration_minutes: 30, done: false, salesperson_id: spId, opportunity_id: opportunity.id, notes: '' };
    const activity = await call('post', '/api/activities', '/api/activities', activityBody);
    await call('get', '/api/activities/getAllData/{tenant_id}', '/api/activities/getAllData/1');
    await call('get', '/api/activities/{id}', `/api/activities/${activity.id}`);
    await call('put', '/api/activities/{id}', `/api/activities/${activity.id}`, { ...activityBody, done: true });
    await call('post', '/api/attachments', '/api/attachments', { file_name: 'answers.txt', media_type: 'text/plain', content_base64: 'aGVsbG8=', opportunity_id: opportunity.id });
    await call('get', '/api/attachments/getAllData/{tenant_id}', '/api/attachments/getAllData/1');
    await call('post', '/api/opportunities/{id}/notes', `/api/opportunities/${opportunity.id}/notes`, { body: 'Answered.' });
    await call('post', '/api/customers/{id}/notes', `/api/customers/${customer.id}/notes`, { body: 'Answered too.' });
    await call('get', '/api/opportunities/{id}/timeline', `/api/opportunities/${opportunity.id}/timeline`);
    await call('get', '/api/customers/{id}/timeline', `/api/customers/${customer.id}/timeline`);

    // The rest of the tenant's calls.
    await call('get', '/api/tenant/settings', '/api/tenant/settings');
    await call('put', '/api/tenant/settings', '/api/tenant/settings', { currency: 'EUR' });
    await call('get', '/api/search/{tenant_id}', '/api/search/1?q=Answers');
    await call('post', '/api/views', '/api/views', { list: 'customer', name: 'Answers', query: 'search=answers' });
    await call('get', '/api/views', '/api/views');
    await call('post', '/api/bulk/opportunities/reassign', '/api/bulk/opportunities/reassign', { ids: [opportunity.id], salesperson_id: person.id });
    await call('post', '/api/bulk/{kind}/delete', '/api/bulk/opportunities/delete', { ids: [opportunity.id] });

    expect(problems).toEqual([]);
    expect([...jsonOperations.keys()].filter((operation) => !called.has(operation)), 'operations no call here reached').toEqual([]);
    const places = [...jsonOperations].flatMap(([operation, schemas]) =>
      Object.values(schemas).flatMap((schema) => dateTimePlaces(schema).map((place) => `${operation} ${place}`)),
    );
    expect(places.length).toBeGreaterThan(20);
    expect(places.filter((place) => !filled.has(place) && !(place in NEVER_FILLED)), 'date-time fields no answer filled').toEqual([]);
  }, 60_000);
});
