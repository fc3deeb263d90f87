import { found } from '../api/client.ts';
import type { AppServices } from '../platform/session-runtime.ts';
import {
  activityFormOf,
  activityWriteOf,
  newActivityForm,
  type ActivityChoices,
  type ActivityForm,
} from '../domain/activities/editor.ts';
import { activityEditorMachine } from '../machines/activity-editor.ts';
import { linkedOpportunityChoice } from './opportunity-choices.ts';
import { recordEditorFlow, type RecordEditorIo } from './record-editor.ts';
import type { Wiring } from './wiring.ts';

export const activityEditorFlow: Wiring<typeof activityEditorMachine> = (services, caller) =>
  recordEditorFlow(activityEditorMachine, activityIo(services, caller.tenantId, caller.email), services);

/**
 * The activity with the salespersons to choose from and the opportunity it links
 * (a tenant's other opportunities are searched for as the person types), and its
 * save, through the API client. A new activity is the signed-in person's own when
 * they are a salesperson.
 */
function activityIo({ api, quietApi }: Pick<AppServices, 'api' | 'quietApi'>, tenantId: number, email: string): RecordEditorIo<ActivityForm, ActivityChoices> {
  return {
    async loadEditor({ id }) {
      const [salespersons, activity] = await Promise.all([
        found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: tenantId } } })),
        id === null ? null : found(api.GET('/api/activities/{id}', { params: { path: { id } } })),
      ]);
      const linked = await linkedOpportunityChoice(quietApi, activity?.opportunity_id, activity?.customer || `Opportunity ${activity?.opportunity_id}`);
      const own = salespersons.find((salesperson) => salesperson.email === email.toLowerCase());
      return {
        form: activity ? activityFormOf(activity) : newActivityForm(new Date(), own?.id),
        choices: {
          salespersons: salespersons.map(({ id: salespersonId, name }) => ({ id: salespersonId, name })),
          linked,
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
