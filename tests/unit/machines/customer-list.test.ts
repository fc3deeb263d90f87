import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { YearData, YearRequest } from '../../../src/domain/opportunities/rows';
import { customerListMachine } from '../../../src/machines/customer-list';
import { makeOpportunity, SALESPERSONS } from '../opportunities/opportunities';

const opportunities = [
  makeOpportunity({ customer: 'Initech', revenue: 100, probability: 50 }),
  makeOpportunity({ customer: 'Hooli', revenue: 300, probability: 10 }),
  makeOpportunity({ customer: 'Initech', revenue: 150, probability: 100, stage: 'closed won' }),
];

function start(load: (request: YearRequest) => Promise<YearData>, logError = vi.fn()) {
  const actor = createActor(
    customerListMachine.provide({
      actors: { loadYear: fromPromise(({ input }) => load(input)) },
      actions: { logError: (_, { error }) => logError(error) },
    }),
    { input: { tenantId: 3, year: 2026 } },
  );
  actor.start();
  return actor;
}

describe('the customer list', () => {
  test("sums the year's opportunities per customer, largest revenue first", async () => {
    const load = vi.fn(async () => ({ opportunities, salespersons: SALESPERSONS }));
    const actor = start(load);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith({ tenantId: 3, year: 2026 });
    expect(ready.context.customers.map(({ customer, opportunities: count, won }) => ({ customer, count, won }))).toEqual([
      { customer: 'Hooli', count: 1, won: 0 },
      { customer: 'Initech', count: 2, won: 1 },
    ]);
  });

  test('sorting by weighted revenue puts the most likely money first, pressing again reverses it', async () => {
    const actor = start(async () => ({ opportunities, salespersons: SALESPERSONS }));
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'sort.toggle', key: 'weighted' });
    expect(actor.getSnapshot().context.customers.map((summary) => summary.customer)).toEqual(['Initech', 'Hooli']);
    actor.send({ type: 'sort.toggle', key: 'weighted' });
    expect(actor.getSnapshot().context.customers.map((summary) => summary.customer)).toEqual(['Hooli', 'Initech']);
  });

  test('another year reloads and keeps the sort; a year without opportunities is empty', async () => {
    const load = vi.fn(async ({ year }: YearRequest) => ({ opportunities: year === 2026 ? opportunities : [], salespersons: SALESPERSONS }));
    const actor = start(load);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'sort.toggle', key: 'customer' });
    actor.send({ type: 'year.change', year: 2025 });
    const empty = await waitFor(actor, (state) => state.matches('empty'));
    expect(empty.context.sort).toEqual({ key: 'customer', direction: 'ascending' });
    expect(load).toHaveBeenLastCalledWith({ tenantId: 3, year: 2025 });
  });

  test('a failed load is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const actor = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return { opportunities, salespersons: SALESPERSONS };
    }, logError);
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'data.retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
