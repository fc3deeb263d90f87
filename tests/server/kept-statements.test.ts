import { afterAll, beforeAll, expect, test } from 'vitest';
import { isKeptPrepared } from '../../server/db/kept-prepared.ts';
import { recordingStatements, startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * Issue 19, session 14: statements that reach their rows only through keys or index probes
 * are kept prepared (server/db/kept-prepared.ts), so that the database plans them once and
 * not on every call; planning was most of what these cost. Each is recognised here by a
 * part of its text, as the calls the pages make send it.
 */
let owner: TestServer;
let server: TestServer;
const sent: string[] = [];
let tenantId: number;
let opportunityId: number;
let customerId: number;

beforeAll(async () => {
  owner = await startTestServer();
  server = await startTestServer({ sharing: { ...owner, db: recordingStatements(owner.db, sent) } });
  const [row] = await owner.db.query<{ tenant_id: number; opportunity_id: number; customer_id: number }>(
    `select t.id as tenant_id, (select min(id) from opportunities where tenant_id = t.id) as opportunity_id,
            (select min(id) from customers where tenant_id = t.id) as customer_id
     from tenants t where t.name = 'Demo'`,
  );
  ({ tenant_id: tenantId, opportunity_id: opportunityId, customer_id: customerId } = row!);
});
afterAll(async () => {
  await server?.close();
  await owner?.close();
});

const CALLS: { what: string; url: () => string; part: string }[] = [
  { what: "an opportunity's timeline", url: () => `/api/opportunities/${opportunityId}/timeline`, part: 'with deals as' },
  { what: "a customer's timeline", url: () => `/api/customers/${customerId}/timeline`, part: 'with deals as' },
  { what: "a customer's opportunities found by name", url: () => `/api/customers/${customerId}/timeline`, part: 'lower(customer) = lower($2)' },
  { what: 'the years holding opportunities', url: () => `/api/opportunities/years/${tenantId}?zone=Europe/Berlin`, part: 'with recursive opportunity_years' },
  { what: "the board's sums of a year", url: () => `/api/opportunities/board/${tenantId}?year=2026&zone=UTC`, part: 'from year_sums' },
  { what: "the list page's totals of a year", url: () => `/api/opportunities/page/${tenantId}?year=2026&zone=UTC`, part: 'from year_sums' },
  { what: "the months' versions of a year (the calendar's days)", url: () => `/api/opportunities/days/${tenantId}?year=2026&zone=UTC`, part: 'from opportunity_month_versions' },
  { what: "the months' versions of a year (the customers' sums)", url: () => `/api/customers/summaries/${tenantId}?year=2026&zone=UTC`, part: 'from opportunity_month_versions' },
];

test.each(CALLS)('$what is kept prepared', async ({ url, part }) => {
  sent.length = 0;
  const response = await server.app.inject({ method: 'GET', url: url(), headers: await server.as('manager@demo.test') });
  expect(response.statusCode, response.body).toBe(200);
  const statements = sent.filter((sql) => sql.includes(part));
  expect(statements.length).toBeGreaterThan(0);
  for (const sql of statements) expect(isKeptPrepared(sql), sql).toBe(true);
});
