import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import type { SearchHit } from '../domain/search/hits.ts';
import { globalSearchMachine, type SearchRequest } from '../machines/global-search.ts';
import { logError, type Wiring } from './wiring.ts';

/** The search dialog's flow: the server's search, abandoned (the request aborted) when a newer text replaces it. */
export const globalSearchFlow: Wiring<typeof globalSearchMachine> = ({ api, navigate }) =>
  globalSearchMachine.provide({
    actors: {
      searchRecords: fromPromise<readonly SearchHit[], SearchRequest>(async ({ input, signal }) => {
        const answer = await found(
          api.GET('/api/search/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query: { q: input.text } }, signal }),
        );
        return answer.results;
      }),
    },
    actions: { logError, navigate: (_, { to }) => navigate(to) },
  });
