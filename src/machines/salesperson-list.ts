import { assign, fromPromise, setup } from 'xstate';
import type { Salesperson } from '../api/client';

/**
 * The salesperson list (/salesperson): where Edit Salesperson returns after a save.
 * It loads the tenant's salespersons once per visit and can be asked to reload.
 */
export const salespersonListMachine = setup({
  types: {
    input: {} as { tenantId: number },
    context: {} as { tenantId: number; salespersons: readonly Salesperson[] },
    events: {} as { type: 'retry' },
    tags: {} as 'loading',
  },
  actors: {
    loadSalespersons: fromPromise<Salesperson[], { tenantId: number }>(async () => {
      throw new Error('loadSalespersons must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isEmpty: (_, params: { salespersons: readonly Salesperson[] }) => params.salespersons.length === 0,
  },
}).createMachine({
  id: 'salespersonList',
  context: ({ input }) => ({ tenantId: input.tenantId, salespersons: [] }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadSalespersons',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        onDone: [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ salespersons: event.output }) }, target: 'empty' },
          { target: 'ready', actions: assign({ salespersons: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: { on: { 'retry': 'loading' } },
    empty: { on: { 'retry': 'loading' } },
    failed: { on: { 'retry': 'loading' } },
  },
});
