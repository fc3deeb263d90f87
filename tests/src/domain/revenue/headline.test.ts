import { describe, expect, test } from 'vitest';
import {
  type OpportunityRecord,
  bucketRevenue,
  changeAgainst,
  prepareOpportunities,
  rangeTotals,
  sameRangeLastYear,
} from '../../../../src/domain/revenue/index.ts';

/** Sunday 22 November 2026, mid-afternoon local time. */
const today = new Date(2026, 10, 22, 15, 30);
const on = (year: number, month: number, day: number) => new Date(year, month, day, 12).toISOString();
const opportunity = (created: string, revenue: number, probability: number, salesperson_id = 1): OpportunityRecord => ({
  created_date: created,
  revenue,
  probability,
  salesperson_id,
});

const records = [
  opportunity(on(2026, 0, 1), 1000, 50),
  opportunity(on(2026, 10, 22), 200.5, 10, 2),
  // After today: outside this year's range.
  opportunity(on(2026, 10, 23), 9999, 100),
  // Last year: inside and outside the same range.
  opportunity(on(2025, 10, 22), 400, 100),
  opportunity(on(2025, 10, 23), 7000, 100),
  opportunity(on(2025, 0, 1), 0, 100),
];
const prepared = prepareOpportunities(records);

describe('headline figures', () => {
  test('the range totals weigh and do not weigh, and count every opportunity from 1 January to today', () => {
    expect(rangeTotals(prepared, { year: 2026, salespersonId: 0, today })).toEqual({ weighted: 520.05, raw: 1200.5, count: 2 });
    expect(rangeTotals(prepared, { year: 2026, salespersonId: 2, today })).toEqual({ weighted: 20.05, raw: 200.5, count: 1 });
  });

  test('they agree with the chart: the year bucket is the weighted total, the month buckets with All add up to the raw one', () => {
    const totals = rangeTotals(prepared, { year: 2026, salespersonId: 0, today });
    const [year] = bucketRevenue(prepared, { granularity: 'year', year: 2026, salespersonId: 0, today });
    expect(year!.revenue).toBe(totals.weighted);
    expect(year!.count).toBe(totals.count);
    const months = bucketRevenue(prepared, { granularity: 'month', year: 2026, salespersonId: 0, today });
    expect(months.reduce((sum, month) => sum + month.revenue, 0)).toBe(totals.raw);
  });

  test('the same range last year ends on this day last year for the current year, and is the whole year before otherwise', () => {
    const lastYear = sameRangeLastYear({ year: 2026, salespersonId: 0, today });
    expect(lastYear.year).toBe(2025);
    expect(rangeTotals(prepared, lastYear)).toEqual({ weighted: 400, raw: 400, count: 2 });
    expect(sameRangeLastYear({ year: 2025, salespersonId: 3, today })).toEqual({ year: 2024, salespersonId: 3, today });
  });

  test('29 February compares with 28 February of the year before', () => {
    const leapDay = new Date(2028, 1, 29, 9);
    const range = sameRangeLastYear({ year: 2028, salespersonId: 0, today: leapDay });
    expect([range.today.getFullYear(), range.today.getMonth(), range.today.getDate()]).toEqual([2027, 1, 28]);
  });

  test('the change is a fraction of last year, and there is none to give when last year had nothing', () => {
    expect(changeAgainst(150, 100)).toBe(0.5);
    expect(changeAgainst(50, 100)).toBe(-0.5);
    expect(changeAgainst(50, 0)).toBeNull();
  });

  test('a bucket counts its opportunities, zero-revenue ones included', () => {
    const [year2025] = bucketRevenue(prepared, { granularity: 'year', year: 2025, salespersonId: 0, today });
    expect(year2025!.count).toBe(3);
  });
});
