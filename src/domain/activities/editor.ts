import { addHours, format, startOfHour } from 'date-fns';
import type { Activity, ActivityKind, ActivityWrite, Opportunity, Salesperson } from '../../api/client';
import { isActivityKind } from './activity.ts';

/**
 * The add and edit screens' form. Inputs hold text, kept as typed until valid;
 * the due date and time are the browser's local wall-clock time, as people
 * schedule their day.
 */
export interface ActivityForm {
  kind: ActivityKind;
  subject: string;
  /** yyyy-MM-dd, a local calendar day. */
  dueDate: string;
  /** HH:mm, local time. */
  dueTime: string;
  /** Whole minutes as typed; '' when not known. */
  duration: string;
  /** The chosen salesperson's id as the select holds it; '' until one is chosen. */
  salespersonId: string;
  /** The linked opportunity's id as the select holds it; '' for none. */
  opportunityId: string;
  notes: string;
  done: boolean;
}

export interface OpportunityChoice {
  id: number;
  label: string;
}

/** What the form's selects offer. */
export interface ActivityChoices {
  salespersons: readonly Pick<Salesperson, 'id' | 'name'>[];
  opportunities: readonly OpportunityChoice[];
}

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_NOTES_LENGTH = 2000;
export const MAX_DURATION_MINUTES = 24 * 60;
const FIRST_YEAR = 1970;
const LAST_YEAR = 9999;
/** A new activity is a call at the next full hour: the most common thing a salesperson schedules. */
const DEFAULT_KIND: ActivityKind = 'call';

export const ACTIVITY_MESSAGES = {
  kindUnknown: 'Kind must be call, meeting, e-mail, task or deadline.',
  subjectMissing: 'Subject is required.',
  subjectTooLong: `Subject must be at most ${MAX_SUBJECT_LENGTH} characters.`,
  dueDateMissing: 'Due date is required.',
  dueDateInvalid: `Due date must be a valid date from ${FIRST_YEAR} to ${LAST_YEAR}.`,
  dueTimeMissing: 'Due time is required.',
  dueTimeInvalid: 'Due time must be a valid time, such as 09:30.',
  durationInvalid: `Duration must be a whole number of minutes from 0 to ${MAX_DURATION_MINUTES}.`,
  salespersonMissing: 'Salesperson is required.',
  notesTooLong: `Notes must be at most ${MAX_NOTES_LENGTH} characters.`,
  created: 'Activity created successfully',
  updated: 'Activity updated successfully',
} as const;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_TEXT = /^(\d{2}):(\d{2})$/;
const DURATION_TEXT = /^\d{1,4}$/;

/** The form before loading has filled it. */
export const BLANK_ACTIVITY_FORM: ActivityForm = {
  kind: DEFAULT_KIND,
  subject: '',
  dueDate: '',
  dueTime: '',
  duration: '',
  salespersonId: '',
  opportunityId: '',
  notes: '',
  done: false,
};

/** A new activity: due at the next full hour after `now`, for the given salesperson if any. */
export function newActivityForm(now: Date, salespersonId?: number): ActivityForm {
  // Local hours: in a zone like UTC+05:30 the next full hour is not the next full UTC hour.
  const nextHour = startOfHour(addHours(now, 1));
  return {
    ...BLANK_ACTIVITY_FORM,
    dueDate: format(nextHour, 'yyyy-MM-dd'),
    dueTime: format(nextHour, 'HH:mm'),
    salespersonId: salespersonId === undefined ? '' : String(salespersonId),
  };
}

/** A stored activity as the form shows it, in local time. */
export function activityFormOf(activity: Activity): ActivityForm {
  const due = new Date(activity.due_at);
  return {
    kind: activity.kind,
    subject: activity.subject,
    dueDate: format(due, 'yyyy-MM-dd'),
    dueTime: format(due, 'HH:mm'),
    duration: activity.duration_minutes === null ? '' : String(activity.duration_minutes),
    salespersonId: String(activity.salesperson_id),
    opportunityId: activity.opportunity_id === null ? '' : String(activity.opportunity_id),
    notes: activity.notes,
    done: activity.done,
  };
}

function calendarDateOf(text: string): { year: number; month: number; day: number } | null {
  const match = DATE_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Checked in UTC, where every day exists: Date rolls 31 April over into May.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { year, month, day } : null;
}

function timeOf(text: string): { hours: number; minutes: number } | null {
  const match = TIME_TEXT.exec(text);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? { hours, minutes } : null;
}

/**
 * The instant of a local date and time. A time that the clocks skip (the hour a
 * daylight-saving change jumps over) is taken as the same time after the jump,
 * as JavaScript's Date does.
 */
function dueInstantOf(dueDate: string, dueTime: string): Date | null {
  const date = calendarDateOf(dueDate);
  const time = timeOf(dueTime);
  if (!date || !time) return null;
  const instant = new Date(date.year, date.month - 1, date.day, time.hours, time.minutes);
  // new Date(99, …) means 1999: years below 100 are set again, explicitly.
  instant.setFullYear(date.year, date.month - 1, date.day);
  return instant;
}

function durationOf(text: string): number | null {
  return DURATION_TEXT.test(text.trim()) ? Number(text.trim()) : null;
}

/** The first thing wrong with the form, in the order of its fields, or null when it can be saved. */
export function activityProblem(form: ActivityForm): string | null {
  if (!isActivityKind(form.kind)) return ACTIVITY_MESSAGES.kindUnknown;
  if (form.subject.trim() === '') return ACTIVITY_MESSAGES.subjectMissing;
  if (form.subject.trim().length > MAX_SUBJECT_LENGTH) return ACTIVITY_MESSAGES.subjectTooLong;
  if (form.dueDate.trim() === '') return ACTIVITY_MESSAGES.dueDateMissing;
  if (!calendarDateOf(form.dueDate)) return ACTIVITY_MESSAGES.dueDateInvalid;
  if (form.dueTime.trim() === '') return ACTIVITY_MESSAGES.dueTimeMissing;
  if (!timeOf(form.dueTime)) return ACTIVITY_MESSAGES.dueTimeInvalid;
  // The server keeps the years 1970 to 9999 in UTC; a local date at either end may fall outside.
  const year = dueInstantOf(form.dueDate, form.dueTime)!.getUTCFullYear();
  if (year < FIRST_YEAR || year > LAST_YEAR) return ACTIVITY_MESSAGES.dueDateInvalid;
  if (form.duration.trim() !== '') {
    const duration = durationOf(form.duration);
    if (duration === null || duration > MAX_DURATION_MINUTES) return ACTIVITY_MESSAGES.durationInvalid;
  }
  if (form.salespersonId === '') return ACTIVITY_MESSAGES.salespersonMissing;
  if (form.notes.length > MAX_NOTES_LENGTH) return ACTIVITY_MESSAGES.notesTooLong;
  return null;
}

/** The request body of a form without problems (activityProblem is null). */
export function activityWriteOf(form: ActivityForm): ActivityWrite {
  const due = dueInstantOf(form.dueDate, form.dueTime);
  if (!due || activityProblem(form) !== null) throw new Error(`Not a valid activity form: ${activityProblem(form)}`);
  return {
    kind: form.kind,
    subject: form.subject.trim(),
    due_at: due.toISOString(),
    duration_minutes: form.duration.trim() === '' ? null : durationOf(form.duration),
    done: form.done,
    salesperson_id: Number(form.salespersonId),
    opportunity_id: form.opportunityId === '' ? null : Number(form.opportunityId),
    notes: form.notes,
  };
}

/** A stored activity as a request body, e.g. to mark it done from the list. */
export function writeOfActivity(activity: Activity): ActivityWrite {
  const { kind, subject, due_at, duration_minutes, done, salesperson_id, opportunity_id, notes } = activity;
  return { kind, subject, due_at, duration_minutes, done, salesperson_id, opportunity_id, notes };
}

/**
 * The opportunity select's options: newest first, each named by its customer and
 * the day it was created. An opportunity the activity already links but that is
 * not among them (an older year's) is kept, named by its customer.
 */
export function opportunityChoicesOf(
  opportunities: readonly Pick<Opportunity, 'id' | 'customer' | 'created_date'>[],
  linked?: { id: number; customer: string | null },
): OpportunityChoice[] {
  const choices = [...opportunities]
    .sort((a, b) => Date.parse(b.created_date) - Date.parse(a.created_date) || b.id - a.id)
    .map((opportunity) => ({
      id: opportunity.id,
      label: `${opportunity.customer || 'No customer'} — ${format(new Date(opportunity.created_date), 'd MMM yyyy')}`,
    }));
  if (linked && !choices.some((choice) => choice.id === linked.id)) {
    choices.unshift({ id: linked.id, label: linked.customer || `Opportunity ${linked.id}` });
  }
  return choices;
}
