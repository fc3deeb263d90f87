import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  ALL_SALESPERSONS,
  type Bucket,
  type Granularity,
  type OpportunityRecord,
  type PreparedOpportunities,
  type RangeTotals,
  bucketRevenue,
  prepareOpportunities,
  rangeTotals,
  sameRangeLastYear,
  sumsRawRevenue,
} from '../domain/revenue/index.ts';

/** What the dashboard shows: the three independent filters, also kept in the address. */
export interface DashboardFilters {
  granularity: Granularity;
  year: number;
  /** One salesperson's id, or 0 for All. */
  salespersonId: number;
}

export interface DashboardInput {
  tenantId: number;
  /** Today on the local calendar: the default year and the end of the current year's buckets. */
  today: Date;
  /** Filters read from the address; any left out take their defaults. */
  initial?: Partial<DashboardFilters>;
}

/** A choice of the salesperson dropdown. */
export interface SalespersonOption {
  id: number;
  name: string;
}

export interface DashboardContext {
  tenantId: number;
  today: Date;
  filters: DashboardFilters;
  /** The selected year's opportunities, prepared once per load; null while loading. */
  opportunities: PreparedOpportunities | null;
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
}

export interface LoadSalespersonsInput {
  tenantId: number;
}

export function defaultFilters(today: Date, initial: Partial<DashboardFilters> = {}): DashboardFilters {
  return {
    granularity: initial.granularity ?? 'week',
    year: initial.year ?? today.getFullYear(),
    salespersonId: initial.salespersonId ?? ALL_SALESPERSONS,
  };
}

function bucketsOf(context: Pick<DashboardContext, 'opportunities' | 'filters' | 'today'>): readonly Bucket[] {
  if (context.opportunities === null) return [];
  return bucketRevenue(context.opportunities, { ...context.filters, today: context.today });
}

function weightedFor(filters: DashboardFilters): boolean {
  return !sumsRawRevenue(filters.granularity, filters.salespersonId);
}

function headlineOf(context: Pick<DashboardContext, 'opportunities' | 'lastYear' | 'lastYearSettled' | 'filters' | 'today'>): Headline | null {
  if (context.opportunities === null) return null;
  const range = { year: context.filters.year, salespersonId: context.filters.salespersonId, today: context.today };
  return {
    totals: rangeTotals(context.opportunities, range),
    lastYear: context.lastYear === null ? null : rangeTotals(context.lastYear, sameRangeLastYear(range)),
    comparing: !context.lastYearSettled,
    weighted: weightedFor(context.filters),
  };
}

/**
 * The revenue dashboard. The filters are context, not parallel regions: year
 * and salesperson are open-ended values rather than a few states, and all
 * three feed one computation and one address, so they travel together.
 *
 * Loading fetches the year's opportunities and the salespersons side by side
 * on start and on every year change; the year before's (for the headline's
 * comparison) follows once the chart is ready. A year change re-enters `loading`, which
 * stops the running loads, so a late answer for the previous year is dropped.
 * Granularity and salesperson changes only recompute the buckets from the data
 * already loaded. A failed load is logged only (spec section 8).
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
  },
  actions: {
    /** Dashboard fetch failures are logged only, with no message for the user. */
    logError: (_, _params: { error: unknown }) => {},
    /** Lets the screen keep the address in step with the filters. */
    publishFilters: (_, _params: { filters: DashboardFilters }) => {},
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
    forgetData: assign({ opportunities: null, salespersons: null, buckets: [], lastYear: null, lastYearSettled: false, headline: null }),
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
    everythingLoaded: ({ context }) => context.opportunities !== null && context.salespersons !== null,
    noOpportunities: ({ context }) => context.opportunities?.count === 0,
    /** An address can name a salesperson who is not (or no longer) in the list. */
    selectedSalespersonMissing: ({ context }, params: { salespersons: readonly SalespersonOption[] }) =>
      context.filters.salespersonId !== ALL_SALESPERSONS &&
      !params.salespersons.some((person) => person.id === context.filters.salespersonId),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    tenantId: input.tenantId,
    today: input.today,
    filters: defaultFilters(input.today, input.initial),
    opportunities: null,
    salespersons: null,
    buckets: [],
    lastYear: null,
    lastYearSettled: false,
    headline: null,
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
      invoke: [
        {
          id: 'loadOpportunities',
          src: 'loadOpportunities',
          input: ({ context }) => ({ year: context.filters.year, tenantId: context.tenantId }),
          onDone: {
            actions: [{ type: 'acceptOpportunities', params: ({ event }) => ({ records: event.output }) }, 'recompute'],
          },
          onError: {
            target: 'failed',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          },
        },
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
          onError: {
            target: 'failed',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      ],
      always: [
        { guard: and(['everythingLoaded', 'noOpportunities']), target: 'empty' },
        { guard: 'everythingLoaded', target: 'ready' },
      ],
    },
    ready: {
      tags: ['ready'],
      // Only now, not beside this year's: on a slow line the two answers would share it and the
      // chart would wait for both. The comparison is not worth holding the chart for.
      invoke: {
        id: 'loadLastYear',
        src: 'loadOpportunities',
        input: ({ context }) => ({ year: context.filters.year - 1, tenantId: context.tenantId }),
        onDone: {
          actions: [{ type: 'acceptLastYear', params: ({ event }) => ({ records: event.output }) }, 'recomputeHeadline'],
        },
        // Without last year the chart still tells this year's truth; the comparison is left out.
        onError: {
          actions: ['doWithoutLastYear', 'recomputeHeadline', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
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
