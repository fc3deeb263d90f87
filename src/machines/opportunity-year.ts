import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { anyInYear, toOpportunityRows, type OpportunityRow, type YearData, type YearRequest } from '../domain/opportunities/rows';

export interface OpportunityYearContext extends YearRequest {
  rows: readonly OpportunityRow[];
}

export type OpportunityYearEvent = { type: 'year.change'; year: number } | { type: 'retry' };

/**
 * A year of the tenant's opportunities for the read-only views of it (the
 * pipeline board): loads the year, reloads when another is chosen, and tells
 * a year without opportunities and a failed load apart from a ready one.
 */
export const opportunityYearMachine = setup({
  types: {
    input: {} as YearRequest,
    context: {} as OpportunityYearContext,
    events: {} as OpportunityYearEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadYear: fromPromise<YearData, YearRequest>(async () => {
      throw new Error('loadYear must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    chooseYear: assign(({ event }) => {
      assertEvent(event, 'year.change');
      return { year: event.year };
    }),
    acceptYear: assign(({ context }, params: { data: YearData }) => ({ rows: toOpportunityRows(params.data, context.year) })),
    forgetYear: assign({ rows: [] }),
  },
  guards: {
    yearIsEmpty: (_, params: { data: YearData; year: number }) => !anyInYear(params.data, params.year),
  },
}).createMachine({
  id: 'opportunityYear',
  context: ({ input }) => ({ ...input, rows: [] }),
  initial: 'loading',
  on: {
    'year.change': { target: '.loading', reenter: true, actions: 'chooseYear' },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'forgetYear',
      invoke: {
        src: 'loadYear',
        input: ({ context }) => ({ tenantId: context.tenantId, year: context.year }),
        onDone: [
          { guard: { type: 'yearIsEmpty', params: ({ context, event }) => ({ data: event.output, year: context.year }) }, target: 'empty' },
          { target: 'ready', actions: { type: 'acceptYear', params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {},
    empty: {},
    failed: { on: { 'retry': 'loading' } },
  },
});
