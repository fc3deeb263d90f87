import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { YearData, YearRequest } from '../../../src/domain/opportunities/rows';
import { opportunityYearMachine } from '../../../src/machines/opportunity-year';
import { makeOpportunity, SALESPERSONS } from '../../support/fixtures/opportunities';

function start(load: (request: YearRequest) => Promise<YearData>, logError = vi.fn()) {
  const actor = createActor(
    opportunityYearMachine.provide({
      actors: { loadYear: fromPromise(({ input }) => load(input)) },
      actions: { logError: (_, { error }) => logError(error) },
    }),
    { input: { tenantId: 3, year: 2026 } },
  );
  actor.start();
  return actor;
}

describe("the pipeline's year of opportunities", () => {
  test('loads the year and holds its opportunities as rows with salesperson names', async () => {
    const load = vi.fn(async () => ({ opportunities: [makeOpportunity({ salesperson_id: 2 })], salespersons: SALESPERSONS }));
    const actor = start(load);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith({ tenantId: 3, year: 2026 });
    expect(ready.context.rows.map((row) => row.salespersonName)).toEqual(['Alan Turing']);
  });

  test('choosing another year forgets the shown one while the new one loads', async () => {
    const actor = start(async ({ year }) => ({
      opportunities: year === 2026 ? [makeOpportunity()] : [],
      salespersons: SALESPERSONS,
    }));
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'year.change', year: 2025 });
    expect(actor.getSnapshot().context.rows).toEqual([]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const empty = await waitFor(actor, (state) => state.matches('empty'));
    expect(empty.context.year).toBe(2025);
  });

  test('a failed load is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const actor = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return { opportunities: [makeOpportunity()], salespersons: SALESPERSONS };
    }, logError);
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'data.retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
