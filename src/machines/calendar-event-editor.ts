import type { Salesperson } from '../api/client';
import { EMPTY_EVENT_FORM, eventProblemOf, type EventForm } from '../domain/calendar/event-form.ts';
import { createRecordEditorMachine } from './record-editor.ts';

/** Whom an event may belong to: the tenant's salespersons, by name. */
export interface EventChoices {
  salespersons: readonly Pick<Salesperson, 'id' | 'name'>[];
}

export const EVENT_SAVED_MESSAGES = {
  created: 'Event created successfully',
  updated: 'Event updated successfully',
} as const;

/** /add-Calendar and /edit-Calendar/:id: a meeting or appointment, saved back to the calendar. */
export const calendarEventEditorMachine = createRecordEditorMachine<EventForm, EventChoices>({
  id: 'calendarEventEditor',
  blankForm: EMPTY_EVENT_FORM,
  problemOf: eventProblemOf,
  messages: EVENT_SAVED_MESSAGES,
  listRoute: '/calendar',
});
