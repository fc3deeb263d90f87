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
import { DEFAULT_STAGE_PROBABILITIES, PIPELINE_STAGES, type StageProbabilities } from '../domain/opportunities/pipeline.ts';
import { opportunityEditorMachine } from '../machines/opportunity-editor.ts';
import { recordEditorFlow, type RecordEditorIo } from './record-editor.ts';
import type { Wiring } from './wiring.ts';
import { readerLocale } from '../platform/locale.ts';
import type { ApiPartsActor } from '../platform/session-runtime.ts';

export const opportunityEditorFlow: Wiring<typeof opportunityEditorMachine> = (services, caller) =>
  recordEditorFlow(opportunityEditorMachine, opportunityIo(services, caller), services);

/**
 * The opportunity, the tenant's salespersons and its customer directory, loaded
 * together; saves go to POST or PUT /api/opportunities. A new opportunity is the
 * caller's own when they are a salesperson.
 */
export function opportunityIo(
  { api, quietApi, apiParts }: { api: CrmClient; quietApi: CrmClient; apiParts: ApiPartsActor },
  caller: Pick<Caller, 'tenantId' | 'email'>,
  now: () => Date = () => new Date(),
  locale: string = readerLocale(),
): RecordEditorIo<OpportunityForm, OpportunityChoices> {
  return {
    async loadEditor({ id }) {
      const tenant = { params: { path: { tenant_id: caller.tenantId } } };
      const [opportunity, salespersons, customers, stageProbabilities] = await Promise.all([
        id === null ? null : found(api.GET('/api/opportunities/{id}', { params: { path: { id } } })),
        found(api.GET('/api/salespersons/getAllData/{tenant_id}', tenant)),
        found(api.GET('/api/customers/getAllData/{tenant_id}', tenant)),
        apiParts.getSnapshot().context.parts.includes('tenant-settings') ? stageProbabilitiesFrom(quietApi) : DEFAULT_STAGE_PROBABILITIES,
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
          stageProbabilities,
        },
      };
    },
    async saveRecord({ id, form }) {
      const body = opportunityWriteOf(form);
      return id === null
        ? found(api.POST('/api/opportunities', { body }))
        : found(api.PUT('/api/opportunities/{id}', { params: { path: { id } }, body }));
    },
    async deleteRecord({ id }) {
      await found(api.DELETE('/api/opportunities/{id}', { params: { path: { id } } }));
    },
    deletePart: 'records',
  };
}

/** The tenant's stage probabilities (asked only of an API offering tenant settings); a failed answer gives the usual ones. */
async function stageProbabilitiesFrom(quietApi: CrmClient): Promise<StageProbabilities> {
  try {
    return (await found(quietApi.GET('/api/tenant/settings'))).stage_probabilities;
  } catch (error) {
    console.info('No tenant settings; stages offer the usual probabilities', error);
    return DEFAULT_STAGE_PROBABILITIES;
  }
}
