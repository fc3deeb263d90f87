import { fromPromise } from 'xstate';
import { found, type Salesperson } from '../api/client.ts';
import { salespersonListMachine } from '../machines/salesperson-list.ts';
import { listAddressWriter } from './list-address.ts';
import type { ListLoadRequest } from '../machines/browser-list.ts';
import { logError, type Wiring } from './wiring.ts';

export const salespersonListFlow: Wiring<typeof salespersonListMachine> = (services) =>
  salespersonListMachine.provide({
    actors: {
      loadRows: fromPromise<readonly Salesperson[], ListLoadRequest>(({ input }) =>
        found(services.api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
    },
    actions: { logError, writeAddress: listAddressWriter(services, '/salesperson') },
  });
