import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type LoadOpportunitiesInput,
  type LoadSalespersonsInput,
  type SalespersonOption,
  type YearDays,
  dashboardMachine,
  dashboardPhase,
} from '../../../src/machines/dashboard.ts';
import { type OpportunityRecord, bucketRevenue, prepareOpportunities, rangeTotals, sameRangeLastYear } from '../../../src/domain/revenue/index.ts';
import { daysAsTheServerSumsThem } from '../../support/revenue-reference.ts';
import { type Deferred, deferred } from '../../support/deferred.ts';
import { opportunitiesOf as fixtures, salespersons, tenantId, today } from '../../support/dashboard-fixtures.ts';

/**
 * The dashboard against an API with the days of a year (the optional part `day-totals`):
 * every salesperson's views from the days, the year's opportunities after the chart.
 */
// Two opportunities on one day in 2026, as a day's sums hold them.
const opportunitiesOf: Record<number, OpportunityRecord[]> = {
  ...fixtures,
  2026: [...fixtures[2026]!, { created_date: '2026-01-02T13:00:00.000Z', revenue: 30.5, probability: 70, salesperson_id: 2 }],
};

const daysOf = (year: number): YearDays => ({
  year: daysAsTheServerSumsThem(opportunitiesOf[year] ?? []),
  lastYear: daysAsTheServerSumsThem(opportunitiesOf[year - 1] ?? []),
});

const rowBuckets = (year: number, granularity: 'week' | 'month' | 'year', salespersonId: number) =>
  bucketRevenue(prepareOpportunities(opportunitiesOf[year] ?? []), { granularity, year, salespersonId, today });

/** Answers by year that the test gives when it likes: each request gets a new one, `of` the latest. */
function heldAnswers<T>() {
  const latest = new Map<number, { answer: Deferred<T>; taken: boolean }>();
  const of = (year: number) => {
    const entry = latest.get(year) ?? { answer: deferred<T>(), taken: false };
    latest.set(year, entry);
    return entry;
  };
  return {
    take(year: number): Promise<T> {
      const entry = of(year).taken ? { answer: deferred<T>(), taken: false } : of(year);
      entry.taken = true;
      latest.set(year, entry);
      return entry.answer.promise;
    },
    of: (year: number) => of(year).answer,
  };
}

/** Loaders whose answers the test hands out one by one, recording every request in order. */
function heldLoaders() {
  const asked: string[] = [];
  const analyses = heldAnswers<readonly OpportunityRecord[]>();
  const days = heldAnswers<YearDays>();
  const machine = dashboardMachine.provide({
    actors: {
      loadDays: fromPromise<YearDays, LoadOpportunitiesInput>(({ input }) => {
        asked.push(`days ${input.year}`);
        return days.take(input.year);
      }),
      loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(({ input }) => {
        asked.push(`analysis ${input.year}`);
        return analyses.take(input.year);
      }),
      loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => {
        asked.push('salespersons');
        return salespersons;
      }),
    },
  });
  return { machine, asked, analysisOf: analyses.of, daysFor: days.of };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('dashboard machine with the days of a year', () => {
  test("draws every salesperson's chart and headline from the days, then asks for the year's analysis, and only then", async () => {
    const { machine, asked, analysisOf, daysFor } = heldLoaders();
    const actor = createActor(machine, { input: { tenantId, today, fromDays: true } }).start();
    await settle();
    expect(asked).toEqual(['salespersons', 'days 2026']);

    daysFor(2026).resolve(daysOf(2026));
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(dashboardPhase(actor.getSnapshot())).toBe('ready');
    const { context } = actor.getSnapshot();
    expect(context.buckets).toEqual(rowBuckets(2026, 'week', 0));
    const range = { year: 2026, salespersonId: 0, today };
    expect(context.headline).toEqual({
      totals: rangeTotals(prepareOpportunities(opportunitiesOf[2026]!), range),
      lastYear: rangeTotals(prepareOpportunities(opportunitiesOf[2025]!), sameRangeLastYear(range)),
      comparing: false,
      weighted: true,
    });
    // The analysis is asked for once the chart can be drawn, never beside the days.
    expect(asked).toEqual(['salespersons', 'days 2026', 'analysis 2026']);

    actor.send({ type: 'filters.granularity.change', granularity: 'month' });
    expect(actor.getSnapshot().context.buckets).toEqual(rowBuckets(2026, 'month', 0));
    const buckets = actor.getSnapshot().context.buckets;

    analysisOf(2026).resolve(opportunitiesOf[2026]!);
    await waitFor(actor, (s) => s.context.opportunities !== null);
    await settle();
    // The opportunities arriving redraw no bar of every salesperson's views, and last year's are not needed for them.
    expect(actor.getSnapshot().context.buckets).toBe(buckets);
    expect(asked).toEqual(['salespersons', 'days 2026', 'analysis 2026']);

    actor.send({ type: 'filters.salesperson.change', salespersonId: 2 });
    expect(actor.getSnapshot().context.buckets).toEqual(rowBuckets(2026, 'month', 2));
    expect(actor.getSnapshot().context.headline).toMatchObject({ comparing: true, lastYear: null });
    await settle();
    // One salesperson's comparison needs last year's opportunities: asked for now, once.
    expect(asked).toEqual(['salespersons', 'days 2026', 'analysis 2026', 'analysis 2025']);
    analysisOf(2025).resolve(opportunitiesOf[2025]!);
    await waitFor(actor, (s) => s.context.headline?.comparing === false);
    expect(actor.getSnapshot().context.headline?.lastYear).toEqual(
      rangeTotals(prepareOpportunities(opportunitiesOf[2025]!), sameRangeLastYear({ ...range, salespersonId: 2 })),
    );
    actor.send({ type: 'filters.salesperson.change', salespersonId: 0 });
    actor.send({ type: 'filters.salesperson.change', salespersonId: 1 });
    await settle();
    expect(asked).toHaveLength(4);
  });

  test('a salesperson chosen before the analysis arrives waits for it, named, and is drawn from it', async () => {
    const { machine, analysisOf, daysFor } = heldLoaders();
    const actor = createActor(machine, { input: { tenantId, today, fromDays: true } }).start();
    daysFor(2026).resolve(daysOf(2026));
    await waitFor(actor, (s) => s.hasTag('ready'));

    actor.send({ type: 'filters.salesperson.change', salespersonId: 1 });
    expect(dashboardPhase(actor.getSnapshot())).toBe('waiting');
    expect(actor.getSnapshot().context.buckets).toEqual([]);
    expect(actor.getSnapshot().context.headline).toBeNull();
    // Back to All: the days answer at once.
    actor.send({ type: 'filters.salesperson.change', salespersonId: 0 });
    expect(dashboardPhase(actor.getSnapshot())).toBe('ready');
    actor.send({ type: 'filters.salesperson.change', salespersonId: 1 });

    analysisOf(2026).resolve(opportunitiesOf[2026]!);
    await waitFor(actor, (s) => dashboardPhase(s) === 'ready');
    expect(actor.getSnapshot().context.buckets).toEqual(rowBuckets(2026, 'week', 1));
  });

  test('an address naming a salesperson waits for the analysis on arrival', async () => {
    const { machine, asked, analysisOf, daysFor } = heldLoaders();
    const initial = { granularity: 'month', salespersonId: 2 } as const;
    const actor = createActor(machine, { input: { tenantId, today, fromDays: true, initial } }).start();
    daysFor(2026).resolve(daysOf(2026));
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(dashboardPhase(actor.getSnapshot())).toBe('waiting');
    expect(asked).toEqual(['salespersons', 'days 2026', 'analysis 2026']);
    analysisOf(2026).resolve(opportunitiesOf[2026]!);
    await waitFor(actor, (s) => dashboardPhase(s) === 'ready');
    expect(actor.getSnapshot().context.buckets).toEqual(rowBuckets(2026, 'month', 2));
  });

  test("the analysis failing in the background leaves every salesperson's views; one salesperson's fail, logged, and can be retried", async () => {
    const logError = vi.fn();
    const { machine, asked, analysisOf, daysFor } = heldLoaders();
    const actor = createActor(machine.provide({ actions: { logError: (_, { error }) => logError(error) } }), {
      input: { tenantId, today, fromDays: true },
    }).start();
    daysFor(2026).resolve(daysOf(2026));
    await waitFor(actor, (s) => s.hasTag('ready'));
    analysisOf(2026).reject(new Error('502'));
    await waitFor(actor, (s) => s.hasTag('opportunitiesFailed'));
    expect(logError).toHaveBeenCalledExactlyOnceWith(new Error('502'));
    expect(dashboardPhase(actor.getSnapshot())).toBe('ready');

    actor.send({ type: 'filters.salesperson.change', salespersonId: 2 });
    expect(dashboardPhase(actor.getSnapshot())).toBe('failed');
    const before = asked.length;
    actor.send({ type: 'retry' });
    expect(dashboardPhase(actor.getSnapshot())).toBe('waiting');
    expect(asked.slice(before)).toEqual(['analysis 2026']);
    analysisOf(2026).resolve(opportunitiesOf[2026]!);
    await waitFor(actor, (s) => dashboardPhase(s) === 'ready');
    expect(actor.getSnapshot().context.buckets).toEqual(rowBuckets(2026, 'week', 2));
  });

  test('the days failing fail the load, logged only, and a retry asks for the days again', async () => {
    const logError = vi.fn();
    const { machine, asked, daysFor } = heldLoaders();
    const actor = createActor(machine.provide({ actions: { logError: (_, { error }) => logError(error) } }), {
      input: { tenantId, today, fromDays: true },
    }).start();
    daysFor(2026).reject(new Error('offline'));
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(dashboardPhase(actor.getSnapshot())).toBe('failed');
    expect(logError).toHaveBeenCalledExactlyOnceWith(new Error('offline'));
    actor.send({ type: 'retry' });
    await settle();
    expect(asked.filter((call) => call.startsWith('days'))).toEqual(['days 2026', 'days 2026']);
    expect(asked.filter((call) => call.startsWith('analysis'))).toEqual([]);
  });

  test('a year without opportunities is the empty state, and no analysis is asked for', async () => {
    const { machine, asked, daysFor } = heldLoaders();
    const actor = createActor(machine, { input: { tenantId, today, fromDays: true, initial: { year: 2025 } } }).start();
    daysFor(2025).resolve({ year: [], lastYear: [] });
    await waitFor(actor, (s) => s.hasTag('empty'));
    await settle();
    expect(asked).toEqual(['salespersons', 'days 2025']);
  });

  test('a year change drops the old days and analysis and loads the new days', async () => {
    const { machine, asked, analysisOf, daysFor } = heldLoaders();
    const actor = createActor(machine, { input: { tenantId, today, fromDays: true } }).start();
    daysFor(2026).resolve(daysOf(2026));
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'filters.year.change', year: 2025 });
    analysisOf(2026).resolve([...opportunitiesOf[2026]!, ...opportunitiesOf[2026]!]);
    daysFor(2025).resolve(daysOf(2025));
    await waitFor(actor, (s) => s.hasTag('ready'));
    await settle();
    expect(actor.getSnapshot().context.opportunities).toBeNull();
    expect(actor.getSnapshot().context.buckets).toEqual(rowBuckets(2025, 'week', 0));
    expect(asked).toEqual(['salespersons', 'days 2026', 'analysis 2026', 'salespersons', 'days 2025', 'analysis 2025']);
  });
});
