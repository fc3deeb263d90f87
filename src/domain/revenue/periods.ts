import { format } from 'date-fns';
import {
  dayNumberOf,
  dayNumberOfLocalDate,
  endOfDayNumber,
  mondayBasedWeekdayOf,
  startOfDayNumber,
} from './calendar.ts';

export type Granularity = 'week' | 'month' | 'year';

/** One bar of the chart before any revenue is counted: a run of whole local days. */
export interface Period {
  label: string;
  /** Local midnight of the first day. */
  start: Date;
  /** The last millisecond of the last day: a period's end includes the whole day. */
  end: Date;
  firstDay: number;
  lastDay: number;
}

const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The last day a year's chart covers: 31 December for past years, today for
 * the current one, and nothing (undefined) for a year that has not begun.
 */
export function lastCoveredDay(year: number, today: Date): number | undefined {
  const currentYear = today.getFullYear();
  if (year > currentYear) return undefined;
  if (year === currentYear) return dayNumberOf(today);
  return dayNumberOfLocalDate(year, 11, 31);
}

function period(label: string, firstDay: number, lastDay: number): Period {
  return { label, start: startOfDayNumber(firstDay), end: endOfDayNumber(lastDay), firstDay, lastDay };
}

/**
 * Monday-to-Sunday weeks from 1 January to the last covered day. The first
 * week is partial when 1 January is not a Monday, and so may be the last one.
 */
export function weekPeriods(year: number, today: Date): Period[] {
  const lastDay = lastCoveredDay(year, today);
  if (lastDay === undefined) return [];
  const periods: Period[] = [];
  let firstDay = dayNumberOfLocalDate(year, 0, 1);
  while (firstDay <= lastDay) {
    const sunday = firstDay + 6 - mondayBasedWeekdayOf(firstDay);
    const weekEnd = Math.min(sunday, lastDay);
    const week = period('', firstDay, weekEnd);
    // Formatted once per week, never per opportunity.
    week.label = `${format(week.start, 'MMM d')}-${format(week.end, 'MMM d')}`;
    periods.push(week);
    firstDay = weekEnd + 1;
  }
  return periods;
}

/** January to December, or to the current month (ending today) in the current year. */
export function monthPeriods(year: number, today: Date): Period[] {
  const lastDay = lastCoveredDay(year, today);
  if (lastDay === undefined) return [];
  const periods: Period[] = [];
  for (let month = 0; month < 12; month += 1) {
    const firstDay = dayNumberOfLocalDate(year, month, 1);
    if (firstDay > lastDay) break;
    const monthEnd = dayNumberOfLocalDate(year, month + 1, 0);
    periods.push(period(MONTH_LABELS[month]!, firstDay, Math.min(monthEnd, lastDay)));
  }
  return periods;
}

/** One period labelled with the year, from 1 January to the last covered day. */
export function yearPeriods(year: number, today: Date): Period[] {
  const lastDay = lastCoveredDay(year, today);
  if (lastDay === undefined) return [];
  return [period(String(year), dayNumberOfLocalDate(year, 0, 1), lastDay)];
}

export function periodsFor(granularity: Granularity, year: number, today: Date): Period[] {
  switch (granularity) {
    case 'week':
      return weekPeriods(year, today);
    case 'month':
      return monthPeriods(year, today);
    case 'year':
      return yearPeriods(year, today);
  }
}
