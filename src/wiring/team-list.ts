import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import type { TeamWithMembers } from '../domain/teams/list.ts';
import { teamListMachine } from '../machines/team-list.ts';
import { addressKeeperOf } from './address-keeper.ts';
import type { ListLoadRequest } from '../machines/browser-list.ts';
import { logError, type Wiring } from './wiring.ts';

export const teamListFlow: Wiring<typeof teamListMachine> = (services) =>
  teamListMachine.provide({
    actors: {
      keepAddress: addressKeeperOf(services, '/team'),
      loadRows: fromPromise<readonly TeamWithMembers[], ListLoadRequest>(({ input }) =>
        found(services.api.GET('/api/teams/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
    },
    actions: { logError },
  });
