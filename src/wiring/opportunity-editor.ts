import { found, type CrmClient } from '../api/client.ts';
import type { Caller } from '../domain/session/profile.ts';
import {
  customerSuggestions,
  newOpportunityForm,
  opportunityFormOf,
  opportunityWriteOf,
  type OpportunityChoices,
  type OpportunityForm,
} from '../domain/opportunities/editor.ts';
import { PIPELINE_STAGES } from '../domain/opportunities/pipeline.ts';
import { opportunityEditorMachine } from '../machines/opportunity-editor.ts';
import { recordEditorFlow, type RecordEditorIo } from './record-editor.ts';
import type { Wiring } from './wiring.ts';
import { readerLocale } from '../platform/locale.ts';

export const opportunityEditorFlow: Wiring<typeof opportunityEditorMachine> = (services, caller) =>
  recordEditorFlow(opportunityEditorMachine, opportunityIo(services.api, caller), services);

/**
 * The opportunity, the tenant's salespersons and its customer directory, loaded
 * together; saves go to POST or PUT /api/opportunities. A new opportunity is the
 * caller's own when they are a salesperson.
 */
export function opportunityIo(
  api: CrmClient,
  caller: Pick<Caller, 'tenantId' | 'email'>,
  now: () => Date = () => new Date(),
  locale: string = readerLocale(),
): RecordEditorIo<OpportunityForm, OpportunityChoices> {
  return {
    async loadEditor({ id }) {
      const tenant = { params: { path: { tenant_id: caller.tenantId } } };
      const [opportunity, salespersons, customers] = await Promise.all([
        id === null ? null : found(api.GET('/api/opportunities/{id}', { params: { path: { id } } })),
        found(api.GET('/api/salespersons/getAllData/{tenant_id}', tenant)),
        found(api.GET('/api/customers/getAllData/{tenant_id}', tenant)),
      ]);
      const own = salespersons.find((salesperson) => salesperson.email === caller.email.toLowerCase());
      // Revenue is typed in the reader's locale, thousands separators and all.
      const form = opportunity ? opportunityFormOf(opportunity, locale) : newOpportunityForm(now(), own?.id, locale);
      return {
        form,
        choices: {
          salespersons: salespersons.map(({ id: salespersonId, name }) => ({ id: salespersonId, name })),
          customers: customerSuggestions(customers.map((customer) => customer.name)),
          // A stage the pipeline no longer knows is shown as it is, so it can be seen and changed.
          stages: PIPELINE_STAGES.includes(form.stage) ? PIPELINE_STAGES : [...PIPELINE_STAGES, form.stage],
        },
      };
    },
    async saveRecord({ id, form }) {
      const body = opportunityWriteOf(form);
      return id === null
        ? found(api.POST('/api/opportunities', { body }))
        : found(api.PUT('/api/opportunities/{id}', { params: { path: { id } }, body }));
    },
  };
}
