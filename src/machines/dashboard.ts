import { and, assertEvent, assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { addressKeeper, addressWrite } from './address-keeper.ts';
import { searchOfFilters, type DashboardFilters } from '../domain/dashboard/address.ts';
import {
  ALL_SALESPERSONS,
  type Bucket,
  type DayRecord,
  type Granularity,
  type OpportunityRecord,
  type PreparedOpportunities,
  type RangeTotals,
  bucketRevenue,
  prepareDays,
  prepareOpportunities,
  rangeTotals,
  sameRangeLastYear,
  sumsRawRevenue,
} from '../domain/revenue/index.ts';

/** What the dashboard shows: the three independent filters, also kept in the address. */
export type { DashboardFilters };

export interface DashboardInput {
  tenantId: number;
  /** Today on the local calendar: the default year and the end of the current year's buckets. */
  today: Date;
  /** Filters read from the address; any left out take their defaults. */
  initial?: Partial<DashboardFilters>;
  /**
   * Whether the API offers the days of a year (its optional part `day-totals`): then every
   * salesperson's chart and headline are drawn from them, and the year's opportunities
   * (the specification's analysis) follow in the background for one salesperson's.
   */
  fromDays?: boolean;
}

/** A choice of the salesperson dropdown. */
export interface SalespersonOption {
  id: number;
  name: string;
}

export interface DashboardContext {
  tenantId: number;
  today: Date;
  fromDays: boolean;
  filters: DashboardFilters;
  /** The selected year's opportunities, prepared once per load; null while loading. */
  opportunities: PreparedOpportunities | null;
  /** With the days of a year: the selected year's days, prepared as the opportunities are; null while loading or without. */
  days: PreparedOpportunities | null;
  /** With the days of a year: the year before's, for every salesperson's comparison. */
  lastYearDays: PreparedOpportunities | null;
  salespersons: readonly SalespersonOption[] | null;
  /**
   * The chart's bars for the loaded opportunities and the filters, recomputed
   * only when either changes, so the chart and table can subscribe to this one
   * reference. Empty while no opportunities are loaded.
   */
  buckets: readonly Bucket[];
  /** The same year's opportunities one year earlier, for the comparison; null while loading or when they could not be had. */
  lastYear: PreparedOpportunities | null;
  /** Whether last year's load has finished, well or not: the comparison is not worth holding the chart for. */
  lastYearSettled: boolean;
  /** The figures over the chart, recomputed with the buckets. */
  headline: Headline | null;
}

/** The figures over the chart: the range's totals both ways, and the same range last year. */
export interface Headline {
  totals: RangeTotals;
  /** Null while last year's opportunities load (see `comparing`) or when they could not be loaded. */
  lastYear: RangeTotals | null;
  /** Whether last year's opportunities are still on their way: they are asked for once the chart is drawn. */
  comparing: boolean;
  /** Whether the chart's bars (and so the comparison) weigh revenue by probability (spec section 9). */
  weighted: boolean;
}

export type DashboardEvent =
  | { type: 'filters.granularity.change'; granularity: Granularity }
  | { type: 'filters.year.change'; year: number }
  | { type: 'filters.salesperson.change'; salespersonId: number }
  | { type: 'retry' };

export interface LoadOpportunitiesInput {
  year: number;
  tenantId: number;
  /** Asked for behind a drawn chart (with the days of a year): wait until the chart is on screen. */
  behindChart?: boolean;
}

export interface LoadSalespersonsInput {
  tenantId: number;
}

/** The days of the selected year and of the year before, as the API sums them. */
export interface YearDays {
  year: readonly DayRecord[];
  lastYear: readonly DayRecord[];
}

export function defaultFilters(today: Date, initial: Partial<DashboardFilters> = {}): DashboardFilters {
  return {
    granularity: initial.granularity ?? 'week',
    year: initial.year ?? today.getFullYear(),
    salespersonId: initial.salespersonId ?? ALL_SALESPERSONS,
  };
}

type FigureSources = Pick<DashboardContext, 'opportunities' | 'days' | 'lastYear' | 'lastYearDays' | 'filters'>;

/**
 * What the selected year's figures are counted from: every salesperson's from the days
 * when there are, one salesperson's from the opportunities; null until those are loaded.
 */
function yearEntries(context: FigureSources): PreparedOpportunities | null {
  if (context.filters.salespersonId === ALL_SALESPERSONS && context.days !== null) return context.days;
  return context.opportunities;
}

/** The same for the year before, for the comparison. */
function lastYearEntries(context: FigureSources): PreparedOpportunities | null {
  if (context.filters.salespersonId === ALL_SALESPERSONS && context.lastYearDays !== null) return context.lastYearDays;
  return context.lastYear;
}

function bucketsOf(context: FigureSources & Pick<DashboardContext, 'today'>): readonly Bucket[] {
  const entries = yearEntries(context);
  if (entries === null) return [];
  return bucketRevenue(entries, { ...context.filters, today: context.today });
}

function weightedFor(filters: DashboardFilters): boolean {
  return !sumsRawRevenue(filters.granularity, filters.salespersonId);
}

function headlineOf(context: FigureSources & Pick<DashboardContext, 'lastYearSettled' | 'today'>): Headline | null {
  const entries = yearEntries(context);
  if (entries === null) return null;
  const range = { year: context.filters.year, salespersonId: context.filters.salespersonId, today: context.today };
  const lastYear = lastYearEntries(context);
  return {
    totals: rangeTotals(entries, range),
    lastYear: lastYear === null ? null : rangeTotals(lastYear, sameRangeLastYear(range)),
    comparing: lastYear === null && !context.lastYearSettled,
    weighted: weightedFor(context.filters),
  };
}

/** Nothing loaded: how the dashboard starts, and what it forgets on a new year or a failure. */
const NO_DATA = {
  opportunities: null,
  days: null,
  lastYearDays: null,
  salespersons: null,
  buckets: [],
  lastYear: null,
  lastYearSettled: false,
  headline: null,
} satisfies Omit<DashboardContext, 'tenantId' | 'today' | 'fromDays' | 'filters'>;

const selectedYear = ({ context }: { context: DashboardContext }): LoadOpportunitiesInput => ({
  year: context.filters.year,
  tenantId: context.tenantId,
});
const acceptDays = { type: 'acceptDays', params: ({ event }: { event: { output: YearDays } }) => ({ days: event.output }) } as const;
const acceptOpportunities = {
  type: 'acceptOpportunities',
  params: ({ event }: { event: { output: readonly OpportunityRecord[] } }) => ({ records: event.output }),
} as const;
const logError = { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;
/** A load the chart cannot be drawn without (the year's figures, the salespersons) failed. */
const loadFailed = { target: '#dashboard.failed', actions: logError } as const;

/**
 * The revenue dashboard. The filters are context, not parallel regions: year
 * and salesperson are open-ended values rather than a few states, and all
 * three feed one computation and one address, so they travel together.
 *
 * Loading fetches the year's opportunities and the salespersons side by side
 * on start and on every year change; the year before's (for the headline's
 * comparison) follows once the chart is ready. With the days of a year
 * (`fromDays`), loading fetches those instead of the opportunities: every
 * salesperson's views and headline come from them, and the year's
 * opportunities follow once the chart is ready, the year before's only when
 * one salesperson's comparison needs them. A year change re-enters `loading`, which
 * stops the running loads, so a late answer for the previous year is dropped.
 * Granularity and salesperson changes only recompute the buckets from the data
 * already loaded; one salesperson chosen before the year's opportunities have
 * arrived waits for them (`dashboardPhase`: waiting). A failed load is logged
 * only (spec section 8).
 */
export const dashboardMachine = setup({
  types: {
    input: {} as DashboardInput,
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(async () => {
      throw new Error('loadOpportunities must be provided');
    }),
    loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => {
      throw new Error('loadSalespersons must be provided');
    }),
    loadDays: fromPromise<YearDays, LoadOpportunitiesInput>(async () => {
      throw new Error('loadDays must be provided');
    }),
    keepAddress: addressKeeper.actor,
  },
  actions: {
    /** Dashboard fetch failures are logged only, with no message for the user. */
    logError: (_, _params: { error: unknown }) => {},
    /** Asks the address keeper to show the filters in the address. */
    publishFilters: sendTo('address', (_, params: { filters: DashboardFilters }) => addressWrite(searchOfFilters(params.filters))),
    setGranularity: assign(({ context, event }) => {
      assertEvent(event, 'filters.granularity.change');
      return { filters: { ...context.filters, granularity: event.granularity } };
    }),
    setSalesperson: assign(({ context, event }) => {
      assertEvent(event, 'filters.salesperson.change');
      return { filters: { ...context.filters, salespersonId: event.salespersonId } };
    }),
    setYear: assign(({ context, event }) => {
      assertEvent(event, 'filters.year.change');
      return { filters: { ...context.filters, year: event.year } };
    }),
    forgetData: assign(NO_DATA),
    acceptDays: assign((_, params: { days: YearDays }) => ({
      days: prepareDays(params.days.year),
      lastYearDays: prepareDays(params.days.lastYear),
    })),
    acceptOpportunities: assign((_, params: { records: readonly OpportunityRecord[] }) => ({
      opportunities: prepareOpportunities(params.records),
    })),
    acceptLastYear: assign((_, params: { records: readonly OpportunityRecord[] }) => ({
      lastYear: prepareOpportunities(params.records),
      lastYearSettled: true,
    })),
    doWithoutLastYear: assign({ lastYear: null, lastYearSettled: true }),
    acceptSalespersons: assign((_, params: { salespersons: readonly SalespersonOption[] }) => ({
      salespersons: params.salespersons.map(({ id, name }) => ({ id, name })),
    })),
    showAllSalespersons: assign(({ context }) => ({ filters: { ...context.filters, salespersonId: ALL_SALESPERSONS } })),
    recompute: assign(({ context }) => ({ buckets: bucketsOf(context), headline: headlineOf(context) })),
    /** Last year's answer changes the comparison only: the chart's bars stay as they are. */
    recomputeHeadline: assign(({ context }) => ({ headline: headlineOf(context) })),
    /** A granularity change moves no opportunity into or out of the range: the totals stay, only the weighting may change. */
    rebucket: assign(({ context }) => ({
      buckets: bucketsOf(context),
      headline: context.headline === null ? null : { ...context.headline, weighted: weightedFor(context.filters) },
    })),
  },
  guards: {
    fromDays: ({ context }) => context.fromDays,
    everythingLoaded: ({ context }) => (context.days ?? context.opportunities) !== null && context.salespersons !== null,
    noOpportunities: ({ context }) => (context.days ?? context.opportunities)?.count === 0,
    opportunitiesLoaded: ({ context }) => context.opportunities !== null,
    /** Every salesperson's figures come from the days: the opportunities arriving change none of them. */
    figuresFromDays: ({ context }) => context.filters.salespersonId === ALL_SALESPERSONS && context.days !== null,
    /** Last year's opportunities are needed for a comparison the days cannot give: one salesperson's, or any without days. */
    lastYearNeeded: ({ context }) => context.days === null || context.filters.salespersonId !== ALL_SALESPERSONS,
    /** An address can name a salesperson who is not (or no longer) in the list. */
    selectedSalespersonMissing: ({ context }, params: { salespersons: readonly SalespersonOption[] }) =>
      context.filters.salespersonId !== ALL_SALESPERSONS &&
      !params.salespersons.some((person) => person.id === context.filters.salespersonId),
  },
}).createMachine({
  id: 'dashboard',
  invoke: addressKeeper.invoke,
  context: ({ input }) => ({
    tenantId: input.tenantId,
    today: input.today,
    fromDays: input.fromDays ?? false,
    filters: defaultFilters(input.today, input.initial),
    ...NO_DATA,
  }),
  initial: 'loading',
  on: {
    'filters.granularity.change': {
      actions: [
        'setGranularity',
        'rebucket',
        { type: 'publishFilters', params: ({ context }) => ({ filters: context.filters }) },
      ],
    },
    'filters.salesperson.change': {
      actions: [
        'setSalesperson',
        'recompute',
        { type: 'publishFilters', params: ({ context }) => ({ filters: context.filters }) },
      ],
    },
    'filters.year.change': {
      // Targeting the child from the root exits and re-enters it even when it
      // is already active, which stops the loads for the previous year.
      target: '.loading',
      actions: ['setYear', { type: 'publishFilters', params: ({ context }) => ({ filters: context.filters }) }],
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'forgetData',
      initial: 'choosingSource',
      states: {
        choosingSource: {
          always: [{ guard: 'fromDays', target: 'days' }, { target: 'opportunities' }],
        },
        // The year's figures from one source or the other: the actor and what its answer becomes differ.
        days: {
          invoke: { id: 'loadDays', src: 'loadDays', input: selectedYear, onDone: { actions: [acceptDays, 'recompute'] }, onError: loadFailed },
        },
        opportunities: {
          invoke: { id: 'loadOpportunities', src: 'loadOpportunities', input: selectedYear, onDone: { actions: [acceptOpportunities, 'recompute'] }, onError: loadFailed },
        },
      },
      invoke: [
        {
          id: 'loadSalespersons',
          src: 'loadSalespersons',
          input: ({ context }) => ({ tenantId: context.tenantId }),
          onDone: [
            {
              // The dropdown cannot show an unknown salesperson, so the view falls back to All.
              guard: { type: 'selectedSalespersonMissing', params: ({ event }) => ({ salespersons: event.output }) },
              actions: [
                { type: 'acceptSalespersons', params: ({ event }) => ({ salespersons: event.output }) },
                'showAllSalespersons',
                'recompute',
                { type: 'publishFilters', params: ({ context }) => ({ filters: context.filters }) },
              ],
            },
            { actions: { type: 'acceptSalespersons', params: ({ event }) => ({ salespersons: event.output }) } },
          ],
          onError: loadFailed,
        },
      ],
      always: [
        { guard: and(['everythingLoaded', 'noOpportunities']), target: 'empty' },
        { guard: 'everythingLoaded', target: 'ready' },
      ],
    },
    ready: {
      tags: ['ready'],
      initial: 'choosingNext',
      states: {
        choosingNext: {
          always: [{ guard: 'opportunitiesLoaded', target: 'comparison' }, { target: 'opportunities' }],
        },
        // With the days: the chart is drawn, now the year's opportunities, for one salesperson's views.
        opportunities: {
          tags: ['loadingOpportunities'],
          invoke: {
            id: 'loadOpportunities',
            src: 'loadOpportunities',
            input: ({ context }) => ({ year: context.filters.year, tenantId: context.tenantId, behindChart: true }),
            onDone: [
              {
                guard: 'figuresFromDays',
                target: 'comparison',
                actions: acceptOpportunities,
              },
              {
                target: 'comparison',
                actions: [acceptOpportunities, 'recompute'],
              },
            ],
            onError: { target: 'opportunitiesFailed', actions: logError },
          },
        },
        opportunitiesFailed: {
          tags: ['opportunitiesFailed'],
          on: { retry: 'opportunities' },
        },
        comparison: {
          initial: 'waiting',
          states: {
            // Only now, not beside this year's: on a slow line the two answers would share it and the
            // chart would wait for both. With the days, every salesperson's comparison needs none.
            waiting: {
              always: { guard: 'lastYearNeeded', target: 'loading' },
            },
            loading: {
              invoke: {
                id: 'loadLastYear',
                src: 'loadOpportunities',
                input: ({ context }) => ({ year: context.filters.year - 1, tenantId: context.tenantId }),
                onDone: {
                  target: 'settled',
                  actions: [{ type: 'acceptLastYear', params: ({ event }) => ({ records: event.output }) }, 'recomputeHeadline'],
                },
                // Without last year the chart still tells this year's truth; the comparison is left out.
                onError: {
                  target: 'settled',
                  actions: ['doWithoutLastYear', 'recomputeHeadline', logError],
                },
              },
            },
            settled: {},
          },
        },
      },
    },
    empty: {
      tags: ['empty'],
    },
    failed: {
      tags: ['failed'],
      // Half a load is no basis for a chart.
      entry: 'forgetData',
      on: { 'retry': 'loading' },
    },
  },
});

type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/**
 * What the screen shows: the load, the figures, no data, a failure, or (with the days)
 * one salesperson's figures waiting for the year's opportunities. A failure to load
 * those counts as a failure only once someone asks for one salesperson's figures.
 */
export type DashboardPhase = 'loading' | 'ready' | 'waiting' | 'empty' | 'failed';

export function dashboardPhase(snapshot: DashboardSnapshot): DashboardPhase {
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('empty')) return 'empty';
  if (snapshot.hasTag('failed')) return 'failed';
  if (yearEntries(snapshot.context) !== null) return 'ready';
  return snapshot.hasTag('opportunitiesFailed') ? 'failed' : 'waiting';
}
