import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { format } from 'date-fns';
import {
  type DayRecord,
  type OpportunityRecord,
  ALL_SALESPERSONS,
  bucketRevenue,
  opportunityCount,
  prepareDays,
  prepareOpportunities,
  rangeTotals,
} from '../../../../src/domain/revenue/index.ts';
import { granularity, opportunity, opportunities, yearAndToday } from '../../../support/revenue-arbitraries.ts';

/**
 * The days of a year as GET /api/opportunities/days sums them in the browser's time zone
 * (server/routes/opportunities.ts: grouped by the local date, revenue and revenue ×
 * probability / 100 summed exactly as numeric, then written as doubles), made here the
 * obvious way: BigInt cents, a local date text per opportunity.
 */
function daysAsTheServerSumsThem(records: readonly OpportunityRecord[]): DayRecord[] {
  const byDate = new Map<string, { opportunities: number; cents: bigint; weightedUnits: bigint }>();
  for (const record of records) {
    const date = format(new Date(record.created_date), 'yyyy-MM-dd');
    const cents = BigInt(Math.round(record.revenue * 100));
    const day = byDate.get(date) ?? { opportunities: 0, cents: 0n, weightedUnits: 0n };
    day.opportunities += 1;
    day.cents += cents;
    day.weightedUnits += cents * BigInt(record.probability);
    byDate.set(date, day);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, day]) => ({ date, opportunities: day.opportunities, revenue: Number(day.cents) / 100, weighted: Number(day.weightedUnits) / 10_000 }));
}

/** Several opportunities on one day, as a real year has: some of the list again at the same instant, other figures. */
const crowdedYear = opportunities.chain((records) =>
  fc
    .array(fc.record({ index: fc.nat(), again: opportunity }), { maxLength: records.length === 0 ? 0 : 30 })
    .map((copies) => [...records, ...copies.map(({ index, again }) => ({ ...again, created_date: records[index % records.length]!.created_date }))]),
);

describe('the days of a year and its opportunities go through one bucketing rule', () => {
  test.prop([crowdedYear, granularity, yearAndToday])(
    "for every salesperson, the days give the opportunities' buckets: week edges, month + All unweighted, in this time zone",
    (records, g, { year, today }) => {
      const filters = { granularity: g, year, salespersonId: ALL_SALESPERSONS, today };
      const fromDays = bucketRevenue(prepareDays(daysAsTheServerSumsThem(records)), filters);
      expect(fromDays).toEqual(bucketRevenue(prepareOpportunities(records), filters));
    },
  );

  test.prop([crowdedYear, yearAndToday])(
    "the headline's totals, weighted and raw, and the count are the same from the days",
    (records, { year, today }) => {
      const days = prepareDays(daysAsTheServerSumsThem(records));
      const rows = prepareOpportunities(records);
      const range = { year, salespersonId: ALL_SALESPERSONS, today };
      expect(rangeTotals(days, range)).toEqual(rangeTotals(rows, range));
      expect(opportunityCount(days)).toBe(opportunityCount(rows));
    },
  );

  test('a Sunday 23:59:59.999 and the Monday after, both local, land in two weeks, from the days as from the rows', () => {
    const records: OpportunityRecord[] = [
      { created_date: new Date(2026, 2, 8, 23, 59, 59, 999).toISOString(), revenue: 100.1, probability: 30, salesperson_id: 1 },
      { created_date: new Date(2026, 2, 9, 0, 0, 0, 0).toISOString(), revenue: 0.01, probability: 99, salesperson_id: 2 },
      { created_date: new Date(2026, 2, 9, 12, 0, 0, 0).toISOString(), revenue: 3, probability: 100, salesperson_id: 3 },
    ];
    const filters = { granularity: 'week' as const, year: 2026, salespersonId: ALL_SALESPERSONS, today: new Date(2026, 5, 1) };
    const fromDays = bucketRevenue(prepareDays(daysAsTheServerSumsThem(records)), filters);
    expect(fromDays).toEqual(bucketRevenue(prepareOpportunities(records), filters));
    const held = fromDays.filter((bucket) => bucket.count > 0);
    expect(held.map((bucket) => [bucket.label, bucket.count, bucket.revenue])).toEqual([
      ['Mar 2-Mar 8', 1, 30.03],
      ['Mar 9-Mar 15', 2, 3.0099],
    ]);
  });

  test("one salesperson's figures cannot come from a day's sums: asking is a mistake in the code, not a zero", () => {
    const days = prepareDays([{ date: '2026-03-09', opportunities: 2, revenue: 10, weighted: 5 }]);
    const filters = { granularity: 'month' as const, year: 2026, salespersonId: 3, today: new Date(2026, 5, 1) };
    expect(() => bucketRevenue(days, filters)).toThrow("a day's sums cannot tell one salesperson's figures apart");
    expect(() => rangeTotals(days, filters)).toThrow("a day's sums cannot tell one salesperson's figures apart");
  });
});
