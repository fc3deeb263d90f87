import { fromPromise, setup } from 'xstate';

export interface CalendarEventDeletionInput {
  eventId: number;
  /** Where a deleted event leaves the person: the calendar on the event's month. */
  returnTo: string;
}

export type CalendarEventDeletionEvent = { type: 'delete.request' } | { type: 'delete.confirm' } | { type: 'delete.cancel' };

export const EVENT_DELETED_MESSAGE = 'Event deleted successfully';

/**
 * Deleting the event open in /edit-Calendar/:id, beside its editor: nothing is
 * deleted until the person confirms, and then only once. A failed delete keeps the
 * event open (the API client has shown the server's message); a done one goes back
 * to the calendar, on the month the event was in.
 */
export const calendarEventDeletionMachine = setup({
  types: {
    input: {} as CalendarEventDeletionInput,
    context: {} as CalendarEventDeletionInput,
    events: {} as CalendarEventDeletionEvent,
    tags: {} as 'deleting',
  },
  actors: {
    deleteEvent: fromPromise<void, { id: number }>(async () => {
      throw new Error('deleteEvent must be provided');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'calendarEventDeletion',
  context: ({ input }) => ({ eventId: input.eventId, returnTo: input.returnTo }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.request': 'confirming' },
    },
    confirming: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'idle' },
    },
    deleting: {
      tags: ['deleting'],
      invoke: {
        src: 'deleteEvent',
        input: ({ context }) => ({ id: context.eventId }),
        onDone: 'deleted',
        onError: { target: 'idle', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleted: {
      type: 'final',
      entry: [{ type: 'notifySuccess', params: { message: EVENT_DELETED_MESSAGE } }, { type: 'navigate', params: ({ context }) => ({ to: context.returnTo }) }],
    },
  },
});
