import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * The year's answers go out under the tenant's data versions (server/caching/README.md). What
 * the server sends after each save must be what a fresh server sends: the year's analysis,
 * its opportunities, and in three time zones its days and its customers' sums.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const YEAR = 2025;
// A zone of whole hours behind UTC, one of half hours ahead, and UTC: they disagree on the day and the year at its ends.
const ZONES = ['UTC', 'Asia/Kolkata', 'America/Los_Angeles'];

/** Every answer of the year, as `on` sends them to a salesperson of the tenant. */
async function yearAnswers(on: TestServer, tenantId: number): Promise<Record<string, unknown>> {
  // As a browser asks: the answers a server holds go out compressed.
  const headers = { ...(await on.as('rep@demo.test')), 'accept-encoding': 'gzip' };
  const answer = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await on.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, url).toBe(200);
    const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
    return JSON.parse(body.toString('utf8')) as unknown;
  };
  const answers: Record<string, unknown> = {
    analysis: await answer('POST', '/api/opportunities/anlaysis', { year: YEAR, tenantId }),
    opportunities: await answer('GET', `/api/opportunities/getAllData/${tenantId}?year=${YEAR}`),
  };
  for (const zone of ZONES) {
    answers[`days in ${zone}`] = await answer('GET', `/api/opportunities/days/${tenantId}?year=${YEAR}&zone=${encodeURIComponent(zone)}`);
    answers[`customers' sums in ${zone}`] = await answer('GET', `/api/customers/summaries/${tenantId}?year=${YEAR}&zone=${encodeURIComponent(zone)}`);
  }
  return answers;
}

/** The same answers from a fresh server on the same database. */
async function fromScratch(tenantId: number): Promise<Record<string, unknown>> {
  const fresh = await startTestServer({ sharing: server });
  try {
    return await yearAnswers(fresh, tenantId);
  } finally {
    await fresh.close();
  }
}

describe('the year answers after a save', () => {
  test('are those made from scratch, for saves that change a revenue, move a deal across months and zones, respell its customer, add and remove one', async () => {
    const [{ id: tenantId }] = (await server.db.query<{ id: number }>("select id from tenants where name = 'Demo'")) as [{ id: number }];
    const [{ id: salesperson }] = (await server.db.query<{ id: number }>("select id from salespersons where email = 'rep@demo.test'")) as [{ id: number }];
    const [stored] = await server.db.query<{ id: number; customer: string; stage: string; probability: number }>(
      `select id, customer, stage, probability from opportunities
       where tenant_id = $1 and salesperson_id = $2 and created_date >= '2025-03-01' and created_date < '2025-04-01' order by id limit 1`,
      [tenantId, salesperson],
    );
    expect(stored).toBeDefined();
    const headers = await server.as('rep@demo.test');
    const save = async (method: 'POST' | 'PUT', url: string, change: { created_date: string; revenue: number; customer?: string; stage?: string }) => {
      const response = await server.app.inject({
        method,
        url,
        headers,
        payload: { customer: stored!.customer, salesperson_id: salesperson, stage: stored!.stage, probability: stored!.probability, ...change },
      });
      expect(response.statusCode).toBe(method === 'POST' ? 201 : 200);
      return response.json() as { id: number };
    };

    // Before the first save.
    expect(await yearAnswers(server, tenantId)).toEqual(await fromScratch(tenantId));

    // A revenue, within its month.
    await save('PUT', `/api/opportunities/${stored!.id}`, { created_date: '2025-03-14T10:00:00Z', revenue: 12345.67 });
    expect(await yearAnswers(server, tenantId)).toEqual(await fromScratch(tenantId));

    // To another month, on the last evening of the year (the next year in Kolkata), its customer spelt otherwise, won.
    await save('PUT', `/api/opportunities/${stored!.id}`, { created_date: '2025-12-31T20:15:00Z', revenue: 999.99, customer: stored!.customer.toUpperCase(), stage: 'closed won' });
    expect(await yearAnswers(server, tenantId)).toEqual(await fromScratch(tenantId));

    // A new one in the first hours of the year (the year before in Los Angeles), then removed.
    const added = await save('POST', '/api/opportunities', { created_date: '2025-01-01T03:30:00Z', revenue: 0.01, customer: 'Anew GmbH' });
    expect(await yearAnswers(server, tenantId)).toEqual(await fromScratch(tenantId));
    await server.db.query('delete from opportunities where id = $1', [added.id]);
    expect(await yearAnswers(server, tenantId)).toEqual(await fromScratch(tenantId));
  });
});
