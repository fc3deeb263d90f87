import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { readListAddress, writeListAddress } from '../domain/lists/address.ts';
import { clampPage, pageCount } from '../domain/lists/paging.ts';
import { nextSort, type ListSort } from '../domain/lists/sort.ts';

/** What makes one list: its rows' search, its columns' orders, its default order. */
export interface BrowserListConfig<Row, Key extends string> {
  id: string;
  sortKeys: readonly Key[];
  defaultSort: ListSort<Key>;
  /** Ascending order of a column; ties are broken by the rows' order as loaded. */
  compare: (key: Key) => (a: Row, b: Row) => number;
  /** Whether a row matches the search text (already trimmed and lowercase, never empty). */
  matches: (row: Row, needle: string) => boolean;
}

export interface BrowserListContext<Row, Key extends string> {
  tenantId: number;
  rows: readonly Row[];
  /** `rows` searched and sorted: what the pages are cut from. */
  visible: readonly Row[];
  search: string;
  sort: ListSort<Key>;
  page: number;
}

export type BrowserListEvent<Key extends string> =
  | { type: 'retry' }
  | { type: 'search.change'; value: string }
  | { type: 'sort.toggle'; key: Key }
  | { type: 'sort.change'; sort: ListSort<Key> }
  | { type: 'page.go'; page: number }
  | { type: 'page.previous' }
  | { type: 'page.next' }
  | { type: 'address.open'; address: string };

/**
 * The list kit's machine for lists loaded whole (salespersons, teams): loaded once
 * per visit, searched, sorted and paged by ten in the browser, and all of it kept in
 * the address (written on every change, read when the list opens or the address
 * changes under it), so reload and share keep it. A tenant without rows is its own state.
 */
export function browserListMachine<Row, Key extends string>(config: BrowserListConfig<Row, Key>) {
  const spec = { sortKeys: config.sortKeys, filters: [] };
  const view = (rows: readonly Row[], search: string, sort: ListSort<Key>): readonly Row[] => {
    const needle = search.trim().toLowerCase();
    const found = needle === '' ? rows : rows.filter((row) => config.matches(row, needle));
    const compare = config.compare(sort.key);
    const sign = sort.direction === 'ascending' ? 1 : -1;
    return found
      .map((row, index) => ({ row, index }))
      .sort((a, b) => sign * compare(a.row, b.row) || a.index - b.index)
      .map(({ row }) => row);
  };
  const fromAddress = (query: string) => {
    const address = readListAddress(query, spec);
    return { search: address.search, sort: address.sort ?? config.defaultSort, page: address.page };
  };
  const addressOf = (context: Pick<BrowserListContext<Row, Key>, 'search' | 'sort' | 'page'>) =>
    writeListAddress({
      search: context.search,
      sort: context.sort.key === config.defaultSort.key && context.sort.direction === config.defaultSort.direction ? null : context.sort,
      page: context.page,
      filters: {},
    });
  const writeAddress = { type: 'writeAddress', params: ({ context }: { context: BrowserListContext<Row, Key> }) => ({ query: addressOf(context) }) } as const;

  return setup({
    types: {
      input: {} as { tenantId: number; address: string },
      context: {} as BrowserListContext<Row, Key>,
      events: {} as BrowserListEvent<Key>,
      tags: {} as 'loading',
    },
    actors: {
      loadRows: fromPromise<readonly Row[], { tenantId: number }>(async () => {
        throw new Error('loadRows must be provided');
      }),
    },
    actions: {
      logError: (_, _params: { error: unknown }) => {},
      writeAddress: (_, _params: { query: string }) => {},
      acceptRows: assign(({ context }, params: { rows: readonly Row[] }) => {
        const visible = view(params.rows, context.search, context.sort);
        return { rows: params.rows, visible, page: clampPage(context.page, visible.length) };
      }),
      search: assign(({ context, event }) => {
        assertEvent(event, 'search.change');
        return { search: event.value, visible: view(context.rows, event.value, context.sort), page: 1 };
      }),
      sort: assign(({ context, event }) => {
        assertEvent(event, 'sort.toggle');
        const sort = nextSort(context.sort, event.key);
        return { sort, visible: view(context.rows, context.search, sort), page: 1 };
      }),
      chooseSort: assign(({ context, event }) => {
        assertEvent(event, 'sort.change');
        return { sort: event.sort, visible: view(context.rows, context.search, event.sort), page: 1 };
      }),
      openAddress: assign(({ context, event }) => {
        assertEvent(event, 'address.open');
        const { search, sort, page } = fromAddress(event.address);
        const visible = view(context.rows, search, sort);
        return { search, sort, visible, page: clampPage(page, visible.length) };
      }),
      goToPage: assign(({ context, event }) => {
        assertEvent(event, 'page.go');
        return { page: clampPage(event.page, context.visible.length) };
      }),
      previousPage: assign(({ context }) => ({ page: context.page - 1 })),
      nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    },
    guards: {
      isEmpty: (_, params: { rows: readonly Row[] }) => params.rows.length === 0,
      isOtherAddress: ({ context, event }) => {
        assertEvent(event, 'address.open');
        return addressOf(fromAddress(event.address)) !== addressOf(context);
      },
      hasPreviousPage: ({ context }) => context.page > 1,
      hasNextPage: ({ context }) => context.page < pageCount(context.visible.length),
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({ tenantId: input.tenantId, rows: [], visible: [], ...fromAddress(input.address) }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          src: 'loadRows',
          input: ({ context }) => ({ tenantId: context.tenantId }),
          onDone: [
            { guard: { type: 'isEmpty', params: ({ event }) => ({ rows: event.output }) }, target: 'empty' },
            { target: 'ready', actions: [{ type: 'acceptRows', params: ({ event }) => ({ rows: event.output }) }, writeAddress] },
          ],
          onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      ready: {
        on: {
          retry: 'loading',
          'search.change': { actions: ['search', writeAddress] },
          'sort.toggle': { actions: ['sort', writeAddress] },
          'sort.change': { actions: ['chooseSort', writeAddress] },
          'address.open': { guard: 'isOtherAddress', actions: 'openAddress' },
          'page.go': { actions: ['goToPage', writeAddress] },
          'page.previous': { guard: 'hasPreviousPage', actions: ['previousPage', writeAddress] },
          'page.next': { guard: 'hasNextPage', actions: ['nextPage', writeAddress] },
        },
      },
      empty: { on: { retry: 'loading' } },
      failed: { on: { retry: 'loading' } },
    },
  });
}
