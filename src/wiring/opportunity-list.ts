import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { opportunityListMachine, type OpportunityPage, type OpportunityPageRequest } from '../machines/opportunity-list.ts';
import { addressKeeperOf } from './address-keeper.ts';
import { logError, type Wiring } from './wiring.ts';

/** The opportunity list's flow: pages from the server (GET /api/opportunities/page), in the browser's time zone. */
export const opportunityListFlow: Wiring<typeof opportunityListMachine> = (services) =>
  opportunityListMachine.provide({
    actors: {
      keepAddress: addressKeeperOf(services, '/opportunity'),
      loadPage: fromPromise<OpportunityPage, OpportunityPageRequest>(async ({ input, signal }) =>
        found(
          services.api.GET('/api/opportunities/page/{tenant_id}', {
            params: {
              path: { tenant_id: input.tenantId },
              query: {
                year: input.year,
                zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
                search: input.search,
                stage: input.stage,
                mine: input.mine,
                sort: input.sort.key,
                direction: input.sort.direction,
                page: input.page,
              },
            },
            signal,
          }),
        ),
      ),
    },
    actions: { logError },
  });
