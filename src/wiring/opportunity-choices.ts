import { fromPromise } from 'xstate';
import { found, type CrmClient } from '../api/client.ts';
import type { Choice } from '../domain/lists/choices.ts';
import { opportunityChoiceOf } from '../domain/opportunities/choices.ts';
import { opportunityChoicesMachine, type FoundOpportunities, type OpportunitySearch } from '../machines/opportunity-choices.ts';
import { logError, type Wiring } from './wiring.ts';

/**
 * The opportunity choice's search: the first page (the ten newest) of the opportunity
 * list's own server search (customer, salesperson or stage), the request aborted when
 * a newer text replaces it.
 */
export const opportunityChoicesFlow: Wiring<typeof opportunityChoicesMachine> = ({ api }) =>
  opportunityChoicesMachine.provide({
    actors: {
      findOpportunities: fromPromise<FoundOpportunities, OpportunitySearch>(async ({ input, signal }) => {
        const page = await found(
          api.GET('/api/opportunities/page/{tenant_id}', {
            params: {
              path: { tenant_id: input.tenantId },
              query: { year: input.year, zone: Intl.DateTimeFormat().resolvedOptions().timeZone, search: input.text, sort: 'date', direction: 'descending', page: 1 },
            },
            signal,
          }),
        );
        return { choices: page.rows.map(opportunityChoiceOf), total: page.total };
      }),
    },
    actions: { logError },
  });

/**
 * The opportunity a record links, named as the choice names its others; named by
 * `fallback` when the API cannot say (it lacks opportunity records), asked quietly.
 */
export async function linkedOpportunityChoice(quietApi: CrmClient, id: number | null | undefined, fallback: string): Promise<Choice | null> {
  if (id === null || id === undefined) return null;
  try {
    return opportunityChoiceOf(await found(quietApi.GET('/api/opportunities/{id}', { params: { path: { id } } })));
  } catch {
    return { value: String(id), label: fallback };
  }
}
