import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fc } from '@fast-check/vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { opportunity } from '../support/revenue-arbitraries.ts';
import {
  type DayRecord,
  type Granularity,
  type OpportunityRecord,
  ALL_SALESPERSONS,
  bucketRevenue,
  prepareDays,
  prepareOpportunities,
  rangeTotals,
} from '../../src/domain/revenue/index.ts';

/**
 * The dashboard's two sources face to face through the real routes: every salesperson's
 * views drawn from the days (GET /api/opportunities/days, summed by the database in the
 * browser's time zone) are those drawn from the year's analysis (the specification's
 * call, bucketed in the browser), for generated opportunities crowding week, month and
 * year edges, in four time zones.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  process.env.TZ = ZONE_BEFORE;
  await server.close();
});

const ZONE_BEFORE = process.env.TZ;
const ZONES = ['UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata'];
const YEAR = 2025;
const GRANULARITIES: Granularity[] = ['week', 'month', 'year'];

/** Instants at the edges of local days, weeks and years in every zone tried, and anywhere in 2024–2026. */
const edge = fc
  .record({
    day: fc.constantFrom('2024-12-31', '2025-01-01', '2025-01-05', '2025-01-06', '2025-03-30', '2025-06-29', '2025-06-30', '2025-10-26', '2025-12-31', '2026-01-01'),
    minutes: fc.integer({ min: -14 * 60, max: 38 * 60 }),
  })
  .map(({ day, minutes }) => new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000).toISOString());
const records: OpportunityRecord[] = fc.sample(
  fc.tuple(opportunity, fc.option(edge, { freq: 2 })).map(([record, at]) => (at === null ? record : { ...record, created_date: at })),
  { numRuns: 300, seed: 18 },
);

describe("the dashboard's days and its analysis agree through the real routes", () => {
  test('same buckets, weighted and raw (month with All), and the same headline totals, in four time zones', async () => {
    const [tenant] = await server.db.query<{ id: number }>("select id from tenants where name = 'Globex'");
    const tenantId = tenant!.id;
    await server.db.query(
      `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
       select $1, (select id from salespersons where tenant_id = $1 limit 1), 'Edge Customer', 'proposal', created_date, revenue, probability
       from unnest($2::timestamptz[], $3::numeric[], $4::int[]) as given (created_date, revenue, probability)`,
      [tenantId, records.map((r) => r.created_date), records.map((r) => r.revenue), records.map((r) => r.probability)],
    );
    const headers = await server.as('admin@globex.test');
    const analysis = await server.app.inject({ method: 'POST', url: '/api/opportunities/anlaysis', headers, payload: { year: YEAR, tenantId } });
    expect(analysis.statusCode).toBe(200);
    const entries = analysis.json() as OpportunityRecord[];

    for (const zone of ZONES) {
      // Node reads the zone anew when TZ is set: local days are this zone's from here on.
      process.env.TZ = zone;
      const today = new Date(2026, 5, 1);
      const rows = prepareOpportunities(entries);
      const answer = await server.app.inject({ method: 'GET', url: `/api/opportunities/days/${tenantId}?year=${YEAR}&zone=${encodeURIComponent(zone)}`, headers });
      expect(answer.statusCode).toBe(200);
      const days = prepareDays(answer.json() as DayRecord[]);
      for (const granularity of GRANULARITIES) {
        const filters = { granularity, year: YEAR, salespersonId: ALL_SALESPERSONS, today };
        expect({ zone, buckets: bucketRevenue(days, filters) }).toEqual({ zone, buckets: bucketRevenue(rows, filters) });
      }
      const range = { year: YEAR, salespersonId: ALL_SALESPERSONS, today };
      expect({ zone, totals: rangeTotals(days, range) }).toEqual({ zone, totals: rangeTotals(rows, range) });
      expect(rangeTotals(days, range).count).toBeGreaterThan(100);
    }
  });
});
