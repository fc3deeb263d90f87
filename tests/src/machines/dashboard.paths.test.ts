import { describe, expect, test } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import type { SnapshotFrom } from 'xstate';
import { dashboardMachine, type DashboardEvent } from '../../../src/machines/dashboard.ts';
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
  { type: 'data.retry' },
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
    const startsLoad = (type: string) => type === 'filters.year.change' || type === 'data.retry';
    for (const path of paths.filter((p) => p.state.matches('ready'))) {
      const lastLoadStart = path.steps.findLastIndex((s) => startsLoad(s.event.type));
      const since = path.steps.slice(lastLoadStart + 1).map((s) => s.event.type);
      expect(since).toContain('xstate.done.actor.loadOpportunities');
      expect(since).toContain('xstate.done.actor.loadSalespersons');
    }
  });
});
