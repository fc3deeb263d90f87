import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type DashboardFilters,
  type LoadOpportunitiesInput,
  type LoadSalespersonsInput,
  type SalespersonOption,
  dashboardMachine,
} from '../../../src/machines/dashboard.ts';
import { type OpportunityRecord, bucketRevenue, prepareOpportunities, rangeTotals, sameRangeLastYear } from '../../../src/domain/revenue/index.ts';
import { type Deferred, deferred } from '../../support/deferred.ts';

import { opportunitiesOf, salespersons, tenantId, today } from '../../support/dashboard-fixtures.ts';

const expectedBuckets = (year: number, filters: Omit<DashboardFilters, 'year'>) =>
  bucketRevenue(prepareOpportunities(opportunitiesOf[year]!), { ...filters, year, today });

/** Loaders that answer at once from the fixed data, counting every request. */
function answeringLoaders() {
  const opportunityRequests: LoadOpportunitiesInput[] = [];
  const salespersonRequests: LoadSalespersonsInput[] = [];
  const machine = dashboardMachine.provide({
    actors: {
      loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(async ({ input }) => {
        opportunityRequests.push(input);
        return opportunitiesOf[input.year] ?? [];
      }),
      loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async ({ input }) => {
        salespersonRequests.push(input);
        return salespersons;
      }),
    },
  });
  return { machine, opportunityRequests, salespersonRequests };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('dashboard machine', () => {
  test("the headline gives the range's totals both ways, the count, and last year's same range, weighted or not as the chart is", async () => {
    const { machine } = answeringLoaders();
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    await waitFor(actor, (s) => s.hasTag('ready') && s.context.headline?.comparing === false);
    const prepared = prepareOpportunities(opportunitiesOf[2026] ?? []);
    const lastYear = prepareOpportunities(opportunitiesOf[2025] ?? []);
    const range = { year: 2026, salespersonId: 0, today };
    expect(actor.getSnapshot().context.headline).toEqual({
      totals: rangeTotals(prepared, range),
      lastYear: rangeTotals(lastYear, sameRangeLastYear(range)),
      comparing: false,
      weighted: true,
    });
    const { totals } = actor.getSnapshot().context.headline!;
    actor.send({ type: 'filters.granularity.change', granularity: 'month' });
    expect(actor.getSnapshot().context.headline?.weighted).toBe(false);
    // The range is the same, so its totals are kept rather than added up again.
    expect(actor.getSnapshot().context.headline?.totals).toBe(totals);
    actor.send({ type: 'filters.salesperson.change', salespersonId: 2 });
    expect(actor.getSnapshot().context.headline).toMatchObject({ weighted: true, totals: rangeTotals(prepared, { ...range, salespersonId: 2 }) });
  });

  test("last year is asked for only once this year's answer is in, and the chart does not wait for it", async () => {
    const answers: Record<number, Deferred<readonly OpportunityRecord[]>> = { 2026: deferred(), 2025: deferred() };
    const asked: number[] = [];
    const machine = dashboardMachine.provide({
      actors: {
        loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(({ input }) => {
          asked.push(input.year);
          return answers[input.year]!.promise;
        }),
        loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => salespersons),
      },
    });
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    await settle();
    // On a slow line two answers share it: this year's alone comes sooner.
    expect(asked).toEqual([2026]);
    answers[2026]!.resolve(opportunitiesOf[2026]!);
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2026, { granularity: 'week', salespersonId: 0 }));
    expect(actor.getSnapshot().context.headline).toMatchObject({ comparing: true, lastYear: null });
    expect(asked).toEqual([2026, 2025]);
    const buckets = actor.getSnapshot().context.buckets;
    answers[2025]!.resolve(opportunitiesOf[2025]!);
    await waitFor(actor, (s) => s.context.headline?.comparing === false);
    expect(actor.getSnapshot().context.headline?.lastYear).not.toBeNull();
    // The comparison arriving redraws no bar.
    expect(actor.getSnapshot().context.buckets).toBe(buckets);
  });

  test("last year's load failing leaves the chart and drops only the comparison", async () => {
    const logError = vi.fn();
    const machine = dashboardMachine.provide({
      actors: {
        loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(async ({ input }) => {
          if (input.year === 2025) throw new Error('unavailable');
          return opportunitiesOf[input.year] ?? [];
        }),
        loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => salespersons),
      },
      actions: { logError: (_, { error }) => logError(error) },
    });
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    await waitFor(actor, (s) => s.hasTag('ready') && s.context.headline?.comparing === false);
    expect(actor.getSnapshot().context.headline?.lastYear).toBeNull();
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2026, { granularity: 'week', salespersonId: 0 }));
    expect(logError).toHaveBeenCalledOnce();
  });

  test('on start it loads the current year and the salespersons, then shows weekly buckets for All', async () => {
    const { machine, opportunityRequests, salespersonRequests } = answeringLoaders();
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);

    await waitFor(actor, (s) => s.hasTag('ready'));
    const { context } = actor.getSnapshot();
    // The year, and the year before for the headline's comparison.
    expect(opportunityRequests).toEqual([{ year: 2026, tenantId }, { year: 2025, tenantId }]);
    expect(salespersonRequests).toEqual([{ tenantId }]);
    expect(context.filters).toEqual({ granularity: 'week', year: 2026, salespersonId: 0 });
    expect(context.salespersons).toEqual(salespersons);
    expect(context.buckets).toEqual(expectedBuckets(2026, { granularity: 'week', salespersonId: 0 }));
  });

  test('it starts from the filters read from the address', async () => {
    const { machine, opportunityRequests } = answeringLoaders();
    const initial = { granularity: 'month', year: 2025, salespersonId: 2 } as const;
    const actor = createActor(machine, { input: { tenantId, today, initial } }).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(opportunityRequests).toEqual([{ year: 2025, tenantId }, { year: 2024, tenantId }]);
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2025, { granularity: 'month', salespersonId: 2 }));
  });

  test('changing granularity or salesperson recomputes from the loaded data with no request', async () => {
    const { machine, opportunityRequests, salespersonRequests } = answeringLoaders();
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    await waitFor(actor, (s) => s.hasTag('ready'));

    actor.send({ type: 'filters.granularity.change', granularity: 'month' });
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2026, { granularity: 'month', salespersonId: 0 }));
    actor.send({ type: 'filters.salesperson.change', salespersonId: 2 });
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2026, { granularity: 'month', salespersonId: 2 }));
    actor.send({ type: 'filters.granularity.change', granularity: 'year' });
    expect(actor.getSnapshot().context.buckets).toEqual([expect.objectContaining({ label: '2026', revenue: 400 })]);

    await settle();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(opportunityRequests).toHaveLength(2);
    expect(salespersonRequests).toHaveLength(1);
  });

  test('changing the year loads that year and the salespersons again', async () => {
    const { machine, opportunityRequests, salespersonRequests } = answeringLoaders();
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    await waitFor(actor, (s) => s.hasTag('ready'));

    actor.send({ type: 'filters.year.change', year: 2025 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.buckets).toEqual([]);
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(opportunityRequests).toEqual([
      { year: 2026, tenantId },
      { year: 2025, tenantId },
      { year: 2025, tenantId },
      { year: 2024, tenantId },
    ]);
    expect(salespersonRequests).toHaveLength(2);
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2025, { granularity: 'week', salespersonId: 0 }));
  });

  test('a year change during a load wins: the late answer for the old year never shows', async () => {
    const answers = { 2025: deferred<OpportunityRecord[]>(), 2026: deferred<OpportunityRecord[]>() };
    const machine = dashboardMachine.provide({
      actors: {
        loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(
          ({ input }) => answers[input.year as 2025 | 2026].promise,
        ),
        loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => salespersons),
      },
    });
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    const seen: Array<number | null> = [];
    actor.subscribe((s) => seen.push(s.context.opportunities?.count ?? null));

    actor.send({ type: 'filters.year.change', year: 2025 });
    answers[2025].resolve(opportunitiesOf[2025]!);
    await waitFor(actor, (s) => s.hasTag('ready'));
    answers[2026].resolve([...opportunitiesOf[2026]!, ...opportunitiesOf[2026]!]);
    await settle();

    const { context } = actor.getSnapshot();
    expect(context.filters.year).toBe(2025);
    expect(context.buckets).toEqual(expectedBuckets(2025, { granularity: 'week', salespersonId: 0 }));
    // The 2026 answer had four records; no snapshot ever held it.
    expect(seen).not.toContain(4);
  });

  test('an old answer arriving while the new year still loads is dropped too', async () => {
    const answers = { 2025: deferred<OpportunityRecord[]>(), 2026: deferred<OpportunityRecord[]>() };
    const machine = dashboardMachine.provide({
      actors: {
        loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(
          ({ input }) => answers[input.year as 2025 | 2026].promise,
        ),
        loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => salespersons),
      },
    });
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    actor.send({ type: 'filters.year.change', year: 2025 });

    answers[2026].resolve(opportunitiesOf[2026]!);
    await settle();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.opportunities).toBeNull();

    answers[2025].resolve(opportunitiesOf[2025]!);
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2025, { granularity: 'week', salespersonId: 0 }));
  });

  test('a failed load is logged only, shows the failed state, and can be retried', async () => {
    const logError = vi.fn();
    const publishFilters = vi.fn();
    let attempts = 0;
    const failure = new Error('502 Bad Gateway');
    const machine = dashboardMachine.provide({
      actors: {
        loadOpportunities: fromPromise<readonly OpportunityRecord[], LoadOpportunitiesInput>(async ({ input }) => {
          attempts += 1;
          if (attempts === 1) throw failure;
          return opportunitiesOf[input.year]!;
        }),
        loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => salespersons),
      },
      actions: {
        logError: (_, params) => logError(params.error),
        publishFilters: (_, params) => publishFilters(params.filters),
      },
    });
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(logError).toHaveBeenCalledExactlyOnceWith(failure);
    expect(actor.getSnapshot().context.buckets).toEqual([]);

    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2026, { granularity: 'week', salespersonId: 0 }));
    expect(logError).toHaveBeenCalledTimes(1);
    expect(publishFilters).not.toHaveBeenCalled();
  });

  test('a failing salesperson list fails the load as well', async () => {
    const logError = vi.fn();
    const machine = answeringLoaders().machine.provide({
      actors: {
        loadSalespersons: fromPromise<readonly SalespersonOption[], LoadSalespersonsInput>(async () => {
          throw new Error('offline');
        }),
      },
      actions: { logError: (_, params) => logError(params.error) },
    });
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(logError).toHaveBeenCalledExactlyOnceWith(new Error('offline'));
  });

  test('a year without opportunities is the empty state', async () => {
    const { machine } = answeringLoaders();
    const actor = createActor(machine, { input: { tenantId, today, initial: { year: 2024 } } }).start();
    await waitFor(actor, (s) => s.hasTag('empty'));
    expect(actor.getSnapshot().context.salespersons).toEqual(salespersons);
  });

  test('every filter change is published so the address can follow it', async () => {
    const publishFilters = vi.fn();
    const machine = answeringLoaders().machine.provide({
      actions: { publishFilters: (_, params) => publishFilters(params.filters) },
    });
    const actor = createActor(machine, { input: { tenantId, today } }).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    actor.send({ type: 'filters.granularity.change', granularity: 'month' });
    actor.send({ type: 'filters.year.change', year: 2025 });
    actor.send({ type: 'filters.salesperson.change', salespersonId: 1 });
    expect(publishFilters.mock.calls).toEqual([
      [{ granularity: 'month', year: 2026, salespersonId: 0 }],
      [{ granularity: 'month', year: 2025, salespersonId: 0 }],
      [{ granularity: 'month', year: 2025, salespersonId: 1 }],
    ]);
  });
});

describe('dashboard machine and an address naming an unknown salesperson', () => {
  test('falls back to All once the salesperson list shows they are not in it, and says so', async () => {
    const publishFilters = vi.fn();
    const machine = answeringLoaders().machine.provide({
      actions: { publishFilters: (_, params) => publishFilters(params.filters) },
    });
    const initial = { granularity: 'year', salespersonId: 99 } as const;
    const actor = createActor(machine, { input: { tenantId, today, initial } }).start();
    await waitFor(actor, (s) => s.hasTag('ready'));
    expect(actor.getSnapshot().context.filters.salespersonId).toBe(0);
    expect(actor.getSnapshot().context.buckets).toEqual(expectedBuckets(2026, { granularity: 'year', salespersonId: 0 }));
    expect(publishFilters).toHaveBeenCalledExactlyOnceWith({ granularity: 'year', year: 2026, salespersonId: 0 });
  });
});
