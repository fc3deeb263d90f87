import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { readListAddress, writeListAddress } from '../domain/lists/address.ts';
import { clampPage, pageCount, pageSlice } from '../domain/lists/paging.ts';
import { allChosen, toggledPage, toggledRow } from '../domain/lists/selection.ts';
import { nextSort, sortListRows, type ListOrder, type ListSort } from '../domain/lists/sort.ts';
import { addressKeeper, addressWrite } from './address-keeper.ts';

/** A list's filter by name, as its address keeps it (a year, a view). */
export interface ListFilter {
  /** Its value when the address names none (the year of the list's clock, 'To do'). */
  initial: (now: number) => string;
  /** Whether a value (from the address or a person's choice) is one the list knows. */
  accepts: (value: string) => boolean;
  /** The rows are loaded for its value (a year): choosing another loads them again. */
  loads?: boolean;
}

/** The filters' values by name. */
export type ListFilters = Readonly<Record<string, string>>;

/** What makes one list: its rows' search, its columns' orders (`compare`, `ties`), its default order, its filters. */
export interface BrowserListConfig<Row, Key extends string> extends ListOrder<Row, Key> {
  id: string;
  sortKeys: readonly Key[];
  /** null: the rows' order as loaded until a header is clicked. */
  defaultSort: ListSort<Key> | null;
  /** The order a click on a header gives (a new column ascending, the same one flipped, unless said otherwise). */
  toggle?: (current: ListSort<Key> | null, key: Key) => ListSort<Key>;
  /** Whether a row matches the search text (already trimmed and lowercase, never empty). */
  matches: (row: Row, needle: string) => boolean;
  filters?: Readonly<Record<string, ListFilter>>;
  /** Whether a row is in the view the filters choose, at the clock's time (filters that load are the loading's business). */
  shows?: (row: Row, filters: ListFilters, now: number) => boolean;
  /** What tells rows apart, for the lists that save or choose rows. */
  idOf?: (row: Row) => number;
  /** Rows are changed in place (a done mark) and saved one at a time. */
  savesRows?: boolean;
  /** Rows can be chosen, one by one or a page at a time. */
  choosesRows?: boolean;
  /** `retry` on a shown list loads it again behind the rows on screen; a failed reload keeps them and is only logged. */
  reloadsInPlace?: boolean;
  /** A clock moves `now` (what "overdue" is measured against), so the view follows the time. */
  ticks?: boolean;
}

export interface BrowserListContext<Row, Key extends string> {
  tenantId: number;
  /** The clock's last reading (ms). */
  now: number;
  rows: readonly Row[];
  /** `rows` in the sort; sorted again only when the sort or the rows change, not on each keystroke. */
  sorted: readonly Row[];
  /** `sorted` searched and filtered: what the pages are cut from. */
  visible: readonly Row[];
  search: string;
  sort: ListSort<Key> | null;
  filters: ListFilters;
  page: number;
  /** Rows changed since the view was chosen: they stay in view until it changes, so none jumps away under the pointer. */
  kept: readonly number[];
  /** The row being saved as it was before, put back if the save fails. */
  pending: Row | null;
  /** The ids of the chosen rows (those still loaded). */
  selected: ReadonlySet<number>;
}

export type BrowserListEvent<Row, Key extends string> =
  | { type: 'retry' }
  | { type: 'search.change'; value: string }
  | { type: 'sort.toggle'; key: Key }
  | { type: 'sort.change'; sort: ListSort<Key> }
  | { type: 'filter.change'; name: string; value: string }
  | { type: 'page.go'; page: number }
  | { type: 'page.previous' }
  | { type: 'page.next' }
  | { type: 'address.open'; address: string }
  | { type: 'clock.tick'; now: number }
  | { type: 'row.save'; row: Row }
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.page.toggle' };

export interface BrowserListInput {
  tenantId: number;
  /** The address's query: the list opens as it describes. */
  address: string;
  /** The clock's reading when the list opens (the default year, what is overdue). */
  now?: number;
}

/** What loading asks for: the tenant, and the values of the filters that load. */
export interface ListLoadRequest {
  tenantId: number;
  filters: ListFilters;
}

/** Where a list is, as its screen draws it (a save under way is still 'ready'). */
export type ListPhase = 'loading' | 'ready' | 'empty' | 'failed';

/** The list's phase from its state, whether `ready` has substates or not. */
export function listPhase(state: { value: unknown }): ListPhase {
  return (typeof state.value === 'string' ? state.value : Object.keys(state.value as object)[0]) as ListPhase;
}

/** The rows of the page shown. */
export function currentPageRows<Row>(context: Pick<BrowserListContext<Row, string>, 'visible' | 'page'>): readonly Row[] {
  return pageSlice(context.visible, context.page);
}

/** Whether every row of the page shown is chosen (and there is at least one). */
export function pageIsSelected<Row>(context: Pick<BrowserListContext<Row, string>, 'visible' | 'page' | 'selected'>, idOf: (row: Row) => number): boolean {
  return allChosen(context.selected, currentPageRows(context).map(idOf));
}

/** What a list shows, as its address keeps it. */
export interface ShownList<Key extends string> {
  search: string;
  sort: ListSort<Key> | null;
  filters: ListFilters;
  page: number;
}

/**
 * A list's two ways with its address: what an address's query shows (what it leaves
 * out at the list's default, a value the list does not know too), and the query of
 * what is shown (the defaults left out, so a plain list has a plain address).
 */
export function listAddressing<Key extends string>(config: Pick<BrowserListConfig<never, Key>, 'sortKeys' | 'defaultSort' | 'filters'>) {
  const filterSpecs = config.filters ?? {};
  const filterNames = Object.keys(filterSpecs);
  const spec = { sortKeys: config.sortKeys, filters: filterNames };
  const sameSort = (a: ListSort<Key> | null, b: ListSort<Key> | null) => a?.key === b?.key && a?.direction === b?.direction;
  const filtersFrom = (given: Readonly<Record<string, string>>, now: number): ListFilters =>
    Object.fromEntries(
      filterNames.map((name) => {
        const filter = filterSpecs[name]!;
        const value = given[name];
        return [name, value !== undefined && filter.accepts(value) ? value : filter.initial(now)];
      }),
    );
  const fromAddress = (query: string, now: number): ShownList<Key> => {
    const address = readListAddress(query, spec);
    return { search: address.search, sort: address.sort ?? config.defaultSort, filters: filtersFrom(address.filters, now), page: address.page };
  };
  /** The address's query of what the list shows; what is at its default is left out, so a plain list has a plain address. */
  const addressOf = (shown: ShownList<Key>, now: number) =>
    writeListAddress({
      search: shown.search,
      sort: sameSort(shown.sort, config.defaultSort) ? null : shown.sort,
      page: shown.page,
      filters: Object.fromEntries(filterNames.map((name) => [name, shown.filters[name] === filterSpecs[name]!.initial(now) ? '' : shown.filters[name]!])),
    });
  return { fromAddress, addressOf };
}

/** Those of `states` that are named (their type still names them all, as `ready`'s substates do). */
function only<States extends object>(names: readonly string[], states: States): States {
  return Object.fromEntries(Object.entries(states).filter(([name]) => names.includes(name))) as States;
}

/**
 * The list kit's machine for lists loaded whole (salespersons, teams, customers,
 * activities): loaded once per visit (and again for another value of a filter
 * that loads, as a year), searched, filtered, sorted and paged by ten in the
 * browser, all of it kept in the address (written on every change, read when the
 * list opens or the address changes under it), so reload and share keep it. A
 * tenant without rows is its own state. A list that changes rows in place saves
 * one change at a time and puts a row back when its save fails; a list may let
 * rows be chosen, and load again behind the rows it shows.
 */
export function browserListMachine<Row, Key extends string>(config: BrowserListConfig<Row, Key>) {
  const filterSpecs = config.filters ?? {};
  const filterNames = Object.keys(filterSpecs);
  const loadingNames = filterNames.filter((name) => filterSpecs[name]!.loads);
  const idOf = config.idOf ?? (() => Number.NaN);
  const toggle = config.toggle ?? nextSort;

  const sortRows = (rows: readonly Row[], sort: ListSort<Key> | null): readonly Row[] => sortListRows(rows, sort, config);
  const view = (context: Pick<BrowserListContext<Row, Key>, 'sorted' | 'search' | 'filters' | 'now' | 'kept'>): readonly Row[] => {
    const needle = context.search.trim().toLowerCase();
    const shows = config.shows;
    if (needle === '' && !shows && context.kept.length === 0) return context.sorted;
    return context.sorted.filter(
      (row) =>
        context.kept.includes(idOf(row)) ||
        ((needle === '' || config.matches(row, needle)) && (!shows || shows(row, context.filters, context.now))),
    );
  };
  /** The change with the rows it leaves in view, and a page that still exists. */
  const withVisible = (context: BrowserListContext<Row, Key>, change: Partial<BrowserListContext<Row, Key>>) => {
    const next = { ...context, ...change };
    const sorted = 'rows' in change || 'sort' in change ? sortRows(next.rows, next.sort) : next.sorted;
    const visible = view({ ...next, sorted });
    return { ...change, sorted, visible, page: clampPage(next.page, visible.length) };
  };

  const { fromAddress, addressOf } = listAddressing(config);
  const loadsOther = (a: ListFilters, b: ListFilters) => loadingNames.some((name) => a[name] !== b[name]);
  const writeAddress = {
    type: 'writeAddress',
    params: ({ context }: { context: BrowserListContext<Row, Key> }) => ({ query: addressOf(context, context.now) }),
  } as const;

  const machineSetup = setup({
    types: {
      input: {} as BrowserListInput,
      context: {} as BrowserListContext<Row, Key>,
      events: {} as BrowserListEvent<Row, Key>,
      tags: {} as 'loading' | 'saving',
    },
    actors: {
      loadRows: fromPromise<readonly Row[], ListLoadRequest>(async () => {
        throw new Error('loadRows must be provided');
      }),
      saveRow: fromPromise<Row, { row: Row }>(async () => {
        throw new Error('saveRow must be provided');
      }),
      /** Sends clock.tick now and then; without one the time stays as given. */
      clock: fromCallback<BrowserListEvent<Row, Key>>(() => {}),
      keepAddress: addressKeeper.actor,
    },
    actions: {
      logError: (_, _params: { error: unknown }) => {},
      /** Asks the address keeper to show the list's query in the address. */
      writeAddress: sendTo('address', (_, params: { query: string }) => addressWrite(params.query)),
      acceptRows: assign(({ context }, params: { rows: readonly Row[] }) => {
        if (context.selected.size === 0) return withVisible(context, { rows: params.rows, kept: [] });
        const ids = new Set(params.rows.map(idOf));
        return withVisible(context, { rows: params.rows, kept: [], selected: new Set([...context.selected].filter((id) => ids.has(id))) });
      }),
      search: assign(({ context, event }) => {
        assertEvent(event, 'search.change');
        return withVisible(context, { search: event.value, kept: [], page: 1 });
      }),
      sort: assign(({ context, event }) => {
        assertEvent(event, 'sort.toggle');
        return withVisible(context, { sort: toggle(context.sort, event.key), page: 1 });
      }),
      chooseSort: assign(({ context, event }) => {
        assertEvent(event, 'sort.change');
        return withVisible(context, { sort: event.sort, page: 1 });
      }),
      chooseFilter: assign(({ context, event }) => {
        assertEvent(event, 'filter.change');
        return withVisible(context, { filters: { ...context.filters, [event.name]: event.value }, kept: [], page: 1 });
      }),
      openAddress: assign(({ context, event }) => {
        assertEvent(event, 'address.open');
        const shown = fromAddress(event.address, context.now);
        return withVisible(context, { ...shown, kept: [] });
      }),
      tick: assign(({ context, event }) => {
        assertEvent(event, 'clock.tick');
        return withVisible(context, { now: event.now });
      }),
      goToPage: assign(({ context, event }) => {
        assertEvent(event, 'page.go');
        return { page: clampPage(event.page, context.visible.length) };
      }),
      previousPage: assign(({ context }) => ({ page: context.page - 1 })),
      nextPage: assign(({ context }) => ({ page: context.page + 1 })),
      changeRow: assign(({ context, event }) => {
        assertEvent(event, 'row.save');
        const id = idOf(event.row);
        return withVisible(context, {
          rows: context.rows.map((row) => (idOf(row) === id ? event.row : row)),
          kept: context.kept.includes(id) ? context.kept : [...context.kept, id],
          pending: context.rows.find((row) => idOf(row) === id)!,
        });
      }),
      acceptSaved: assign(({ context }, params: { row: Row }) =>
        withVisible(context, { rows: context.rows.map((row) => (idOf(row) === idOf(params.row) ? params.row : row)), pending: null }),
      ),
      toggleSelection: assign(({ context, event }) => {
        assertEvent(event, 'selection.toggle');
        return { selected: toggledRow(context.selected, event.id) };
      }),
      togglePageSelection: assign(({ context }) => ({ selected: toggledPage(context.selected, currentPageRows(context).map(idOf)) })),
      restoreRow: assign(({ context }) => {
        const before = context.pending!;
        return withVisible(context, { rows: context.rows.map((row) => (idOf(row) === idOf(before) ? before : row)), pending: null });
      }),
    },
    guards: {
      isEmpty: (_, params: { rows: readonly Row[] }) => params.rows.length === 0,
      isListed: ({ context, event }) => {
        assertEvent(event, 'row.save');
        return context.rows.some((row) => idOf(row) === idOf(event.row));
      },
      isViewFilter: ({ event }) => {
        assertEvent(event, 'filter.change');
        const filter = filterSpecs[event.name];
        return filter !== undefined && !filter.loads && filter.accepts(event.value);
      },
      isLoadingFilter: ({ context, event }) => {
        assertEvent(event, 'filter.change');
        return filterSpecs[event.name]?.loads === true && filterSpecs[event.name]!.accepts(event.value) && context.filters[event.name] !== event.value;
      },
      isOtherAddress: ({ context, event }) => {
        assertEvent(event, 'address.open');
        return addressOf(fromAddress(event.address, context.now), context.now) !== addressOf(context, context.now);
      },
      isOtherLoad: ({ context, event }) => {
        assertEvent(event, 'address.open');
        return loadsOther(fromAddress(event.address, context.now).filters, context.filters);
      },
      hasPreviousPage: ({ context }) => context.page > 1,
      hasNextPage: ({ context }) => context.page < pageCount(context.visible.length),
    },
  });

  const loadInput = ({ context }: { context: BrowserListContext<Row, Key> }): ListLoadRequest => ({
    tenantId: context.tenantId,
    filters: Object.fromEntries(loadingNames.map((name) => [name, context.filters[name]!])),
  });
  const logError = { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;
  const acceptRows = { type: 'acceptRows', params: ({ event }: { event: { output: readonly Row[] } }) => ({ rows: event.output }) } as const;

  /** An address opened under the list: loaded anew when it names another value of a filter that loads. */
  const whenAddressOpens = [
    ...(loadingNames.length > 0 ? [{ guard: 'isOtherLoad', target: `#${config.id}.loading`, reenter: true, actions: 'openAddress' } as const] : []),
    { guard: 'isOtherAddress', actions: 'openAddress' } as const,
  ];

  const idle = machineSetup.createStateConfig({
    on: { 'row.save': config.savesRows ? { guard: 'isListed', target: 'saving', actions: 'changeRow' } : [] },
  });
  // One save at a time: changes wait, so two saves of one row never race.
  const saving = machineSetup.createStateConfig({
    tags: ['saving'],
    invoke: {
      src: 'saveRow',
      input: ({ context }) => ({ row: context.rows.find((row) => idOf(row) === idOf(context.pending!))! }),
      onDone: { target: 'idle', actions: { type: 'acceptSaved', params: ({ event }) => ({ row: event.output }) } },
      onError: { target: 'idle', actions: ['restoreRow', logError] },
    },
  });
  const reloading = machineSetup.createStateConfig({
    invoke: { src: 'loadRows', input: loadInput, onDone: { target: 'idle', actions: acceptRows }, onError: { target: 'idle', actions: logError } },
  });
  const substates = ['idle', ...(config.savesRows ? ['saving'] : []), ...(config.reloadsInPlace ? ['reloading'] : [])];

  return machineSetup.createMachine({
    id: config.id,
    context: ({ input }) => {
      const now = input.now ?? 0;
      return { tenantId: input.tenantId, now, rows: [], sorted: [], visible: [], kept: [], pending: null, selected: new Set<number>(), ...fromAddress(input.address, now) };
    },
    invoke: [addressKeeper.invoke, ...(config.ticks ? [{ src: 'clock' } as const] : [])],
    on: {
      'clock.tick': config.ticks ? { actions: 'tick' } : [],
      'filter.change': loadingNames.length > 0 ? { guard: 'isLoadingFilter', target: '.loading', actions: ['chooseFilter', writeAddress] } : [],
      // The search box is there before the rows are: what is typed while they load is kept and applied to them.
      'search.change': { actions: ['search', writeAddress] },
    },
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        // An address opened while the rows load (Back, a saved view's link) is what they open on.
        on: { 'address.open': whenAddressOpens },
        invoke: {
          src: 'loadRows',
          input: loadInput,
          onDone: [
            { guard: { type: 'isEmpty', params: ({ event }) => ({ rows: event.output }) }, target: 'empty' },
            { target: 'ready', actions: [acceptRows, writeAddress] },
          ],
          onError: { target: 'failed', actions: logError },
        },
      },
      ready: {
        on: {
          // A reload behind the rows starts over when asked again: the answer on its way may predate a change.
          retry: config.reloadsInPlace ? { target: '.reloading', reenter: true } : 'loading',
          'sort.toggle': { actions: ['sort', writeAddress] },
          'sort.change': { actions: ['chooseSort', writeAddress] },
          'filter.change': filterNames.length > loadingNames.length ? { guard: 'isViewFilter', actions: ['chooseFilter', writeAddress] } : [],
          'address.open': whenAddressOpens,
          'page.go': { actions: ['goToPage', writeAddress] },
          'page.previous': { guard: 'hasPreviousPage', actions: ['previousPage', writeAddress] },
          'page.next': { guard: 'hasNextPage', actions: ['nextPage', writeAddress] },
          'selection.toggle': config.choosesRows ? { actions: 'toggleSelection' } : [],
          'selection.page.toggle': config.choosesRows ? { actions: 'togglePageSelection' } : [],
        },
        // A list that saves rows (or else reloads in place) does so from `idle`; any other has
        // no substates (its type still names them: `listPhase` reads either).
        initial: config.savesRows || config.reloadsInPlace ? 'idle' : undefined,
        states: (config.savesRows || config.reloadsInPlace ? only(substates, { idle, saving, reloading }) : undefined)!,
      },
      empty: { on: { retry: 'loading' } },
      failed: { on: { retry: 'loading' } },
    },
  });
}

/** The states of a list machine's chart, as a larger machine's type knows them. */
interface ListChart {
  initial: 'loading';
  states: { loading: object; ready: { initial: 'idle'; states: { idle: object; saving: object; reloading: object } }; empty: object; failed: object };
}

/**
 * A list machine as one region of a larger machine (the user list beside its
 * modals): its chart, how its context starts, and its implementations for the
 * larger machine's `setup`, which declares again, typed, the ones its wiring provides.
 */
export function listRegion<Row, Key extends string>(machine: ReturnType<typeof browserListMachine<Row, Key>>) {
  const { id, invoke, on, initial, states } = machine.config;
  const start = machine.config.context as (args: { input: BrowserListInput }) => BrowserListContext<Row, Key>;
  return {
    // The region's transitions name the list's own actions, guards and actors, handed over below.
    chart: { id, invoke, on, initial, states } as unknown as ListChart,
    context: start,
    actors: machine.implementations.actors as Record<string, never>,
    actions: machine.implementations.actions as Record<string, never>,
    guards: machine.implementations.guards as Record<string, never>,
  };
}
