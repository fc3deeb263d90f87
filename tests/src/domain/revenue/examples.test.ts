import { describe, expect, test } from 'vitest';
import {
  type OpportunityRecord,
  bucketRevenue,
  dateRangeLabel,
  prepareOpportunities,
  selectableYears,
  weekPeriods,
} from '../../../../src/domain/revenue/index.ts';

/** The session's clock: Sunday 22 November 2026, mid-afternoon local time. */
const today = new Date(2026, 10, 22, 15, 30);

const at = (...parts: [number, number, number, number?, number?, number?, number?]) =>
  new Date(...(parts as [number, number, number, number, number, number, number])).toISOString();

const opportunity = (created: string, revenue: number, probability: number, salesperson_id = 1): OpportunityRecord => ({
  created_date: created,
  revenue,
  probability,
  salesperson_id,
});

const bucketsOf = (records: OpportunityRecord[], granularity: 'week' | 'month' | 'year', year: number, salespersonId = 0) =>
  bucketRevenue(prepareOpportunities(records), { granularity, year, salespersonId, today });

describe('week view', () => {
  test('2025 starts on a Wednesday, so its first week is the partial Jan 1-Jan 5, then Monday weeks', () => {
    const labels = weekPeriods(2025, today).map((w) => w.label);
    expect(labels.slice(0, 3)).toEqual(['Jan 1-Jan 5', 'Jan 6-Jan 12', 'Jan 13-Jan 19']);
  });

  test('2026 starts on a Thursday, so its first week is Jan 1-Jan 4', () => {
    expect(weekPeriods(2026, today)[0]!.label).toBe('Jan 1-Jan 4');
  });

  test('an earlier year runs to 31 December, its last week partial: 2025 ends with Dec 29-Dec 31', () => {
    const weeks = weekPeriods(2025, today);
    expect(weeks.at(-1)!.label).toBe('Dec 29-Dec 31');
    expect(weeks).toHaveLength(53);
  });

  test('the current year runs until today: 2026 ends with the week Nov 16-Nov 22', () => {
    expect(weekPeriods(2026, today).at(-1)!.label).toBe('Nov 16-Nov 22');
  });

  test("a week's end includes the whole Sunday; Monday's first millisecond starts the next week", () => {
    const buckets = bucketsOf(
      [opportunity(at(2025, 0, 5, 23, 59, 59, 999), 100, 50), opportunity(at(2025, 0, 6, 0, 0, 0, 0), 200, 50)],
      'week',
      2025,
    );
    expect(buckets.slice(0, 2).map((b) => [b.label, b.revenue])).toEqual([
      ['Jan 1-Jan 5', 50],
      ['Jan 6-Jan 12', 100],
    ]);
  });

  test('each value is revenue × probability / 100', () => {
    const [first] = bucketsOf([opportunity(at(2025, 0, 2, 9), 1234.56, 35)], 'week', 2025);
    expect(first!.revenue).toBe(432.096);
  });
});

describe('month view', () => {
  test('the current year shows Jan up to the current month only', () => {
    expect(bucketsOf([], 'month', 2026).map((b) => b.label)).toEqual([
      'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov',
    ]);
  });

  test('an earlier year shows Jan to Dec', () => {
    expect(bucketsOf([], 'month', 2025).map((b) => b.label)).toEqual([
      'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec',
    ]);
  });

  const records = [opportunity(at(2025, 2, 10, 12), 1000, 25, 1), opportunity(at(2025, 2, 20, 12), 500, 10, 2)];

  test('with All salespersons it sums raw revenue, unweighted', () => {
    expect(bucketsOf(records, 'month', 2025)[2]).toMatchObject({ label: 'Mar', revenue: 1500 });
  });

  test('with one salesperson it sums weighted revenue', () => {
    expect(bucketsOf(records, 'month', 2025, 1)[2]).toMatchObject({ label: 'Mar', revenue: 250 });
    expect(bucketsOf(records, 'month', 2025, 2)[2]).toMatchObject({ label: 'Mar', revenue: 50 });
  });
});

describe('year view', () => {
  test('one bar labelled with the year, weighted even for All', () => {
    const records = [opportunity(at(2025, 5, 1, 12), 1000, 25, 1), opportunity(at(2025, 11, 31, 23, 59), 500, 10, 2)];
    expect(bucketsOf(records, 'year', 2025).map((b) => [b.label, b.revenue])).toEqual([['2025', 300]]);
  });
});

describe('what counts nowhere', () => {
  test('a future date and another year count nowhere', () => {
    const records = [
      opportunity(at(2026, 10, 23, 0), 1000, 100),
      opportunity(at(2025, 11, 31, 23, 59, 59, 999), 1000, 100),
      opportunity(at(2027, 0, 1), 1000, 100),
    ];
    for (const granularity of ['week', 'month', 'year'] as const) {
      expect(bucketsOf(records, granularity, 2026).every((b) => b.revenue === 0)).toBe(true);
    }
  });

  test('an unreadable created_date counts nowhere', () => {
    expect(bucketsOf([opportunity('not a date', 1000, 100)], 'year', 2026)[0]!.revenue).toBe(0);
  });

  test('a bare date is read as that calendar day in the local time zone', () => {
    const [firstWeek] = bucketsOf([opportunity('2025-01-01', 1000, 100)], 'week', 2025);
    expect(firstWeek).toMatchObject({ label: 'Jan 1-Jan 5', revenue: 1000 });
  });
});

describe('date range label and year list', () => {
  test('the current year runs from 01 Jan to today as yyyy.mm.dd', () => {
    expect(dateRangeLabel(2026, today)).toBe('2026.01.01 - 2026.11.22');
  });

  test('an earlier year runs from yyyy.01.01 to yyyy.12.31', () => {
    expect(dateRangeLabel(2025, today)).toBe('2025.01.01 - 2025.12.31');
  });

  test('the year list runs from 2025 to the current year', () => {
    expect(selectableYears(today)).toEqual([2025, 2026]);
    expect(selectableYears(new Date(2025, 5, 1))).toEqual([2025]);
  });
});
