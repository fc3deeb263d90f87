import { type PreparedOpportunities, UNITS_PER_CURRENCY_UNIT } from './prepare.ts';
import { salespersonsFor } from './bucket-revenue.ts';
import { dayNumberOfLocalDate } from './calendar.ts';
import { lastCoveredDay } from './periods.ts';

/** The figures over the chart: what the whole range adds up to, both ways. */
export interface RangeTotals {
  /** Revenue × probability / 100, summed, in currency units. */
  weighted: number;
  /** Revenue summed as it is, in currency units. */
  raw: number;
  /** How many opportunities the range holds. */
  count: number;
}

export interface RangeFilters {
  year: number;
  /** One salesperson's id, or ALL_SALESPERSONS. */
  salespersonId: number;
  today: Date;
}

/** The totals of the chart's range: 1 January to the last covered day of the year (today in the current year). */
export function rangeTotals(prepared: PreparedOpportunities, filters: RangeFilters): RangeTotals {
  const lastDay = lastCoveredDay(filters.year, filters.today);
  if (lastDay === undefined) return { weighted: 0, raw: 0, count: 0 };
  const firstDay = dayNumberOfLocalDate(filters.year, 0, 1);
  const salespersonIds = salespersonsFor(prepared, filters.salespersonId);
  const { opportunities } = prepared;
  let weighted = 0;
  let raw = 0;
  let count = 0;
  for (let i = 0; i < prepared.count; i += 1) {
    const day = prepared.days[i]!;
    if (day < firstDay || day > lastDay) continue;
    if (salespersonIds !== null && salespersonIds[i] !== filters.salespersonId) continue;
    weighted += prepared.weightedUnits[i]!;
    raw += prepared.rawUnits[i]!;
    count += opportunities === null ? 1 : opportunities[i]!;
  }
  return { weighted: weighted / UNITS_PER_CURRENCY_UNIT, raw: raw / UNITS_PER_CURRENCY_UNIT, count };
}

/**
 * The same range one year earlier: the whole previous year for a past year, and
 * 1 January to this day last year for the current one (28 February standing in
 * for a 29th the previous year lacks).
 */
export function sameRangeLastYear(filters: RangeFilters): RangeFilters {
  const { today } = filters;
  if (filters.year !== today.getFullYear()) return { ...filters, year: filters.year - 1 };
  const lastYear = filters.year - 1;
  const lastDayOfMonth = new Date(lastYear, today.getMonth() + 1, 0).getDate();
  return { ...filters, year: lastYear, today: new Date(lastYear, today.getMonth(), Math.min(today.getDate(), lastDayOfMonth)) };
}

/** The change from `before` to `now` as a fraction (0.25 is 25% more); null when there was nothing before to compare with. */
export function changeAgainst(now: number, before: number): number | null {
  if (before === 0) return null;
  return (now - before) / before;
}
