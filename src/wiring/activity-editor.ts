import { found, type CrmClient } from '../api/client.ts';
import {
  activityFormOf,
  activityWriteOf,
  newActivityForm,
  opportunityChoicesOf,
  type ActivityChoices,
  type ActivityForm,
} from '../domain/activities/editor.ts';
import { activityEditorMachine } from '../machines/activity-editor.ts';
import { recordEditorFlow, type RecordEditorIo } from './record-editor.ts';
import type { Wiring } from './wiring.ts';

export const activityEditorFlow: Wiring<typeof activityEditorMachine> = (services, caller) =>
  recordEditorFlow(activityEditorMachine, activityIo(services.api, caller.tenantId, caller.email), services);

/**
 * The activity with the salespersons and this year's opportunities to choose
 * from, and its save, through the API client. A new activity is the signed-in
 * person's own when they are a salesperson.
 */
function activityIo(api: CrmClient, tenantId: number, email: string): RecordEditorIo<ActivityForm, ActivityChoices> {
  return {
    async loadEditor({ id }) {
      const now = new Date();
      const [salespersons, opportunities, activity] = await Promise.all([
        found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: tenantId } } })),
        found(api.GET('/api/opportunities/getAllData/{tenant_id}', { params: { path: { tenant_id: tenantId }, query: { year: now.getFullYear() } } })),
        id === null ? null : found(api.GET('/api/activities/{id}', { params: { path: { id } } })),
      ]);
      const own = salespersons.find((salesperson) => salesperson.email === email.toLowerCase());
      const linked = activity?.opportunity_id != null ? { id: activity.opportunity_id, customer: activity.customer } : undefined;
      return {
        form: activity ? activityFormOf(activity) : newActivityForm(now, own?.id),
        choices: {
          salespersons: salespersons.map(({ id: salespersonId, name }) => ({ id: salespersonId, name })),
          opportunities: opportunityChoicesOf(opportunities, linked),
        },
      };
    },
    async saveRecord({ id, form }) {
      const body = activityWriteOf(form);
      return id === null
        ? found(api.POST('/api/activities', { body }))
        : found(api.PUT('/api/activities/{id}', { params: { path: { id } }, body }));
    },
    async deleteRecord({ id }) {
      await found(api.DELETE('/api/activities/{id}', { params: { path: { id } } }));
    },
    deletePart: 'records',
  };
}
