import { fc, test } from '@fast-check/vitest';
import { format } from 'date-fns';
import { describe, expect } from 'vitest';
import type { CalendarEvent } from '../../../../src/api/client';
import { blankEventForm, eventFormOf, eventProblems, eventWriteOf, localInstant, startDateChange, type EventForm } from '../../../../src/domain/calendar/event-form';
import { dateTextOfDay, daysOfEvent, eventsByDay, timeOnDay, toEventRows } from '../../../../src/domain/calendar/events';
import { dayNumberOf, dayNumberOfLocalDate } from '../../../../src/domain/revenue/calendar';

/*
 * Calendar events in local time. These run in every time zone of vitest.config.ts;
 * the daylight-saving days below are those of Europe/Berlin and America/Los_Angeles
 * in 2026, and every zone is checked against them (a zone without the change must
 * treat the day as any other).
 */
const zone = process.env.TZ ?? 'UTC';
const SPRING_FORWARD: Record<string, string> = { 'Europe/Berlin': '2026-03-29', 'America/Los_Angeles': '2026-03-08' };
const FALL_BACK: Record<string, string> = { 'Europe/Berlin': '2026-10-25', 'America/Los_Angeles': '2026-11-01' };
// A time the clocks show twice on the autumn day: the hour before they go back.
const REPEATED_TIME: Record<string, string> = { 'Europe/Berlin': '02:30', 'America/Los_Angeles': '01:30' };

const HOUR = 3_600_000;
const event = (fields: Partial<CalendarEvent>): CalendarEvent => ({
  id: 1,
  title: 'Meeting',
  starts_at: '2026-03-10T09:00:00.000Z',
  ends_at: '2026-03-10T10:00:00.000Z',
  all_day: false,
  location: '',
  salesperson_id: null,
  notes: '',
  ...fields,
});
const at = (year: number, monthIndex: number, day: number, hours = 0, minutes = 0) => new Date(year, monthIndex, day, hours, minutes);
const form = (fields: Partial<EventForm>): EventForm => ({ ...blankEventForm('2026-03-10', new Date()), title: 'Meeting', ...fields });

/** The obvious definition: walk the local days and keep each the event overlaps (or, lasting no time, starts on). */
function referenceDays(startsAt: Date, endsAt: Date): number[] {
  const days: number[] = [];
  for (let day = at(startsAt.getFullYear(), startsAt.getMonth(), startsAt.getDate()); day <= endsAt; ) {
    const next = at(day.getFullYear(), day.getMonth(), day.getDate() + 1);
    const overlaps = startsAt < next && endsAt > day;
    const instantOnDay = startsAt.getTime() === endsAt.getTime() && startsAt >= day && startsAt < next;
    if (overlaps || instantOnDay) days.push(dayNumberOf(day));
    day = next;
  }
  return days;
}

// Instants around the year's turn and both daylight-saving days of the northern zones.
const nearbyInstant = fc.oneof(
  fc.integer({ min: Date.UTC(2025, 11, 25), max: Date.UTC(2026, 11, 31) }),
  fc.record({ day: fc.constantFrom(...Object.values(SPRING_FORWARD), ...Object.values(FALL_BACK)), minutes: fc.integer({ min: -90, max: 24 * 60 + 90 }) }).map(
    ({ day, minutes }) => new Date(`${day}T00:00:00`).getTime() + minutes * 60_000,
  ),
);
const timedSpan = fc.tuple(nearbyInstant, fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5 * 24 * 60 }))).map(([start, minutes]) => {
  // Whole minutes, as the editor makes them; sometimes ending exactly at a local midnight.
  const startsAt = new Date(Math.floor(start / 60_000) * 60_000);
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
});

describe('the days an event shows on', () => {
  test.prop([timedSpan])('a timed event shows on every local day it touches, and one ending at midnight not on the next', ({ startsAt, endsAt }) => {
    const { firstDay, lastDay } = daysOfEvent({ starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), all_day: false });
    const days = Array.from({ length: lastDay - firstDay + 1 }, (_, i) => firstDay + i);
    expect(days).toEqual(referenceDays(startsAt, endsAt));
  });

  test('a meeting from 23:00 to midnight is on its own day only; one until 00:30 is on both', () => {
    const day = dayNumberOfLocalDate(2026, 2, 28);
    expect(daysOfEvent({ starts_at: at(2026, 2, 28, 23).toISOString(), ends_at: at(2026, 2, 29).toISOString(), all_day: false })).toEqual({ firstDay: day, lastDay: day });
    expect(daysOfEvent({ starts_at: at(2026, 2, 28, 23).toISOString(), ends_at: at(2026, 2, 29, 0, 30).toISOString(), all_day: false })).toEqual({
      firstDay: day,
      lastDay: day + 1,
    });
  });

  test('an all-day event has the same days in every time zone', () => {
    const fair = event({ all_day: true, starts_at: '2026-03-29T00:00:00.000Z', ends_at: '2026-03-31T00:00:00.000Z' });
    expect(daysOfEvent(fair)).toEqual({ firstDay: dayNumberOfLocalDate(2026, 2, 29), lastDay: dayNumberOfLocalDate(2026, 2, 31) });
  });

  test.prop([fc.array(timedSpan, { maxLength: 12 }), fc.integer({ min: 0, max: 11 })])(
    "a month's grid lists on each day exactly the events that show on it, all-day first, then by start",
    (spans, monthIndex) => {
      const events = spans.map(({ startsAt, endsAt }, id) => event({ id, starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString(), all_day: id % 4 === 3 }));
      // Every fourth is all-day: its UTC midnights.
      for (const allDay of events.filter((e) => e.all_day)) {
        allDay.starts_at = `${allDay.starts_at.slice(0, 10)}T00:00:00.000Z`;
        allDay.ends_at = `${allDay.ends_at.slice(0, 10)}T00:00:00.000Z`;
      }
      const rows = toEventRows(events, 2026);
      const first = dayNumberOfLocalDate(2026, monthIndex, 1);
      const days = Array.from({ length: 31 }, (_, i) => first + i);
      const byDay = eventsByDay(rows, days);
      for (const day of days) {
        const expected = rows.filter((row) => row.firstDay <= day && day <= row.lastDay);
        expect(byDay.get(day) ?? []).toEqual(expected);
        const order = expected.map((row) => [row.allDay ? 0 : 1, row.startsAt]);
        expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
      }
    },
  );

  test('the year keeps the events that show on a day of the local year, wherever the zone is', () => {
    // 22:00 UTC on New Year's Eve is still 2025 west of Greenwich and already 2026 far east.
    const late = event({ starts_at: '2025-12-31T22:00:00.000Z', ends_at: '2025-12-31T22:30:00.000Z' });
    const localYear = new Date(late.starts_at).getFullYear();
    expect(toEventRows([late], 2026)).toHaveLength(localYear === 2026 ? 1 : 0);
    expect(toEventRows([late], 2025)).toHaveLength(localYear === 2025 ? 1 : 0);
  });

  test("a day shows an event's start time, 'until' its end on a later last day, and 'All day' in between and for all-day events", () => {
    const [trip] = toEventRows([event({ starts_at: at(2026, 4, 4, 18, 15).toISOString(), ends_at: at(2026, 4, 6, 11, 5).toISOString() })], 2026);
    const first = dayNumberOfLocalDate(2026, 4, 4);
    expect([first, first + 1, first + 2].map((day) => timeOnDay(trip!, day))).toEqual(['18:15', 'All day', 'until 11:05']);
    const [fair] = toEventRows([event({ all_day: true, starts_at: '2026-05-04T00:00:00.000Z', ends_at: '2026-05-04T00:00:00.000Z' })], 2026);
    expect(timeOnDay(fair!, first)).toBe('All day');
    expect(dateTextOfDay(first)).toBe('2026-05-04');
  });
});

describe('on the days the clocks change', () => {
  test.each(Object.values(SPRING_FORWARD))('on %s, 02:30 does not exist only where the clocks go forward that day', (day) => {
    const skipped = SPRING_FORWARD[zone] === day;
    expect(localInstant(day, '02:30') === null).toBe(skipped);
    expect(eventProblems(form({ startDate: day, startTime: '02:30', endDate: day, endTime: '04:00' }))).toEqual(
      skipped ? [{ field: 'startTime', message: 'Start time does not exist on that day: the clocks go forward then.' }] : [],
    );
    // A meeting from 01:00 to 04:00 lasts an hour less there.
    const body = eventWriteOf(form({ startDate: day, startTime: '01:00', endDate: day, endTime: '04:00' }));
    expect(Date.parse(body.ends_at) - Date.parse(body.starts_at)).toBe((skipped ? 2 : 3) * HOUR);
  });

  test.each(Object.values(FALL_BACK))('on %s, a meeting from 01:00 to 04:00 lasts an hour more where the clocks go back, and keeps its times', (day) => {
    const repeated = FALL_BACK[zone] === day;
    const meeting = form({ startDate: day, startTime: '01:00', endDate: day, endTime: '04:00' });
    const body = eventWriteOf(meeting);
    expect(Date.parse(body.ends_at) - Date.parse(body.starts_at)).toBe((repeated ? 4 : 3) * HOUR);
    expect(eventFormOf({ ...body, id: 1 })).toEqual(meeting);
    // A time shown twice is read as its first showing: an hour later the clock shows it again.
    const time = REPEATED_TIME[zone] ?? '01:30';
    expect(format(localInstant(day, time)!.getTime() + HOUR, 'HH:mm') === time).toBe(repeated);
  });

  test('a day the clocks change shows its own events only, not the neighbours', () => {
    for (const day of [...Object.values(SPRING_FORWARD), ...Object.values(FALL_BACK)]) {
      const [late] = toEventRows([event({ starts_at: new Date(`${day}T22:00:00`).toISOString(), ends_at: new Date(`${day}T23:59:00`).toISOString() })], 2026);
      const number = dayNumberOf(new Date(`${day}T12:00:00`));
      expect([late!.firstDay, late!.lastDay]).toEqual([number, number]);
    }
  });
});

describe('the form and the API', () => {
  const dateText = fc
    .record({ year: fc.integer({ min: 2024, max: 2028 }), monthIndex: fc.integer({ min: 0, max: 11 }), day: fc.integer({ min: 1, max: 28 }) })
    .map(({ year, monthIndex, day }) => `${year}-${String(monthIndex + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  const timeText = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const anyForm = fc.record({
    title: fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim() === text && text !== ''),
    allDay: fc.boolean(),
    startDate: dateText,
    startTime: timeText,
    endDate: dateText,
    endTime: timeText,
    location: fc.string({ maxLength: 20 }).map((text) => text.trim()),
    salespersonId: fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 99 }).map(String)),
    notes: fc.string({ maxLength: 40 }),
  });

  test.prop([anyForm])('a form that can be saved comes back from the API as it was', (edited) => {
    fc.pre(eventProblems(edited).length === 0);
    const stored = { ...eventWriteOf(edited), id: 7 };
    // An all-day event keeps no times: it opens with the default ones.
    expect(eventFormOf(stored)).toEqual(edited.allDay ? { ...edited, startTime: '09:00', endTime: '10:00' } : edited);
  });

  test.prop([anyForm])('the end is never before the start of a form without problems, and only that problem is said when it is', (edited) => {
    const problems = eventProblems(edited);
    if (problems.length === 0) {
      const body = eventWriteOf(edited);
      expect(Date.parse(body.ends_at)).toBeGreaterThanOrEqual(Date.parse(body.starts_at));
    } else {
      for (const { message } of problems) expect(message).toMatch(/^The end must not be before the start\.$|does not exist on that day/);
    }
  });

  test('an all-day event is sent as the UTC midnights of its first and last day', () => {
    expect(eventWriteOf(form({ allDay: true, startDate: '2026-03-29', endDate: '2026-03-30', startTime: '', endTime: '' }))).toMatchObject({
      starts_at: '2026-03-29T00:00:00.000Z',
      ends_at: '2026-03-30T00:00:00.000Z',
      all_day: true,
    });
  });

  test('title and location are sent trimmed, no salesperson as null, a salesperson as its id', () => {
    expect(eventWriteOf(form({ title: '  Call  ', location: ' HQ ', salespersonId: '' }))).toMatchObject({ title: 'Call', location: 'HQ', salesperson_id: null });
    expect(eventWriteOf(form({ salespersonId: '12' })).salesperson_id).toBe(12);
  });

  test('a new event is on the day of the address, or today, from 09:00 to 10:00', () => {
    expect(blankEventForm('2026-07-04', new Date(2026, 0, 2))).toMatchObject({ startDate: '2026-07-04', endDate: '2026-07-04', startTime: '09:00', endTime: '10:00', allDay: false });
    for (const unusable of [null, '', '2026-02-30', 'tomorrow']) {
      expect(blankEventForm(unusable, new Date(2026, 0, 2))).toMatchObject({ startDate: '2026-01-02', endDate: '2026-01-02' });
    }
  });

  test.each<[Partial<EventForm>, string, string]>([
    [{ title: '   ' }, 'title', 'Title is required.'],
    [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters.'],
    [{ startDate: '' }, 'startDate', 'Start date is required.'],
    [{ startDate: '2026-02-30' }, 'startDate', 'Start date must be a valid date from 1970 to 9999.'],
    [{ startDate: '1969-12-31' }, 'startDate', 'Start date must be a valid date from 1970 to 9999.'],
    [{ startTime: '' }, 'startTime', 'Start time is required.'],
    [{ startTime: '25:00' }, 'startTime', 'Start time must be a valid time, such as 09:30.'],
    [{ endDate: '' }, 'endDate', 'End date is required.'],
    [{ endTime: '' }, 'endTime', 'End time is required.'],
    [{ endTime: '08:59' }, 'endTime', 'The end must not be before the start.'],
    [{ allDay: true, endDate: '2026-03-09' }, 'endDate', 'The end must not be before the start.'],
    [{ location: 'x'.repeat(201) }, 'location', 'Location must be at most 200 characters.'],
    [{ notes: 'x'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters.'],
  ])('%o: under %s, %s', (change, field, message) => {
    expect(eventProblems(form(change))).toEqual([{ field, message }]);
  });

  test('every problem at once, each under its field', () => {
    expect(eventProblems(form({ title: '', startTime: '25:00', endDate: '' }))).toEqual([
      { field: 'title', message: 'Title is required.' },
      { field: 'startTime', message: 'Start time must be a valid time, such as 09:30.' },
      { field: 'endDate', message: 'End date is required.' },
    ]);
  });

  test.prop([anyForm, dateText])('moving the start date moves the end date by as many days: the event keeps its length', (edited, startDate) => {
    const moved = { ...edited, ...startDateChange(edited, startDate) };
    expect(moved.startDate).toBe(startDate);
    const days = (form: EventForm) => (Date.parse(`${form.endDate}T00:00:00Z`) - Date.parse(`${form.startDate}T00:00:00Z`)) / 86_400_000;
    expect(days(moved)).toBe(days(edited));
  });

  test('a start date that is not a date yet changes only the start', () => {
    expect(startDateChange(form({ startDate: '2026-03-10', endDate: '2026-03-12' }), '')).toEqual({ startDate: '' });
    expect(startDateChange(form({ startDate: '', endDate: '2026-03-12' }), '2026-03-11')).toEqual({ startDate: '2026-03-11' });
    expect(startDateChange(form({ startDate: '2026-03-10', endDate: '2026-03-12' }), '2026-03-30')).toEqual({ startDate: '2026-03-30', endDate: '2026-04-01' });
  });

  test('an all-day event needs no times, and an event may end when it starts', () => {
    expect(eventProblems(form({ allDay: true, startTime: '', endTime: '' }))).toEqual([]);
    expect(eventProblems(form({ startTime: '09:00', endTime: '09:00' }))).toEqual([]);
  });
});
