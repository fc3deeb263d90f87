import type { Salesperson } from '../api/client';
import { EMPTY_EVENT_FORM, EVENT_FIELDS, eventFieldOfBody, eventProblems, type EventForm } from '../domain/calendar/event-form.ts';
import type { Choice } from '../domain/lists/choices.ts';
import type { QuickEventForm } from '../domain/records/record-page.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** Whom an event may belong to (the tenant's salespersons, by name), and the opportunity it was about (others are searched for). */
export interface EventChoices {
  salespersons: readonly Pick<Salesperson, 'id' | 'name'>[];
  linked: Choice | null;
}

/** The event editor's form: the event, and the opportunity it is about ('' for none). */
export type EventEditorForm = QuickEventForm;

export const EVENT_SAVED_MESSAGES = {
  created: 'Event created successfully',
  updated: 'Event updated successfully',
  deleted: 'Event deleted successfully',
} as const;

/** The calendar on the month an event starts in (the current month while it has no date). */
export function calendarMonthAddress(form: Pick<EventForm, 'startDate'>): string {
  return /^\d{4}-\d\d/.test(form.startDate) ? `/calendar?month=${form.startDate.slice(0, 7)}` : '/calendar';
}

/** /add-Calendar and /edit-Calendar/:id: a meeting or appointment, saved back to its month of the calendar. */
export const calendarEventEditorMachine = createRecordEditorMachine<EventEditorForm, EventChoices>({
  id: 'calendarEventEditor',
  blankForm: { ...EMPTY_EVENT_FORM, opportunityId: '' },
  problemsOf: eventProblems,
  fields: [...EVENT_FIELDS, 'opportunityId'],
  fieldOfBody: (field, form) =>
    field === 'opportunity_id' ? 'opportunityId' : eventFieldOfBody(field as Parameters<typeof eventFieldOfBody>[0], form),
  messages: EVENT_SAVED_MESSAGES,
  // Back to the month the event is in, not the current one.
  listRoute: calendarMonthAddress,
});
