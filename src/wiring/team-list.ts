import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { teamListMachine } from '../machines/team-list.ts';
import { logError, type Wiring } from './wiring.ts';

export const teamListFlow: Wiring<typeof teamListMachine> = ({ api }) =>
  teamListMachine.provide({
    actors: {
      loadTeams: fromPromise(({ input }) =>
        found(api.GET('/api/teams/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
    },
    actions: { logError },
  });
