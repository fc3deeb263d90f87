import { describe, expect, test } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { dashboardMachine, dashboardPhase, type DashboardEvent } from '../../../src/machines/dashboard.ts';
import { daysAsTheServerSumsThem } from '../../support/revenue-reference.ts';
import { type OpportunityRecord, bucketRevenue } from '../../../src/domain/revenue/index.ts';

const today = new Date(2026, 10, 22, 15, 30);

const records: OpportunityRecord[] = [
  { created_date: '2026-01-02T12:00:00.000Z', revenue: 2000, probability: 10, salesperson_id: 1 },
  { created_date: '2026-02-15T12:00:00.000Z', revenue: 800, probability: 50, salesperson_id: 2 },
];

type Snapshot = SnapshotFrom<typeof dashboardMachine>;

/**
 * The events a person and the two loaders can produce. The loaders' answers
 * are the invoked actors' done and error events, so the traversal covers every
 * order in which they can arrive.
 */
const events = [
  { type: 'filters.granularity.change', granularity: 'week' },
  { type: 'filters.granularity.change', granularity: 'month' },
  { type: 'filters.year.change', year: 2025 },
  { type: 'filters.salesperson.change', salespersonId: 0 },
  { type: 'filters.salesperson.change', salespersonId: 2 },
  { type: 'retry' },
  { type: 'xstate.done.actor.loadOpportunities', output: records },
  { type: 'xstate.done.actor.loadOpportunities', output: [] },
  { type: 'xstate.done.actor.loadSalespersons', output: [{ id: 2, name: 'Grace Hopper' }] },
  { type: 'xstate.error.actor.loadOpportunities', error: new Error('502') },
  { type: 'xstate.error.actor.loadSalespersons', error: new Error('502') },
] as unknown as DashboardEvent[];

/** A state is its value, its filters and what has arrived so far. */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    filters: snapshot.context.filters,
    opportunities: snapshot.context.opportunities?.count ?? null,
    salespersons: snapshot.context.salespersons !== null,
  });

const paths = getShortestPaths(dashboardMachine, {
  input: { tenantId: 7, today },
  events,
  serializeState: serializeState as (snapshot: unknown) => string,
});

describe('dashboard machine, every state reached by its shortest path', () => {
  test('reaches 8 filter combinations × 7 data states = 56 states', () => {
    // Filters: granularity week|month × year 2026|2025 × salesperson All|2.
    // Data: loading with nothing, opportunities (some or none) or salespersons
    // alone (4); ready; empty; failed.
    expect(paths).toHaveLength(56);
  });

  test.each(paths.map((path) => [serializeState(path.state), path] as const))(
    'at %s the buckets are those of the loaded data and filters',
    (_name, path) => {
      for (const { state } of path.steps) {
        const { context } = state;
        const expected = context.opportunities
          ? bucketRevenue(context.opportunities, { ...context.filters, today })
          : [];
        expect(context.buckets).toEqual(expected);
        if (state.matches('ready')) expect(context.opportunities!.count).toBeGreaterThan(0);
        if (state.matches('empty')) expect(context.opportunities!.count).toBe(0);
        if (state.matches('failed')) expect([context.opportunities, context.salespersons]).toEqual([null, null]);
      }
    },
  );

  test('ready is reached only after both loaders answered since the last load began', () => {
    const startsLoad = (type: string) => type === 'filters.year.change' || type === 'retry';
    for (const path of paths.filter((p) => p.state.matches('ready'))) {
      const lastLoadStart = path.steps.findLastIndex((s) => startsLoad(s.event.type));
      const since = path.steps.slice(lastLoadStart + 1).map((s) => s.event.type);
      expect(since).toContain('xstate.done.actor.loadOpportunities');
      expect(since).toContain('xstate.done.actor.loadSalespersons');
    }
  });
});

describe('dashboard machine with the days of a year, every state reached by its shortest path', () => {
  const days = daysAsTheServerSumsThem(records);
  const daysEvents = [
    { type: 'filters.granularity.change', granularity: 'week' },
    { type: 'filters.granularity.change', granularity: 'month' },
    { type: 'filters.year.change', year: 2025 },
    { type: 'filters.salesperson.change', salespersonId: 0 },
    { type: 'filters.salesperson.change', salespersonId: 2 },
    { type: 'retry' },
    { type: 'xstate.done.actor.loadDays', output: { year: days, lastYear: [] } },
    { type: 'xstate.done.actor.loadDays', output: { year: [], lastYear: [] } },
    { type: 'xstate.error.actor.loadDays', error: new Error('502') },
    { type: 'xstate.done.actor.loadOpportunities', output: records },
    { type: 'xstate.error.actor.loadOpportunities', error: new Error('502') },
    { type: 'xstate.done.actor.loadLastYear', output: [] },
    { type: 'xstate.done.actor.loadSalespersons', output: [{ id: 2, name: 'Grace Hopper' }] },
    { type: 'xstate.error.actor.loadSalespersons', error: new Error('502') },
  ] as unknown as DashboardEvent[];

  const serializeDaysState = (snapshot: Snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      filters: snapshot.context.filters,
      days: snapshot.context.days?.count ?? null,
      opportunities: snapshot.context.opportunities?.count ?? null,
      salespersons: snapshot.context.salespersons !== null,
      lastYear: snapshot.context.lastYearSettled,
    });

  const daysPaths = getShortestPaths(dashboardMachine, {
    input: { tenantId: 7, today, fromDays: true },
    events: daysEvents,
    serializeState: serializeDaysState as (snapshot: unknown) => string,
  });

  test('reaches 10 data states × 8 filter combinations, and one more for All only = 84 states', () => {
    // Loading: nothing, days (some or none) or salespersons alone (4); empty; failed; ready with the
    // opportunities on their way or failed (2), then last year's loading or in (2: asked for by one
    // salesperson's view, kept when All is chosen again); and last year's not asked for, which only
    // All can be in (a salesperson's choice asks for it at once): 10 × 8 + 4.
    expect(daysPaths).toHaveLength(84);
  });

  test.each(daysPaths.map((path) => [serializeDaysState(path.state), path] as const))(
    "at %s every salesperson's figures come from the days, one salesperson's from the opportunities",
    (_name, path) => {
      for (const { state } of path.steps) {
        const { context } = state;
        const source = context.filters.salespersonId === 0 && context.days ? context.days : context.opportunities;
        expect(context.buckets).toEqual(source ? bucketRevenue(source, { ...context.filters, today }) : []);
        // The analysis is asked for only once the chart is drawn.
        if (state.hasTag('loading')) expect(context.opportunities).toBeNull();
        const phase = dashboardPhase(state);
        if (phase === 'waiting' || (phase === 'failed' && state.hasTag('ready'))) {
          expect([context.filters.salespersonId, context.opportunities]).toEqual([2, null]);
        }
        if (phase === 'ready') expect(source!.count).toBeGreaterThan(0);
      }
    },
  );
});
