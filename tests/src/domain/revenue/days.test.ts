import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  type OpportunityRecord,
  ALL_SALESPERSONS,
  bucketRevenue,
  prepareDays,
  prepareOpportunities,
  rangeTotals,
} from '../../../../src/domain/revenue/index.ts';
import { granularity, opportunity, opportunities, yearAndToday } from '../../../support/revenue-arbitraries.ts';
import { daysAsTheServerSumsThem } from '../../../support/revenue-reference.ts';

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
