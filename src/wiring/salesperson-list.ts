import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { salespersonListMachine } from '../machines/salesperson-list.ts';
import { logError, type Wiring } from './wiring.ts';

export const salespersonListFlow: Wiring<typeof salespersonListMachine> = ({ api }) =>
  salespersonListMachine.provide({
    actors: {
      loadSalespersons: fromPromise(({ input }) =>
        found(api.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
    },
    actions: { logError },
  });
