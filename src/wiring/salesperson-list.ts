import { fromPromise } from 'xstate';
import { found, type Salesperson } from '../api/client.ts';
import { salespersonListMachine } from '../machines/salesperson-list.ts';
import { addressKeeperOf } from './address-keeper.ts';
import type { ListLoadRequest } from '../machines/browser-list.ts';
import { logError, type Wiring } from './wiring.ts';

export const salespersonListFlow: Wiring<typeof salespersonListMachine> = (services) =>
  salespersonListMachine.provide({
    actors: {
      keepAddress: addressKeeperOf(services, '/salesperson'),
      loadRows: fromPromise<readonly Salesperson[], ListLoadRequest>(({ input }) =>
        found(services.api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
    },
    actions: { logError },
  });
