import { fromPromise } from 'xstate';
import { found, type Salesperson } from '../api/client.ts';
import { salespersonListMachine } from '../machines/salesperson-list.ts';
import { listAddressWriter } from './list-address.ts';
import { logError, type Wiring } from './wiring.ts';

export const salespersonListFlow: Wiring<typeof salespersonListMachine> = (services) =>
  salespersonListMachine.provide({
    actors: {
      loadRows: fromPromise<readonly Salesperson[], { tenantId: number }>(({ input }) =>
        found(services.api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
    },
    actions: { logError, writeAddress: listAddressWriter(services, '/salesperson') },
  });
