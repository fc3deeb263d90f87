import { format } from 'date-fns';
import type { CalendarEvent, CalendarEventWrite } from '../../api/client';

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
export const EVENT_LIMITS = { title: 200, location: 200, notes: 2000 } as const;

/** Years the server stores (and a date input can name without surprises). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 9999;

/** The times a new event gets, and an all-day event keeps for when it becomes timed again. */
const DEFAULT_START_TIME = '09:00';
const DEFAULT_END_TIME = '10:00';

interface LocalDate {
  year: number;
  monthIndex: number;
  day: number;
}

/** A YYYY-MM-DD that names a real calendar day, or null. */
export function parseDateText(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC normalises 31 April to 1 May; a real day survives unchanged.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, monthIndex: month - 1, day };
}

function parseTimeText(text: string): { hours: number; minutes: number } | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : null;
}

/**
 * The instant of a local date and time, or null when the clock never shows that
 * time on that day (it jumps past it when daylight saving begins). A time the clock
 * shows twice (when daylight saving ends) is the first of the two.
 */
export function localInstant(dateText: string, timeText: string): Date | null {
  const date = parseDateText(dateText);
  const time = parseTimeText(timeText);
  if (!date || !time) return null;
  const instant = new Date(date.year, date.monthIndex, date.day, time.hours, time.minutes);
  const shown = instant.getFullYear() === date.year && instant.getMonth() === date.monthIndex && instant.getDate() === date.day;
  return shown && instant.getHours() === time.hours && instant.getMinutes() === time.minutes ? instant : null;
}

/** The UTC midnight that stands for an all-day event's day (see the contract). */
function utcMidnightOf(dateText: string): Date {
  const date = parseDateText(dateText)!;
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
  const date = dateText !== null && parseDateText(dateText) ? dateText : format(today, 'yyyy-MM-dd');
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

function dateProblem(label: string, text: string): string | null {
  if (text.trim() === '') return `${label} is required.`;
  const date = parseDateText(text);
  if (!date) return `${label} must be a date.`;
  if (date.year < FIRST_YEAR || date.year > LAST_YEAR) return `${label} must be in the years ${FIRST_YEAR} to ${LAST_YEAR}.`;
  return null;
}

function timeProblem(label: string, dateText: string, timeText: string): string | null {
  if (timeText.trim() === '') return `${label} is required.`;
  if (!parseTimeText(timeText)) return `${label} must be a time such as 09:30.`;
  if (!localInstant(dateText, timeText)) return `${label} does not exist on that day: the clocks go forward then.`;
  return null;
}

function lengthProblem(label: string, text: string, limit: number): string | null {
  return text.length > limit ? `${label} must be at most ${limit} characters.` : null;
}

/** The first thing wrong with the form, in the order of the fields, or null when it can be saved. */
export function eventProblemOf(form: EventForm): string | null {
  if (form.title.trim() === '') return 'Title is required.';
  const problem =
    lengthProblem('Title', form.title.trim(), EVENT_LIMITS.title) ??
    dateProblem('Start date', form.startDate) ??
    (form.allDay ? null : timeProblem('Start time', form.startDate, form.startTime)) ??
    dateProblem('End date', form.endDate) ??
    (form.allDay ? null : timeProblem('End time', form.endDate, form.endTime));
  if (problem) return problem;
  const { starts_at, ends_at } = instantsOf(form);
  if (Date.parse(ends_at) < Date.parse(starts_at)) return 'The end must not be before the start.';
  return lengthProblem('Location', form.location.trim(), EVENT_LIMITS.location) ?? lengthProblem('Notes', form.notes, EVENT_LIMITS.notes);
}

function instantsOf(form: EventForm): { starts_at: string; ends_at: string } {
  if (form.allDay) return { starts_at: utcMidnightOf(form.startDate).toISOString(), ends_at: utcMidnightOf(form.endDate).toISOString() };
  return {
    starts_at: localInstant(form.startDate, form.startTime)!.toISOString(),
    ends_at: localInstant(form.endDate, form.endTime)!.toISOString(),
  };
}

/** The body of POST and PUT /api/calendar for a form without problems. */
export function eventWriteOf(form: EventForm): CalendarEventWrite {
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
  const from = parseDateText(form.startDate);
  const to = parseDateText(startDate);
  const end = parseDateText(form.endDate);
  if (!from || !to || !end) return { startDate };
  const shift = Date.UTC(to.year, to.monthIndex, to.day) - Date.UTC(from.year, from.monthIndex, from.day);
  const movedEnd = new Date(Date.UTC(end.year, end.monthIndex, end.day) + shift);
  return { startDate, endDate: movedEnd.toISOString().slice(0, 10) };
}
