import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  DEFAULT_CUSTOMER_SORT,
  nextCustomerSort,
  sortCustomers,
  summariseCustomers,
  type CustomerSort,
  type CustomerSortKey,
  type CustomerSummary,
  type DirectoryCustomer,
} from '../domain/opportunities/customers';
import { anyInYear, toOpportunityRows, type YearData, type YearRequest } from '../domain/opportunities/rows';

/** What the customer list loads: the stored customers, and the year's opportunities to sum per customer. */
export interface CustomerYearData {
  directory: readonly DirectoryCustomer[];
  year: YearData;
}

export interface CustomerListContext extends YearRequest {
  /** Every stored customer (and any other name the year's opportunities use), summed for the year, in the current sort. */
  customers: readonly CustomerSummary[];
  sort: CustomerSort;
}

export type CustomerListEvent =
  | { type: 'year.change'; year: number }
  | { type: 'retry' }
  | { type: 'sort.toggle'; key: CustomerSortKey };

/**
 * The customer list (/customer): the tenant's customers, each with its count,
 * revenue and weighted revenue of the chosen year (0 when it had none), sortable
 * by any of them. Empty only when the tenant has no customer at all.
 */
export const customerListMachine = setup({
  types: {
    input: {} as YearRequest,
    context: {} as CustomerListContext,
    events: {} as CustomerListEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadCustomers: fromPromise<CustomerYearData, YearRequest>(async () => {
      throw new Error('loadCustomers must be provided');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    chooseYear: assign(({ event }) => {
      assertEvent(event, 'year.change');
      return { year: event.year };
    }),
    acceptCustomers: assign(({ context }, params: { data: CustomerYearData }) => ({
      customers: sortCustomers(summariseCustomers(toOpportunityRows(params.data.year, context.year), params.data.directory), context.sort),
    })),
    forgetCustomers: assign({ customers: [] }),
    sort: assign(({ context, event }) => {
      assertEvent(event, 'sort.toggle');
      const sort = nextCustomerSort(context.sort, event.key);
      return { sort, customers: sortCustomers(context.customers, sort) };
    }),
  },
  guards: {
    hasNoCustomers: (_, params: { data: CustomerYearData; year: number }) =>
      params.data.directory.length === 0 && !anyInYear(params.data.year, params.year),
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
      entry: 'forgetCustomers',
      invoke: {
        src: 'loadCustomers',
        input: ({ context }) => ({ tenantId: context.tenantId, year: context.year }),
        onDone: [
          { guard: { type: 'hasNoCustomers', params: ({ context, event }) => ({ data: event.output, year: context.year }) }, target: 'empty' },
          { target: 'ready', actions: { type: 'acceptCustomers', params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: { on: { 'sort.toggle': { actions: 'sort' } } },
    empty: {},
    failed: { on: { 'retry': 'loading' } },
  },
});
