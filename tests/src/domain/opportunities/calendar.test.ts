import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { addMonths, calendarSpan, calendarYears, clampToSpan, dayTotals, inSpan, monthFromText, monthGrid, monthTotal } from '../../../../src/domain/opportunities/calendar';
import { dayNumberOf } from '../../../../src/domain/revenue/calendar';
import { toOpportunityRows } from '../../../../src/domain/opportunities/rows';

/* The calendar lays out local days, so these run in several time zones (daylight saving included). */

const monthArbitrary = fc.record({ year: fc.integer({ min: 2000, max: 2100 }), monthIndex: fc.integer({ min: 0, max: 11 }) });

describe('the month grid', () => {
  test.prop([monthArbitrary])('is whole weeks from Monday to Sunday holding every day of the month once, in order', (month) => {
    const grid = monthGrid(month);
    for (const week of grid) {
      expect(week).toHaveLength(7);
      expect(week[0]!.date.getDay()).toBe(1);
      expect(week[6]!.date.getDay()).toBe(0);
    }
    const days = grid.flat();
    for (let i = 1; i < days.length; i += 1) expect(days[i]!.day).toBe(days[i - 1]!.day + 1);
    const inMonth = days.filter((cell) => cell.inMonth);
    expect(inMonth.map((cell) => cell.date.getDate())).toEqual(
      Array.from({ length: new Date(month.year, month.monthIndex + 1, 0).getDate() }, (_, i) => i + 1),
    );
    expect(grid.length).toBeGreaterThanOrEqual(4);
    expect(grid.length).toBeLessThanOrEqual(6);
  });

  test('November 2026 starts on a Sunday: the first week holds October 26 to November 1', () => {
    const [first] = monthGrid({ year: 2026, monthIndex: 10 });
    expect(first!.map((cell) => [cell.date.getMonth(), cell.date.getDate(), cell.inMonth])).toEqual([
      [9, 26, false], [9, 27, false], [9, 28, false], [9, 29, false], [9, 30, false], [9, 31, false], [10, 1, true],
    ]);
  });
});

describe('moving between months', () => {
  test.prop([monthArbitrary, fc.integer({ min: -40, max: 40 })])('adding months and taking them away again is the identity', (month, offset) => {
    expect(addMonths(addMonths(month, offset), -offset)).toEqual(month);
    expect(addMonths(month, 12)).toEqual({ year: month.year + 1, monthIndex: month.monthIndex });
  });

  test('without data, offers January 2025 to twelve months after the current month, no other: meetings are planned ahead', () => {
    const today = new Date(2026, 10, 22);
    const span = calendarSpan(today, [], { year: 2026, monthIndex: 10 });
    expect(span).toEqual({ first: { year: 2025, monthIndex: 0 }, last: { year: 2027, monthIndex: 10 } });
    expect(inSpan({ year: 2025, monthIndex: 0 }, span)).toBe(true);
    expect(inSpan({ year: 2024, monthIndex: 11 }, span)).toBe(false);
    expect(inSpan({ year: 2027, monthIndex: 10 }, span)).toBe(true);
    expect(inSpan({ year: 2027, monthIndex: 11 }, span)).toBe(false);
    expect(calendarYears(today, [], { year: 2026, monthIndex: 10 })).toEqual([2025, 2026, 2027]);
  });

  test('offers every year holding data, whole, and the year shown, so an event of 2023 or 2031 is reachable', () => {
    const today = new Date(2026, 10, 22);
    const november = { year: 2026, monthIndex: 10 };
    expect(calendarSpan(today, [2023, 2026, 2031], november)).toEqual({ first: { year: 2023, monthIndex: 0 }, last: { year: 2031, monthIndex: 11 } });
    expect(calendarYears(today, [2023, 2026, 2031], november)).toEqual([2023, 2025, 2026, 2027, 2031]);
    // A month opened from an address beyond them is offered with its whole year.
    expect(calendarSpan(today, [], { year: 2040, monthIndex: 4 })).toEqual({ first: { year: 2025, monthIndex: 0 }, last: { year: 2040, monthIndex: 11 } });
    expect(calendarSpan(today, [], { year: 1999, monthIndex: 4 }).first).toEqual({ year: 1999, monthIndex: 0 });
  });

  test('a chosen month outside the span is brought to its nearest end', () => {
    const span = calendarSpan(new Date(2026, 10, 22), [], { year: 2026, monthIndex: 10 });
    expect(clampToSpan({ year: 2027, monthIndex: 11 }, span)).toEqual({ year: 2027, monthIndex: 10 });
    expect(clampToSpan({ year: 2024, monthIndex: 3 }, span)).toEqual({ year: 2025, monthIndex: 0 });
    expect(clampToSpan({ year: 2026, monthIndex: 3 }, span)).toEqual({ year: 2026, monthIndex: 3 });
  });

  test('reads the month of a /calendar?month=YYYY-MM address', () => {
    expect(monthFromText('2026-07')).toEqual({ year: 2026, monthIndex: 6 });
    for (const text of [null, '', '2026-13', '2026-7', '2026-07-01', 'july']) expect(monthFromText(text)).toBeNull();
  });
});

describe('the totals of each day', () => {
  test.prop([fc.array(fc.record({ hour: fc.integer({ min: 0, max: 24 * 59 }), cents: fc.integer({ min: 0, max: 10_000_000 }) }), { maxLength: 40 })])(
    "count each opportunity on its local created day, and the month's total is the sum of its own days",
    (deals) => {
      const opportunities = deals.map((deal, id) => ({
        id,
        created_date: new Date(Date.UTC(2026, 1, 1) + deal.hour * 3_600_000).toISOString(),
        revenue: deal.cents / 100,
        probability: 50,
        salesperson_id: 1,
        customer: 'Acme Corp',
        stage: 'proposal',
      }));
      const rows = toOpportunityRows({ opportunities, salespersons: [] }, 2026);
      const totals = dayTotals(rows);
      for (const [day, total] of totals) {
        const own = opportunities.filter((o) => dayNumberOf(new Date(o.created_date)) === day);
        expect(total.count).toBe(own.length);
        expect(total.revenueUnits).toBe(own.reduce((sum, o) => sum + Math.round(o.revenue * 100) * 100, 0));
      }
      const march = monthGrid({ year: 2026, monthIndex: 2 });
      const inMarch = opportunities.filter((o) => new Date(o.created_date).getMonth() === 2);
      expect(monthTotal(march, totals).count).toBe(inMarch.length);
    },
  );
});
