import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Opportunity } from '../../../src/api/client';
import type { YearData, YearRequest } from '../../../src/domain/opportunities/rows';
import { opportunityListMachine } from '../../../src/machines/opportunity-list';
import { makeOpportunity, SALESPERSONS } from '../../support/fixtures/opportunities';

/** Twelve opportunities of 2026, one per month, Acme Corp on even months. */
const year2026: Opportunity[] = Array.from({ length: 12 }, (_, month) =>
  makeOpportunity({
    created_date: new Date(Date.UTC(2026, month, 15, 12)).toISOString(),
    revenue: (month + 1) * 100,
    customer: month % 2 === 0 ? 'Acme Corp' : 'Initech',
  }),
);

function start(load: (request: YearRequest) => Promise<YearData>, logError = vi.fn(), search?: string) {
  const actor = createActor(
    opportunityListMachine.provide({
      actors: { loadYear: fromPromise(({ input }) => load(input)) },
      actions: { logError: (_, { error }) => logError(error) },
    }),
    { input: { tenantId: 3, year: 2026, search } },
  );
  actor.start();
  return actor;
}

const answer = (opportunities: Opportunity[]) => async () => ({ opportunities, salespersons: SALESPERSONS });

describe('the opportunity list', () => {
  test("loads the chosen year of the caller's tenant and shows it newest first, ten to a page", async () => {
    const load = vi.fn(answer(year2026));
    const actor = start(load);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith({ tenantId: 3, year: 2026 });
    expect(ready.context.visible.map((row) => row.createdDate.slice(0, 7))).toEqual(
      ['12', '11', '10', '09', '08', '07', '06', '05', '04', '03', '02', '01'].map((month) => `2026-${month}`),
    );
    expect(ready.can({ type: 'page.previous' })).toBe(false);
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().context.page).toBe(2);
    expect(actor.getSnapshot().can({ type: 'page.next' })).toBe(false);
  });

  test("opened with a search (a customer's link), it shows only what matches once loaded", async () => {
    const actor = start(answer(year2026), vi.fn(), 'initech');
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.search).toBe('initech');
    expect(ready.context.visible.map((row) => row.customer)).toEqual(Array(6).fill('Initech'));
  });

  test('searching goes back to the first page and keeps the sort', async () => {
    const actor = start(answer(year2026));
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'sort.toggle', key: 'revenue' });
    actor.send({ type: 'page.go', page: 2 });
    actor.send({ type: 'search.change', value: 'acme' });
    const { context } = actor.getSnapshot();
    expect(context.page).toBe(1);
    expect(context.visible.map((row) => row.revenue)).toEqual([1100, 900, 700, 500, 300, 100]);
  });

  test('choosing another year loads it, keeping the search', async () => {
    const load = vi.fn(async ({ year }: YearRequest) => ({
      opportunities: year === 2026 ? year2026 : [makeOpportunity({ created_date: '2025-05-05T12:00:00.000Z', customer: 'Acme Corp' })],
      salespersons: SALESPERSONS,
    }));
    const actor = start(load);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'search.change', value: 'acme' });
    actor.send({ type: 'year.change', year: 2025 });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenLastCalledWith({ tenantId: 3, year: 2025 });
    expect(ready.context.search).toBe('acme');
    expect(ready.context.visible.map((row) => row.createdDate)).toEqual(['2025-05-05T12:00:00.000Z']);
  });

  test('a year without opportunities is its own state, even when the server sends the neighbouring years\' edges', async () => {
    const actor = start(answer([makeOpportunity({ created_date: '2025-12-31T12:00:00.000Z' })]));
    await waitFor(actor, (state) => state.matches('empty'));
  });

  test('a failed load is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const actor = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return { opportunities: year2026, salespersons: SALESPERSONS };
    }, logError);
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'data.retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });

  test('only the latest year chosen is shown when an earlier load answers late', async () => {
    const answers = new Map<number, (data: YearData) => void>();
    const actor = start(({ year }) => new Promise((resolve) => answers.set(year, resolve)));
    actor.send({ type: 'year.change', year: 2025 });
    answers.get(2026)!({ opportunities: year2026, salespersons: SALESPERSONS });
    answers.get(2025)!({ opportunities: [makeOpportunity({ created_date: '2025-05-05T12:00:00.000Z' })], salespersons: SALESPERSONS });
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.year).toBe(2025);
    expect(ready.context.visible).toHaveLength(1);
  });
});
