import { eachDayOfInterval, endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import type { OpportunityDay } from '../../api/client';
import { dayNumberOf } from '../revenue/calendar.ts';
import { prepareDays } from '../revenue/prepare.ts';
import { FIRST_SELECTABLE_YEAR, yearsWithData } from '../revenue/date-range.ts';
import { FIRST_YEAR, LAST_YEAR } from '../rules/fields.ts';
import type { OpportunityRow } from './rows.ts';

/** A calendar month: monthIndex 0 is January, as in Date. */
export interface Month {
  year: number;
  monthIndex: number;
}

export interface CalendarDay {
  /** The local day number (see revenue/calendar.ts), the key of the day's totals. */
  day: number;
  date: Date;
  /** False for the days of the neighbouring months that fill the first and last weeks. */
  inMonth: boolean;
}

export interface DayTotal {
  count: number;
  revenueUnits: number;
  weightedUnits: number;
}

export function monthOf(date: Date): Month {
  return { year: date.getFullYear(), monthIndex: date.getMonth() };
}

/** The month `offset` months after (or before, when negative) the given one. */
export function addMonths(month: Month, offset: number): Month {
  const index = month.year * 12 + month.monthIndex + offset;
  return { year: Math.floor(index / 12), monthIndex: ((index % 12) + 12) % 12 };
}

/** How far ahead the calendar goes: meetings are planned, opportunities only created up to today. */
export const MONTHS_AHEAD = 12;

/** The first and last month the calendar offers, both included. */
export interface MonthSpan {
  first: Month;
  last: Month;
}

const indexOf = (month: Month) => month.year * 12 + month.monthIndex;

/**
 * The months the calendar offers: January 2025 to twelve months after the current month,
 * as it always has, widened to whole years to reach every year holding data (so no deal
 * or event is out of reach) and the year of the month shown.
 */
export function calendarSpan(today: Date, dataYears: readonly number[], shown: Month): MonthSpan {
  const ahead = addMonths(monthOf(today), MONTHS_AHEAD);
  const reached = indexOf(shown) > indexOf(ahead) ? [...dataYears, shown.year] : dataYears;
  const latest = Math.max(...reached, -Infinity);
  return {
    first: { year: Math.min(FIRST_SELECTABLE_YEAR, ...dataYears, shown.year), monthIndex: 0 },
    last: latest >= ahead.year ? { year: latest, monthIndex: 11 } : ahead,
  };
}

/** Whether a month lies within a span. */
export function inSpan(month: Month, span: MonthSpan): boolean {
  return indexOf(month) >= indexOf(span.first) && indexOf(month) <= indexOf(span.last);
}

/** The nearest month of the span: a year chosen keeps its month where the span allows. */
export function clampToSpan(month: Month, span: MonthSpan): Month {
  if (indexOf(month) < indexOf(span.first)) return span.first;
  if (indexOf(month) > indexOf(span.last)) return span.last;
  return month;
}

/**
 * The calendar's year choices: those of the lists (2025 to now, every year holding data,
 * the year shown) and the years the months ahead reach into. Oldest first.
 */
export function calendarYears(today: Date, dataYears: readonly number[], shown: Month): number[] {
  return yearsWithData(today, [...dataYears, addMonths(monthOf(today), MONTHS_AHEAD).year], shown.year);
}

/** Whether a month is one the API keeps dates in, so an address may open the calendar on it. */
export function isCalendarMonth(month: Month): boolean {
  return month.year >= FIRST_YEAR && month.year <= LAST_YEAR;
}

/** The month a /calendar?month=YYYY-MM address names, or null. */
export function monthFromText(text: string | null): Month | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text ?? '');
  return match ? { year: Number(match[1]), monthIndex: Number(match[2]) - 1 } : null;
}

/** The weeks of the month's grid, Monday first, padded with the neighbouring months' days. */
export function monthGrid(month: Month): CalendarDay[][] {
  const first = new Date(month.year, month.monthIndex, 1);
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(first), { weekStartsOn: 1 }),
    end: endOfWeek(endOfMonth(first), { weekStartsOn: 1 }),
  });
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < days.length; i += 7) {
    weeks.push(days.slice(i, i + 7).map((date) => ({ day: dayNumberOf(date), date, inMonth: date.getMonth() === month.monthIndex })));
  }
  return weeks;
}

/** Each day's number of opportunities created and their revenue, for the days that have any. */
export function dayTotals(rows: readonly OpportunityRow[]): Map<number, DayTotal> {
  const totals = new Map<number, DayTotal>();
  for (const row of rows) {
    const total = totals.get(row.day) ?? { count: 0, revenueUnits: 0, weightedUnits: 0 };
    total.count += 1;
    total.revenueUnits += row.revenueUnits;
    total.weightedUnits += row.weightedUnits;
    totals.set(row.day, total);
  }
  return totals;
}

/**
 * The calendar's totals by day from the API's days of a year (GET /api/opportunities/days,
 * summed by the server as dayTotals sums rows: a test puts the two face to face).
 */
export function dayTotalsOfDays(days: readonly OpportunityDay[]): Map<number, DayTotal> {
  // Read into units as the dashboard reads the same days: one conversion for both screens.
  const prepared = prepareDays(days);
  const totals = new Map<number, DayTotal>();
  for (let i = 0; i < prepared.count; i += 1) {
    totals.set(prepared.days[i]!, {
      count: prepared.opportunities![i]!,
      revenueUnits: prepared.rawUnits[i]!,
      weightedUnits: prepared.weightedUnits[i]!,
    });
  }
  return totals;
}

/** The sum of the totals of the month's own days. */
export function monthTotal(grid: readonly CalendarDay[][], totals: ReadonlyMap<number, DayTotal>): DayTotal {
  const sum: DayTotal = { count: 0, revenueUnits: 0, weightedUnits: 0 };
  for (const week of grid) {
    for (const cell of week) {
      const total = cell.inMonth ? totals.get(cell.day) : undefined;
      if (!total) continue;
      sum.count += total.count;
      sum.revenueUnits += total.revenueUnits;
      sum.weightedUnits += total.weightedUnits;
    }
  }
  return sum;
}
