import { format } from 'date-fns';
import type { CalendarEvent, CalendarEventWrite } from '../../api/client';
import {
  dateProblem,
  eventWriteProblems,
  mergeProblems,
  parseDateText,
  parseTimeText,
  problemsOf,
  RECORD_LIMITS,
  renameProblems,
  timeProblem,
  wallClockInstant,
  type EventBodyField,
  type Problem,
} from '../rules/index.ts';

/**
 * The event editor's fields as the inputs hold them: dates as YYYY-MM-DD and
 * times as HH:mm in the browser's time zone, and the salesperson as the select's
 * value ('' for nobody).
 */
export interface EventForm {
  title: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  salespersonId: string;
  notes: string;
}

/** The longest texts the contract takes. */
export const EVENT_LIMITS = { title: RECORD_LIMITS.title, location: RECORD_LIMITS.location, notes: RECORD_LIMITS.notes } as const;

export type EventField = Exclude<keyof EventForm, 'allDay'>;

/** The form's fields in the order the screen shows them. */
export const EVENT_FIELDS: readonly EventField[] = ['title', 'startDate', 'startTime', 'endDate', 'endTime', 'location', 'salespersonId', 'notes'];

/**
 * The form field a problem of a request body property shows under. A start or end
 * outside the kept years is a matter of its date, which carries the year; an end
 * before the start is a matter of the end time when both are on one day, else of the
 * end date (always for an all-day event, which has no times).
 */
export function eventFieldOfBody(field: EventBodyField, form: Pick<EventForm, 'allDay' | 'startDate' | 'endDate'>): EventField {
  switch (field) {
    case 'starts_at':
      return 'startDate';
    case 'ends_at':
      return form.allDay || form.endDate !== form.startDate || dateProblem('End date', form.endDate) !== null ? 'endDate' : 'endTime';
    case 'all_day':
      return 'startDate';
    case 'salesperson_id':
      return 'salespersonId';
    default:
      return field;
  }
}

/** The times a new event gets, and an all-day event keeps for when it becomes timed again. */
const DEFAULT_START_TIME = '09:00';
const DEFAULT_END_TIME = '10:00';

/** A YYYY-MM-DD that names a real calendar day, or null (monthIndex counts from 0, as Date does). */
export function parseEventDate(text: string): { year: number; monthIndex: number; day: number } | null {
  const date = parseDateText(text);
  return date ? { year: date.year, monthIndex: date.month - 1, day: date.day } : null;
}

/**
 * The instant of a local date and time, or null when the clock never shows that
 * time on that day (it jumps past it when daylight saving begins). A time the clock
 * shows twice (when daylight saving ends) is the first of the two.
 */
export function localInstant(dateText: string, timeText: string): Date | null {
  const instant = wallClockInstant(dateText, timeText);
  if (!instant) return null;
  // A skipped time comes out after the jump: the clock then reads otherwise than typed.
  const date = parseEventDate(dateText)!;
  const time = parseTimeText(timeText)!;
  const shown = instant.getFullYear() === date.year && instant.getMonth() === date.monthIndex && instant.getDate() === date.day;
  return shown && instant.getHours() === time.hours && instant.getMinutes() === time.minutes ? instant : null;
}

/** The UTC midnight that stands for an all-day event's day (see the contract). */
function utcMidnightOf(dateText: string): Date {
  const date = parseEventDate(dateText)!;
  return new Date(Date.UTC(date.year, date.monthIndex, date.day));
}

/** The form before the editor has loaded: loading replaces it. */
export const EMPTY_EVENT_FORM: EventForm = {
  title: '',
  allDay: false,
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  location: '',
  salespersonId: '',
  notes: '',
};

/** A new event's form: on the given day (from /add-Calendar?date=) or today, 09:00 to 10:00. */
export function blankEventForm(dateText: string | null, today: Date): EventForm {
  const date = dateText !== null && parseEventDate(dateText) ? dateText : format(today, 'yyyy-MM-dd');
  return {
    title: '',
    allDay: false,
    startDate: date,
    startTime: DEFAULT_START_TIME,
    endDate: date,
    endTime: DEFAULT_END_TIME,
    location: '',
    salespersonId: '',
    notes: '',
  };
}

/** A stored event as the editor shows it, in the browser's time zone (all-day events by their own dates). */
export function eventFormOf(event: CalendarEvent): EventForm {
  const starts = new Date(event.starts_at);
  const ends = new Date(event.ends_at);
  const common = {
    title: event.title,
    allDay: event.all_day,
    location: event.location,
    salespersonId: event.salesperson_id === null ? '' : String(event.salesperson_id),
    notes: event.notes,
  };
  if (event.all_day) {
    return {
      ...common,
      startDate: starts.toISOString().slice(0, 10),
      startTime: DEFAULT_START_TIME,
      endDate: ends.toISOString().slice(0, 10),
      endTime: DEFAULT_END_TIME,
    };
  }
  return {
    ...common,
    startDate: format(starts, 'yyyy-MM-dd'),
    startTime: format(starts, 'HH:mm'),
    endDate: format(ends, 'yyyy-MM-dd'),
    endTime: format(ends, 'HH:mm'),
  };
}

function eventTimeProblem(label: string, dateText: string, timeText: string): string | null {
  const problem = timeProblem(label, timeText);
  if (problem) return problem;
  if (parseEventDate(dateText) && !localInstant(dateText, timeText)) return `${label} does not exist on that day: the clocks go forward then.`;
  return null;
}

/**
 * Every problem of the form at once, in the order of its fields: the dates and
 * times as typed, then the rules the server checks the request body with (the
 * end not before the start among them).
 */
export function eventProblems(form: EventForm): Problem<EventField>[] {
  const typed = problemsOf<EventField>([
    ['startDate', dateProblem('Start date', form.startDate)],
    ['startTime', form.allDay ? null : eventTimeProblem('Start time', form.startDate, form.startTime)],
    ['endDate', dateProblem('End date', form.endDate)],
    ['endTime', form.allDay ? null : eventTimeProblem('End time', form.endDate, form.endTime)],
  ]);
  const typedFields = new Set(typed.map((problem) => problem.field));
  // An instant that could not be read is already explained by its date or time.
  const unread = (field: EventBodyField) =>
    (field === 'starts_at' && (typedFields.has('startDate') || typedFields.has('startTime'))) ||
    (field === 'ends_at' && (typedFields.has('endDate') || typedFields.has('endTime')));
  const checked = eventWriteProblems(draftWriteOf(form)).filter((problem) => !unread(problem.field));
  const body = renameProblems(checked, (field) => eventFieldOfBody(field, form));
  return mergeProblems(EVENT_FIELDS, typed, body);
}

/** The instants the form names, '' where a date or time cannot be read. */
function instantsOf(form: EventForm): { starts_at: string; ends_at: string } {
  const instant = (dateText: string, timeText: string) => {
    if (form.allDay) return parseEventDate(dateText) ? utcMidnightOf(dateText).toISOString() : '';
    return localInstant(dateText, timeText)?.toISOString() ?? '';
  };
  return { starts_at: instant(form.startDate, form.startTime), ends_at: instant(form.endDate, form.endTime) };
}

/** The body of POST and PUT /api/calendar for a form without problems. */
export function eventWriteOf(form: EventForm): CalendarEventWrite {
  const problems = eventProblems(form);
  if (problems.length > 0) throw new Error(`The form cannot be saved: ${problems[0]!.message}`);
  return draftWriteOf(form);
}

function draftWriteOf(form: EventForm): CalendarEventWrite {
  return {
    title: form.title.trim(),
    ...instantsOf(form),
    all_day: form.allDay,
    location: form.location.trim(),
    salesperson_id: form.salespersonId === '' ? null : Number(form.salespersonId),
    notes: form.notes,
  };
}

/**
 * The change a new start date makes: the end date moves by as many days, so an
 * event keeps its length when it is moved (as calendars do). When either date is
 * not a date yet, only the start changes.
 */
export function startDateChange(form: EventForm, startDate: string): Partial<EventForm> {
  const from = parseEventDate(form.startDate);
  const to = parseEventDate(startDate);
  const end = parseEventDate(form.endDate);
  if (!from || !to || !end) return { startDate };
  const shift = Date.UTC(to.year, to.monthIndex, to.day) - Date.UTC(from.year, from.monthIndex, from.day);
  const movedEnd = new Date(Date.UTC(end.year, end.monthIndex, end.day) + shift);
  return { startDate, endDate: movedEnd.toISOString().slice(0, 10) };
}
