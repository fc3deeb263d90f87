import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  DEFAULT_CUSTOMER_SORT,
  nextCustomerSort,
  sortCustomers,
  summariseCustomers,
  type CustomerSort,
  type CustomerSortKey,
  type CustomerSummary,
} from '../domain/opportunities/customers';
import { anyInYear, toOpportunityRows, type YearData, type YearRequest } from '../domain/opportunities/rows';

export interface CustomerListContext extends YearRequest {
  /** One summary per customer with opportunities in the year, in the current sort. */
  customers: readonly CustomerSummary[];
  sort: CustomerSort;
}

export type CustomerListEvent =
  | { type: 'year.change'; year: number }
  | { type: 'data.retry' }
  | { type: 'sort.toggle'; key: CustomerSortKey };

/**
 * The customer list (/customer): the customers of a year's opportunities,
 * each with its count, revenue and weighted revenue, sortable by any of them.
 */
export const customerListMachine = setup({
  types: {
    input: {} as YearRequest,
    context: {} as CustomerListContext,
    events: {} as CustomerListEvent,
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
    acceptYear: assign(({ context }, params: { data: YearData }) => ({
      customers: sortCustomers(summariseCustomers(toOpportunityRows(params.data, context.year)), context.sort),
    })),
    forgetYear: assign({ customers: [] }),
    sort: assign(({ context, event }) => {
      assertEvent(event, 'sort.toggle');
      const sort = nextCustomerSort(context.sort, event.key);
      return { sort, customers: sortCustomers(context.customers, sort) };
    }),
  },
  guards: {
    yearIsEmpty: (_, params: { data: YearData; year: number }) => !anyInYear(params.data, params.year),
  },
}).createMachine({
  id: 'customerList',
  context: ({ input }) => ({ ...input, customers: [], sort: DEFAULT_CUSTOMER_SORT }),
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
    ready: { on: { 'sort.toggle': { actions: 'sort' } } },
    empty: {},
    failed: { on: { 'data.retry': 'loading' } },
  },
});
