import { found } from '../api/client.ts';
import type { AppServices } from '../platform/session-runtime.ts';
import { blankEventForm, eventFormOf, eventWriteOf } from '../domain/calendar/event-form.ts';
import { calendarEventEditorMachine, type EventChoices, type EventEditorForm } from '../machines/calendar-event-editor.ts';
import { linkedOpportunityChoice } from './opportunity-choices.ts';
import { recordEditorFlow, type RecordEditorIo } from './record-editor.ts';
import type { Wiring } from './wiring.ts';

/** The event editor; a new event starts on `date` (YYYY-MM-DD) when given. */
export function calendarEventEditorFlow(date: string | null): Wiring<typeof calendarEventEditorMachine> {
  return (services, caller) => recordEditorFlow(calendarEventEditorMachine, eventIo(services, caller.tenantId, date), services);
}

/**
 * The event, the salespersons to choose from and the opportunity it is about, and the
 * save, through the API client. The opportunity goes with the save only when there is
 * or was one: an API without record pages neither offers nor takes it.
 */
function eventIo({ api, quietApi }: Pick<AppServices, 'api' | 'quietApi'>, tenantId: number, date: string | null): RecordEditorIo<EventEditorForm, EventChoices> {
  // The opportunity the loaded event was about ('' for none): an editor loads one event.
  let linkedBefore = '';
  return {
    async loadEditor({ id }) {
      const [event, salespersons] = await Promise.all([
        id === null ? null : found(api.GET('/api/calendar/{id}', { params: { path: { id } } })),
        found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: tenantId } } })),
      ]);
      const linkedId = event?.opportunity_id ?? null;
      const linked = await linkedOpportunityChoice(quietApi, linkedId, `Opportunity ${linkedId}`);
      linkedBefore = linkedId === null ? '' : String(linkedId);
      return {
        form: { ...(event ? eventFormOf(event) : blankEventForm(date, new Date())), opportunityId: linkedBefore },
        choices: {
          salespersons: salespersons.map(({ id: personId, name }) => ({ id: personId, name })),
          linked,
        },
      };
    },
    async saveRecord({ id, form }) {
      const { opportunityId } = form;
      const sendsOpportunity = opportunityId !== '' || linkedBefore !== '';
      const body = { ...eventWriteOf(form), ...(sendsOpportunity ? { opportunity_id: opportunityId === '' ? null : Number(opportunityId) } : {}) };
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
