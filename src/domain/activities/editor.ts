import { addHours, format, startOfHour } from 'date-fns';
import type { Activity, ActivityKind, ActivityWrite, Salesperson } from '../../api/client';
import type { Choice } from '../lists/choices.ts';
import {
  activityWriteProblems,
  dateProblem,
  mergeProblems,
  problemsOf,
  RECORD_LIMITS,
  renameProblems,
  timeProblem,
  wallClockInstant,
  type ActivityBodyField,
  type Problem,
} from '../rules/index.ts';

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

/** What the form's choices offer: every salesperson, and the opportunity linked before (others are searched for). */
export interface ActivityChoices {
  salespersons: readonly Pick<Salesperson, 'id' | 'name'>[];
  linked: Choice | null;
}

export const MAX_SUBJECT_LENGTH = RECORD_LIMITS.subject;
export const MAX_NOTES_LENGTH = RECORD_LIMITS.notes;
/** A new activity is a call at the next full hour: the most common thing a salesperson schedules. */
const DEFAULT_KIND: ActivityKind = 'call';

export const ACTIVITY_SAVED_MESSAGES = {
  created: 'Activity created successfully',
  updated: 'Activity updated successfully',
} as const;

export type ActivityField = Exclude<keyof ActivityForm, 'done'>;

/** The form's fields in the order the screen shows them. */
export const ACTIVITY_FIELDS: readonly ActivityField[] = ['kind', 'subject', 'dueDate', 'dueTime', 'duration', 'salespersonId', 'opportunityId', 'notes'];

/** The form field each property of the request body comes from. */
export const ACTIVITY_FIELD_OF_BODY: Readonly<Record<ActivityBodyField, ActivityField>> = {
  kind: 'kind',
  subject: 'subject',
  due_at: 'dueDate',
  duration_minutes: 'duration',
  done: 'kind',
  salesperson_id: 'salespersonId',
  opportunity_id: 'opportunityId',
  notes: 'notes',
};

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

function durationOf(text: string): number | null {
  return DURATION_TEXT.test(text.trim()) ? Number(text.trim()) : null;
}

/** The body the form stands for, with stand-ins where a field cannot be read (its own problem says why). */
function draftWriteOf(form: ActivityForm): ActivityWrite {
  // A time the clocks skip is taken as the same time after the jump, as people read a moved clock.
  const due = wallClockInstant(form.dueDate, form.dueTime);
  return {
    kind: form.kind,
    subject: form.subject.trim(),
    due_at: due ? due.toISOString() : '',
    duration_minutes: form.duration.trim() === '' ? null : (durationOf(form.duration) ?? -1),
    done: form.done,
    salesperson_id: form.salespersonId === '' ? 0 : Number(form.salespersonId),
    opportunity_id: form.opportunityId === '' ? null : Number(form.opportunityId),
    notes: form.notes,
  };
}

/** Every problem of the form at once, in the order of its fields; the server checks the body with the same rules. */
export function activityProblems(form: ActivityForm): Problem<ActivityField>[] {
  const typed = problemsOf<ActivityField>([
    ['dueDate', dateProblem('Due date', form.dueDate)],
    ['dueTime', timeProblem('Due time', form.dueTime)],
  ]);
  // A due instant that could not be read is already explained by its date or time.
  const checked = activityWriteProblems(draftWriteOf(form)).filter((problem) => problem.field !== 'due_at' || typed.length === 0);
  const body = renameProblems(checked, (field) => ACTIVITY_FIELD_OF_BODY[field]);
  return mergeProblems(ACTIVITY_FIELDS, typed, body);
}

/** The request body of a form without problems. */
export function activityWriteOf(form: ActivityForm): ActivityWrite {
  const problems = activityProblems(form);
  if (problems.length > 0) throw new Error(`Not a valid activity form: ${problems[0]!.message}`);
  return draftWriteOf(form);
}

/** A stored activity as a request body, e.g. to mark it done from the list. */
export function writeOfActivity(activity: Activity): ActivityWrite {
  const { kind, subject, due_at, duration_minutes, done, salesperson_id, opportunity_id, notes } = activity;
  return { kind, subject, due_at, duration_minutes, done, salesperson_id, opportunity_id, notes };
}
