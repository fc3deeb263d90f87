import { format } from 'date-fns';
import type { CalendarEvent } from '../../api/client';
import { dayNumberOf, dayNumberOfLocalDate, startOfDayNumber } from '../revenue/calendar.ts';

const MS_PER_DAY = 86_400_000;

/**
 * A calendar event as the month grid lays it out, with the local days it shows on
 * computed once when the year loads.
 */
export interface EventRow {
  id: number;
  title: string;
  allDay: boolean;
  /** Milliseconds since the epoch. */
  startsAt: number;
  endsAt: number;
  location: string;
  /** The deal it is about, if any, and that deal's customer when the API names it. */
  opportunityId: number | null;
  opportunityCustomer: string | null;
  /** The first and last day it shows on, as local day numbers (see revenue/calendar.ts). */
  firstDay: number;
  lastDay: number;
}

export type EventTimes = Pick<CalendarEvent, 'starts_at' | 'ends_at' | 'all_day'>;

/**
 * The days an event shows on. An all-day event runs from the UTC midnight of its
 * first day to that of its last, so those UTC dates are its days in every time
 * zone. A timed event shows on each local day it touches, except that one ending
 * exactly at midnight is over before the next day begins.
 */
export function daysOfEvent(event: EventTimes): { firstDay: number; lastDay: number } {
  const startsAt = Date.parse(event.starts_at);
  const endsAt = Date.parse(event.ends_at);
  if (event.all_day) return { firstDay: Math.floor(startsAt / MS_PER_DAY), lastDay: Math.floor(endsAt / MS_PER_DAY) };
  const firstDay = dayNumberOf(new Date(startsAt));
  const end = new Date(endsAt);
  const lastDay = dayNumberOf(end);
  return { firstDay, lastDay: lastDay > firstDay && isLocalMidnight(end) ? lastDay - 1 : lastDay };
}

function isLocalMidnight(date: Date): boolean {
  return date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0 && date.getMilliseconds() === 0;
}

/**
 * The events that show on a day of the local year, in the order a day lists them:
 * all-day events first, then by start. The server sends a wider window (every time
 * zone's year), so the rest is dropped here.
 */
export function toEventRows(events: readonly CalendarEvent[], year: number): EventRow[] {
  const firstOfYear = dayNumberOfLocalDate(year, 0, 1);
  const lastOfYear = dayNumberOfLocalDate(year + 1, 0, 1) - 1;
  const rows: EventRow[] = [];
  for (const event of events) {
    const { firstDay, lastDay } = daysOfEvent(event);
    if (lastDay < firstOfYear || firstDay > lastOfYear) continue;
    rows.push({
      id: event.id,
      title: event.title,
      allDay: event.all_day,
      startsAt: Date.parse(event.starts_at),
      endsAt: Date.parse(event.ends_at),
      location: event.location,
      opportunityId: event.opportunity_id ?? null,
      opportunityCustomer: event.opportunity_customer ?? null,
      firstDay,
      lastDay,
    });
  }
  return rows.sort(byDayOrder);
}

function byDayOrder(a: EventRow, b: EventRow): number {
  return Number(b.allDay) - Number(a.allDay) || a.startsAt - b.startsAt || a.id - b.id;
}

/** Each of the given days with the events that show on it, in the rows' order; days without any are left out. */
export function eventsByDay(rows: readonly EventRow[], days: readonly number[]): Map<number, EventRow[]> {
  const byDay = new Map<number, EventRow[]>();
  if (days.length === 0) return byDay;
  const first = Math.min(...days);
  const last = Math.max(...days);
  const wanted = new Set(days);
  for (const row of rows) {
    // Only the days both the event and the grid cover: a year-long event costs a year at most.
    for (let day = Math.max(row.firstDay, first); day <= Math.min(row.lastDay, last); day += 1) {
      if (!wanted.has(day)) continue;
      const list = byDay.get(day);
      if (list) list.push(row);
      else byDay.set(day, [row]);
    }
  }
  return byDay;
}

/**
 * What a day shows before an event's title: 'All day', the start time on its first
 * day, 'until' its end time on the last day of an event that began earlier, and
 * 'All day' on the days in between.
 */
export function timeOnDay(row: EventRow, day: number): string {
  if (row.allDay) return 'All day';
  if (day === row.firstDay) return format(row.startsAt, 'HH:mm');
  if (day === row.lastDay) return `until ${format(row.endsAt, 'HH:mm')}`;
  return 'All day';
}

/** The local day a date input's value (YYYY-MM-DD) names, for the grid's links. */
export function dateTextOfDay(day: number): string {
  return format(startOfDayNumber(day), 'yyyy-MM-dd');
}
