import { found, type CrmClient } from '../api/client.ts';
import { blankEventForm, eventFormOf, eventWriteOf, type EventForm } from '../domain/calendar/event-form.ts';
import { calendarEventEditorMachine, type EventChoices } from '../machines/calendar-event-editor.ts';
import { recordEditorFlow, type RecordEditorIo } from './record-editor.ts';
import type { Wiring } from './wiring.ts';

/** The event editor; a new event starts on `date` (YYYY-MM-DD) when given. */
export function calendarEventEditorFlow(date: string | null): Wiring<typeof calendarEventEditorMachine> {
  return (services, caller) => recordEditorFlow(calendarEventEditorMachine, eventIo(services.api, caller.tenantId, date), services);
}

/** The event, the salespersons to choose from, and the save, through the API client. */
function eventIo(api: CrmClient, tenantId: number, date: string | null): RecordEditorIo<EventForm, EventChoices> {
  return {
    async loadEditor({ id }) {
      const [event, salespersons] = await Promise.all([
        id === null ? null : found(api.GET('/api/calendar/{id}', { params: { path: { id } } })),
        found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: tenantId } } })),
      ]);
      return {
        form: event ? eventFormOf(event) : blankEventForm(date, new Date()),
        choices: { salespersons: salespersons.map(({ id: personId, name }) => ({ id: personId, name })) },
      };
    },
    async saveRecord({ id, form }) {
      const body = eventWriteOf(form);
      return id === null
        ? found(api.POST('/api/calendar', { body }))
        : found(api.PUT('/api/calendar/{id}', { params: { path: { id } }, body }));
    },
    async deleteRecord({ id }) {
      await found(api.DELETE('/api/calendar/{id}', { params: { path: { id } } }));
    },
    deletePart: 'calendar',
  };
}
