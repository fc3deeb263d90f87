import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { clampPage, pageCount } from '../domain/lists/paging.ts';
import {
  DEFAULT_OPPORTUNITY_SORT,
  nextOpportunitySort,
  searchOpportunities,
  sortOpportunities,
  type OpportunitySort,
  type OpportunitySortKey,
} from '../domain/opportunities/list-view';
import { anyInYear, toOpportunityRows, type OpportunityRow, type YearData, type YearRequest } from '../domain/opportunities/rows';

export interface OpportunityListContext extends YearRequest {
  /** The year's opportunities in the current sort; re-sorted only when the sort or the data changes. */
  sorted: readonly OpportunityRow[];
  /** `sorted` filtered by the search text: what the pages are cut from. */
  visible: readonly OpportunityRow[];
  search: string;
  sort: OpportunitySort;
  page: number;
}

export type OpportunityListEvent =
  | { type: 'year.change'; year: number }
  | { type: 'data.retry' }
  | { type: 'search.change'; value: string }
  | { type: 'sort.toggle'; key: OpportunitySortKey }
  | { type: 'page.go'; page: number }
  | { type: 'page.previous' }
  | { type: 'page.next' };

/**
 * The opportunity list (/opportunity): a year's opportunities of the tenant,
 * searchable, sortable and paged by ten, opened on a given year and search when
 * the address names them. Changing the year loads it afresh and
 * keeps the search and sort; a year without opportunities is its own state.
 */
export const opportunityListMachine = setup({
  types: {
    input: {} as YearRequest & { search?: string },
    context: {} as OpportunityListContext,
    events: {} as OpportunityListEvent,
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
      return { year: event.year, page: 1 };
    }),
    acceptYear: assign(({ context }, params: { rows: readonly OpportunityRow[] }) => {
      const sorted = sortOpportunities(params.rows, context.sort);
      return { sorted, visible: searchOpportunities(sorted, context.search), page: 1 };
    }),
    forgetYear: assign({ sorted: [], visible: [] }),
    search: assign(({ context, event }) => {
      assertEvent(event, 'search.change');
      return { search: event.value, visible: searchOpportunities(context.sorted, event.value), page: 1 };
    }),
    sort: assign(({ context, event }) => {
      assertEvent(event, 'sort.toggle');
      const sort = nextOpportunitySort(context.sort, event.key);
      const sorted = sortOpportunities(context.sorted, sort);
      return { sort, sorted, visible: searchOpportunities(sorted, context.search), page: 1 };
    }),
    goToPage: assign(({ context, event }) => {
      assertEvent(event, 'page.go');
      return { page: clampPage(event.page, context.visible.length) };
    }),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
  },
  guards: {
    yearIsEmpty: (_, params: { data: YearData; year: number }) => !anyInYear(params.data, params.year),
    hasPreviousPage: ({ context }) => context.page > 1,
    hasNextPage: ({ context }) => context.page < pageCount(context.visible.length),
  },
}).createMachine({
  id: 'opportunityList',
  context: ({ input }) => ({
    tenantId: input.tenantId,
    year: input.year,
    sorted: [],
    visible: [],
    search: input.search ?? '',
    sort: DEFAULT_OPPORTUNITY_SORT,
    page: 1,
  }),
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
          {
            guard: { type: 'yearIsEmpty', params: ({ context, event }) => ({ data: event.output, year: context.year }) },
            target: 'empty',
          },
          {
            target: 'ready',
            actions: { type: 'acceptYear', params: ({ context, event }) => ({ rows: toOpportunityRows(event.output, context.year) }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      on: {
        'search.change': { actions: 'search' },
        'sort.toggle': { actions: 'sort' },
        'page.go': { actions: 'goToPage' },
        'page.previous': { guard: 'hasPreviousPage', actions: 'previousPage' },
        'page.next': { guard: 'hasNextPage', actions: 'nextPage' },
      },
    },
    empty: {},
    failed: { on: { 'data.retry': 'loading' } },
  },
});
