import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import {
  type Bucket,
  type OpportunityRecord,
  type RevenueFilters,
  ALL_SALESPERSONS,
  UNITS_PER_CURRENCY_UNIT,
  bucketRevenue,
  monthPeriods,
  prepareOpportunities,
  weekPeriods,
} from '../../../../src/domain/revenue/index.ts';
import { referenceBuckets, referenceValueUnits } from '../../../support/revenue-reference.ts';
import { filters, granularity, opportunities, opportunity, salespersonFilter, yearAndToday, SALESPERSON_IDS } from '../../../support/revenue-arbitraries.ts';

const bucket = (records: readonly OpportunityRecord[], f: RevenueFilters) => bucketRevenue(prepareOpportunities(records), f);

/** Bucket totals are whole hundredths of a cent; read them back exactly for comparison. */
const units = (b: Bucket) => BigInt(Math.round(b.revenue * UNITS_PER_CURRENCY_UNIT));

const firstMoment = (year: number) => new Date(year, 0, 1).getTime();
function lastMoment(year: number, today: Date): number {
  const last = year === today.getFullYear() ? today : new Date(year, 11, 31);
  return new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 59, 59, 999).getTime();
}
const inRange = (record: OpportunityRecord, year: number, today: Date) => {
  const instant = new Date(record.created_date).getTime();
  return year <= today.getFullYear() && firstMoment(year) <= instant && instant <= lastMoment(year, today);
};

const DAY_MS = 86_400_000;

describe('revenue bucketing properties', () => {
  test.prop([opportunity, granularity, yearAndToday])(
    'an opportunity inside the range lands in exactly one bucket, one outside it in none',
    (record, g, { year, today }) => {
      const counted = { ...record, revenue: Math.max(record.revenue, 0.01), probability: Math.max(record.probability, 1) };
      const buckets = bucket([counted], { granularity: g, year, salespersonId: ALL_SALESPERSONS, today });
      const holding = buckets.filter((b) => b.revenue !== 0);
      expect(holding).toHaveLength(inRange(counted, year, today) ? 1 : 0);
      const instant = new Date(counted.created_date).getTime();
      const containing = buckets.filter((b) => b.start.getTime() <= instant && instant <= b.end.getTime());
      expect(containing).toEqual(holding);
    },
  );

  test.prop([opportunities, filters])(
    "the buckets add up to the in-range opportunities' weighted total (raw for month + All), to the cent",
    (records, f) => {
      const raw = f.granularity === 'month' && f.salespersonId === ALL_SALESPERSONS;
      const expected = records
        .filter((r) => inRange(r, f.year, f.today))
        .filter((r) => f.salespersonId === ALL_SALESPERSONS || r.salesperson_id === f.salespersonId)
        .reduce((sum, r) => sum + referenceValueUnits(r, raw), 0n);
      const total = bucket(records, f).reduce((sum, b) => sum + units(b), 0n);
      expect(total).toBe(expected);
    },
  );

  test.prop([yearAndToday])(
    'weeks are contiguous, do not overlap, start on Monday except the first, and cover 1 January to the end date exactly',
    ({ year, today }) => {
      const weeks = weekPeriods(year, today);
      if (year > today.getFullYear()) {
        expect(weeks).toEqual([]);
        return;
      }
      expect(weeks[0]!.start.getTime()).toBe(firstMoment(year));
      expect(weeks.at(-1)!.end.getTime()).toBe(lastMoment(year, today));
      weeks.forEach((week, i) => {
        expect(week.start.getTime()).toBeLessThan(week.end.getTime());
        if (i > 0) expect(week.start.getDay()).toBe(1);
        if (i < weeks.length - 1) expect(week.end.getDay()).toBe(0);
        expect(week.end.getTime() - week.start.getTime()).toBeLessThan(7 * DAY_MS + 3_600_000);
        const next = weeks[i + 1];
        if (next) expect(next.start.getTime()).toBe(week.end.getTime() + 1);
      });
    },
  );

  test.prop([yearAndToday])(
    'months are contiguous, do not overlap, start on the 1st, and cover 1 January to the end date exactly',
    ({ year, today }) => {
      const months = monthPeriods(year, today);
      if (year > today.getFullYear()) {
        expect(months).toEqual([]);
        return;
      }
      const lastMonth = year === today.getFullYear() ? today.getMonth() : 11;
      expect(months.map((m) => m.label)).toEqual(
        ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].slice(0, lastMonth + 1),
      );
      expect(months[0]!.start.getTime()).toBe(firstMoment(year));
      expect(months.at(-1)!.end.getTime()).toBe(lastMoment(year, today));
      months.forEach((month, i) => {
        expect(month.start.getDate()).toBe(1);
        expect(month.start.getMonth()).toBe(i);
        expect(month.end.getMonth()).toBe(i);
        const next = months[i + 1];
        if (next) expect(next.start.getTime()).toBe(month.end.getTime() + 1);
      });
    },
  );

  test.prop([opportunities, granularity, yearAndToday, fc.constantFrom(...SALESPERSON_IDS)])(
    "filtering by one salesperson equals bucketing only that salesperson's opportunities",
    (records, g, { year, today }, salespersonId) => {
      const theirs = records.filter((r) => r.salesperson_id === salespersonId);
      const filtered = bucket(records, { granularity: g, year, today, salespersonId });
      expect(filtered).toEqual(bucket(theirs, { granularity: g, year, today, salespersonId }));
      // Week and year views weigh All and one salesperson alike, so only the
      // month view's All (raw revenue) may differ from this.
      if (g !== 'month') {
        expect(filtered).toEqual(bucket(theirs, { granularity: g, year, today, salespersonId: ALL_SALESPERSONS }));
      }
    },
  );

  test.prop([
    opportunities.chain((records) =>
      fc.tuple(fc.constant(records), fc.shuffledSubarray(records, { minLength: records.length, maxLength: records.length })),
    ),
    filters,
  ])('the result does not depend on the order of the opportunities', ([records, shuffled], f) => {
    expect(bucket(shuffled, f)).toEqual(bucket(records, f));
  });

  test.prop([opportunities, filters])('a slow per-day reference agrees with the fast bucketing', (records, f) => {
    const fast = bucket(records, f).map((b) => ({ label: b.label, start: b.start, end: b.end, units: units(b) }));
    expect(fast).toEqual(referenceBuckets(records, f));
  });

  test.prop([opportunities, yearAndToday, salespersonFilter])(
    'the week, year and weighted month views count the same total',
    (records, { year, today }, salespersonId) => {
      const total = (g: 'week' | 'month' | 'year', sp: number) =>
        bucket(records, { granularity: g, year, today, salespersonId: sp }).reduce((sum, b) => sum + units(b), 0n);
      const yearTotal = total('year', salespersonId);
      expect(total('week', salespersonId)).toBe(yearTotal);
      if (salespersonId !== ALL_SALESPERSONS) expect(total('month', salespersonId)).toBe(yearTotal);
    },
  );
});
