import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { addressKeeper, addressWrite } from './address-keeper.ts';
import type { components } from '../api/schema';
import { readListAddress, writeListAddress, type ListAddress } from '../domain/lists/address.ts';
import { clampPage, pageCount } from '../domain/lists/paging.ts';
import { DEFAULT_OPPORTUNITY_SORT, nextOpportunitySort, type OpportunitySort, type OpportunitySortKey } from '../domain/opportunities/list-view';

export type OpportunityPage = components['schemas']['OpportunityPage'];

/** What the list asks the server for: one page of a year, searched, filtered and sorted. */
export interface OpportunityPageRequest {
  tenantId: number;
  year: number;
  search: string;
  stage: string;
  mine: boolean;
  sort: OpportunitySort;
  page: number;
}

export interface OpportunityListContext extends OpportunityPageRequest {
  /** The last page answered; kept while the next loads, so the table does not flicker. */
  answer: OpportunityPage | null;
}

export interface OpportunityListInput {
  tenantId: number;
  /** The year when the address names none. */
  year: number;
  /** The address's query: the list opens as it describes. */
  address: string;
}

export type OpportunityListEvent =
  | { type: 'year.change'; year: number }
  | { type: 'retry' }
  | { type: 'search.change'; value: string }
  | { type: 'stage.change'; stage: string }
  | { type: 'mine.toggle' }
  | { type: 'sort.toggle'; key: OpportunitySortKey }
  | { type: 'page.go'; page: number }
  | { type: 'page.previous' }
  | { type: 'page.next' }
  | { type: 'address.open'; address: string };

const SORT_KEYS: readonly OpportunitySortKey[] = ['date', 'customer', 'salesperson', 'stage', 'revenue', 'weighted'];
const ADDRESS = { sortKeys: SORT_KEYS, filters: ['year', 'stage', 'mine'] } as const;

/** The list as an address describes it; what it leaves out is the list's default (this year, newest first, all). */
function fromAddress(query: string, defaultYear: number): Omit<OpportunityPageRequest, 'tenantId'> {
  const address = readListAddress(query, ADDRESS);
  const year = Number(address.filters.year);
  return {
    year: Number.isInteger(year) && year >= 1970 && year <= 9999 ? year : defaultYear,
    search: address.search,
    stage: address.filters.stage ?? '',
    mine: address.filters.mine === '1',
    sort: address.sort ?? DEFAULT_OPPORTUNITY_SORT,
    page: address.page,
  };
}

/** The address's query of what the list shows: reload and share keep it. */
export function opportunityListAddress(context: Omit<OpportunityPageRequest, 'tenantId'>): string {
  const address: ListAddress<OpportunitySortKey> = {
    search: context.search,
    sort: context.sort.key === DEFAULT_OPPORTUNITY_SORT.key && context.sort.direction === DEFAULT_OPPORTUNITY_SORT.direction ? null : context.sort,
    page: context.page,
    filters: { year: String(context.year), stage: context.stage, mine: context.mine ? '1' : '' },
  };
  return writeListAddress(address);
}

/**
 * The opportunity list (/opportunity): a page of ten of a year's opportunities of
 * the tenant, searched, filtered (stage, 'Mine') and sorted by the server. What it
 * shows lives in the address (written on every change, read when the list opens or
 * the address changes under it, as a saved view's link does), so reload and share
 * keep it. Typing waits for a pause before asking. A year without any opportunity
 * (nothing searched or filtered) is its own state.
 */
export const opportunityListMachine = setup({
  types: {
    input: {} as OpportunityListInput,
    context: {} as OpportunityListContext,
    events: {} as OpportunityListEvent,
    tags: {} as 'loading',
  },
  delays: {
    typing: 250,
  },
  actors: {
    loadPage: fromPromise<OpportunityPage, OpportunityPageRequest>(async () => {
      throw new Error('loadPage must be provided');
    }),
    keepAddress: addressKeeper.actor,
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    /** Asks the address keeper to show the list's query in the address. */
    writeAddress: sendTo('address', (_, params: { query: string }) => addressWrite(params.query)),
    openAddress: assign(({ context, event }) => {
      assertEvent(event, 'address.open');
      return fromAddress(event.address, context.year);
    }),
    chooseYear: assign(({ event }) => {
      assertEvent(event, 'year.change');
      return { year: event.year, page: 1 };
    }),
    search: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { search: event.value, page: 1 };
    }),
    chooseStage: assign(({ event }) => {
      assertEvent(event, 'stage.change');
      return { stage: event.stage, page: 1 };
    }),
    toggleMine: assign(({ context }) => ({ mine: !context.mine, page: 1 })),
    sort: assign(({ context, event }) => {
      assertEvent(event, 'sort.toggle');
      return { sort: nextOpportunitySort(context.sort, event.key), page: 1 };
    }),
    goToPage: assign(({ context, event }) => {
      assertEvent(event, 'page.go');
      return { page: clampPage(event.page, context.answer?.total ?? 0) };
    }),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    acceptPage: assign((_, params: { answer: OpportunityPage }) => ({ answer: params.answer, page: params.answer.page })),
    forgetPage: assign({ answer: null }),
  },
  guards: {
    isEmptyYear: ({ context }, params: { answer: OpportunityPage }) =>
      params.answer.total === 0 && context.search.trim() === '' && context.stage === '' && !context.mine,
    isOtherAddress: ({ context, event }) => {
      assertEvent(event, 'address.open');
      return opportunityListAddress(fromAddress(event.address, context.year)) !== opportunityListAddress(context);
    },
    hasPreviousPage: ({ context }) => context.page > 1,
    hasNextPage: ({ context }) => context.page < pageCount(context.answer?.total ?? 0),
  },
}).createMachine({
  id: 'opportunityList',
  context: ({ input }) => ({ tenantId: input.tenantId, ...fromAddress(input.address, input.year), answer: null }),
  invoke: addressKeeper.invoke,
  initial: 'loading',
  on: {
    'year.change': { target: '.loading', actions: ['chooseYear', 'forgetPage'] },
    'address.open': { guard: 'isOtherAddress', target: '.loading', actions: 'openAddress' },
    'search.change': { target: '.typing', actions: 'search' },
    'stage.change': { target: '.loading', actions: 'chooseStage' },
    'mine.toggle': { target: '.loading', actions: 'toggleMine' },
    'sort.toggle': { target: '.loading', actions: 'sort' },
    'page.go': { target: '.loading', actions: 'goToPage' },
    'page.previous': { guard: 'hasPreviousPage', target: '.loading', actions: 'previousPage' },
    'page.next': { guard: 'hasNextPage', target: '.loading', actions: 'nextPage' },
  },
  states: {
    /** Waiting for a pause in typing; the page shown stays. */
    typing: {
      tags: ['loading'],
      after: { typing: 'loading' },
    },
    loading: {
      tags: ['loading'],
      entry: { type: 'writeAddress', params: ({ context }) => ({ query: opportunityListAddress(context) }) },
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({
          tenantId: context.tenantId,
          year: context.year,
          search: context.search.trim(),
          stage: context.stage,
          mine: context.mine,
          sort: context.sort,
          page: context.page,
        }),
        onDone: [
          {
            guard: { type: 'isEmptyYear', params: ({ event }) => ({ answer: event.output }) },
            target: 'empty',
            actions: { type: 'acceptPage', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'ready', actions: { type: 'acceptPage', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {},
    empty: {},
    failed: { on: { retry: 'loading' } },
  },
});
