import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { summariseCustomers, type DirectoryCustomer } from '../../../src/domain/opportunities/customers';
import { toOpportunityRows, type YearData, type YearRequest } from '../../../src/domain/opportunities/rows';
import { customerListMachine } from '../../../src/machines/customer-list';
import { makeOpportunity, SALESPERSONS } from '../../support/fixtures/opportunities';

const opportunities = [
  makeOpportunity({ customer: 'Initech', revenue: 100, probability: 50 }),
  makeOpportunity({ customer: 'Hooli', revenue: 300, probability: 10 }),
  makeOpportunity({ customer: 'Initech', revenue: 150, probability: 100, stage: 'closed won' }),
];

/** A year as the list would sum it: the stored customers, and the year's opportunities (summed by the server in the app). */
interface CustomerYearData {
  directory: readonly DirectoryCustomer[];
  year: YearData;
}
const customersOfYear = (data: CustomerYearData, year: number) => summariseCustomers(toOpportunityRows(data.year, year), data.directory);

const directory: DirectoryCustomer[] = [
  { id: 1, name: 'Hooli', company: 'Hooli Inc.' },
  { id: 2, name: 'Initech', company: 'Initech LLC' },
  { id: 3, name: 'Nakatomi Trading', company: '' },
];

const dataOf = (year: CustomerYearData['year']['opportunities'], customers = directory): CustomerYearData => ({
  directory: customers,
  year: { opportunities: year, salespersons: SALESPERSONS },
});

// Noon on 1 June 2026, local time: this year is 2026.
const NOW = new Date(2026, 5, 1, 12).getTime();

/** The list as the app wires it: the year's data (as loaded) summed per customer. */
function start(load: (request: YearRequest) => Promise<CustomerYearData>, logError = vi.fn(), address = '') {
  const written: string[] = [];
  const actor = createActor(
    customerListMachine.provide({
      actors: {
        loadRows: fromPromise(async ({ input }) => {
          const year = Number(input.filters.year);
          return customersOfYear(await load({ tenantId: input.tenantId, year }), year);
        }),
      },
      actions: { logError: (_, { error }) => logError(error), writeAddress: (_, { query }) => void written.push(query) },
    }),
    { input: { tenantId: 3, address, now: NOW } },
  );
  actor.start();
  return Object.assign(actor, { written });
}

const rowsOf = (state: { context: { visible: readonly { id: number | null; customer: string; opportunities: number; won: number; revenueUnits: number }[] } }) =>
  state.context.visible.map(({ id, customer, opportunities: count, won, revenueUnits }) => ({ id, customer, count, won, revenueUnits }));

describe('the customer list', () => {
  test("lists every stored customer with the year's opportunities summed, 0 for one without, largest revenue first", async () => {
    const load = vi.fn(async () => dataOf(opportunities));
    const actor = start(load);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith({ tenantId: 3, year: 2026 });
    expect(rowsOf(ready)).toEqual([
      { id: 1, customer: 'Hooli', count: 1, won: 0, revenueUnits: 300 * 10_000 },
      { id: 2, customer: 'Initech', count: 2, won: 1, revenueUnits: 250 * 10_000 },
      { id: 3, customer: 'Nakatomi Trading', count: 0, won: 0, revenueUnits: 0 },
    ]);
    expect(ready.context.visible[2]!.latestDay).toBeNull();
  });

  test('a name that only opportunities use is still listed, without an id, so no revenue is hidden', async () => {
    const actor = start(async () => dataOf([...opportunities, makeOpportunity({ customer: 'Vandelay', revenue: 5, probability: 50 })]));
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(rowsOf(ready).find((row) => row.customer === 'Vandelay')).toEqual({ id: null, customer: 'Vandelay', count: 1, won: 0, revenueUnits: 5 * 10_000 });
  });

  test('sorting by weighted revenue puts the most likely money first, pressing again reverses it', async () => {
    const actor = start(async () => dataOf(opportunities));
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'sort.toggle', key: 'weighted' });
    expect(actor.getSnapshot().context.visible.map((summary) => summary.customer)).toEqual(['Initech', 'Hooli', 'Nakatomi Trading']);
    actor.send({ type: 'sort.toggle', key: 'weighted' });
    expect(actor.getSnapshot().context.visible.map((summary) => summary.customer)).toEqual(['Nakatomi Trading', 'Hooli', 'Initech']);
  });

  test('another year reloads and keeps the sort; its customers are still listed, with zeros', async () => {
    const load = vi.fn(async ({ year }: YearRequest) => dataOf(year === 2026 ? opportunities : []));
    const actor = start(load);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'sort.toggle', key: 'customer' });
    actor.send({ type: 'filter.change', name: 'year', value: '2025' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenLastCalledWith({ tenantId: 3, year: 2025 });
    expect(ready.context.sort).toEqual({ key: 'customer', direction: 'ascending' });
    expect(rowsOf(ready).map((row) => [row.customer, row.count])).toEqual([
      ['Hooli', 0],
      ['Initech', 0],
      ['Nakatomi Trading', 0],
    ]);
  });

  test('a tenant without any customer and without opportunities in the year is empty', async () => {
    const actor = start(async () => dataOf([], []));
    await waitFor(actor, (state) => state.matches('empty'));
  });

  test('the search finds customers by name or company, and a page is ten', async () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ id: 10 + i, name: `Client ${i}`, company: i === 3 ? 'Umbrella' : '' }));
    const actor = start(async () => dataOf(opportunities, [...directory, ...many]));
    await waitFor(actor, (state) => state.matches('ready'));
    expect(actor.getSnapshot().context.visible.length).toBe(17);
    expect(actor.getSnapshot().can({ type: 'page.next' })).toBe(true);
    actor.send({ type: 'search.change', value: 'INC' });
    expect(rowsOf(actor.getSnapshot()).map((row) => row.customer)).toEqual(['Hooli']);
    actor.send({ type: 'search.change', value: 'umbrella' });
    expect(rowsOf(actor.getSnapshot()).map((row) => row.customer)).toEqual(['Client 3']);
  });

  test('year, search, sort and page are written to the address; this year and the largest revenue first are the plain address', async () => {
    const actor = start(async () => dataOf(opportunities));
    await waitFor(actor, (state) => state.matches('ready'));
    expect(actor.written.at(-1)).toBe('');
    actor.send({ type: 'sort.toggle', key: 'customer' });
    actor.send({ type: 'search.change', value: 'i' });
    actor.send({ type: 'filter.change', name: 'year', value: '2025' });
    expect(actor.written.at(-1)).toBe('search=i&sort=customer&dir=asc&year=2025');
  });

  test('an address opens the list in its year, searched and sorted; a year it cannot be is this year', async () => {
    const load = vi.fn(async ({ year }: YearRequest) => dataOf(year === 2025 ? opportunities : []));
    const actor = start(load, vi.fn(), 'year=2025&search=initech&sort=weighted&dir=desc');
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith({ tenantId: 3, year: 2025 });
    expect(ready.context.sort).toEqual({ key: 'weighted', direction: 'descending' });
    expect(rowsOf(ready).map((row) => row.customer)).toEqual(['Initech']);
    const odd = start(load, vi.fn(), 'year=12');
    await waitFor(odd, (state) => state.matches('ready'));
    expect(load).toHaveBeenLastCalledWith({ tenantId: 3, year: 2026 });
  });

  test('an address of another year given to the open list loads that year; one of the same year does not load again', async () => {
    const load = vi.fn(async () => dataOf(opportunities));
    const actor = start(load);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'address.open', address: 'search=hooli' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(rowsOf(actor.getSnapshot()).map((row) => row.customer)).toEqual(['Hooli']);
    expect(load).toHaveBeenCalledTimes(1);
    actor.send({ type: 'address.open', address: 'year=2024' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenLastCalledWith({ tenantId: 3, year: 2024 });
  });

  test('what is typed in the search while the rows load is kept and applied to them', async () => {
    let answer: (data: CustomerYearData) => void = () => {};
    const actor = start(() => new Promise((resolve) => (answer = resolve)));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({ type: 'search.change', value: 'hoo' });
    expect(actor.getSnapshot().context.search).toBe('hoo');
    expect(actor.written.at(-1)).toBe('search=hoo');
    answer(dataOf(opportunities));
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.search).toBe('hoo');
    expect(rowsOf(ready).map((row) => row.customer)).toEqual(['Hooli']);
  });

  test('an address of another year opened while a year loads loads that year instead; its answer is the one shown', async () => {
    const answers: Array<{ year: number; answer: (data: CustomerYearData) => void }> = [];
    const actor = start(({ year }) => new Promise((resolve) => answers.push({ year, answer: resolve })));
    actor.send({ type: 'address.open', address: 'year=2024&search=init' });
    expect(answers.map(({ year }) => year)).toEqual([2026, 2024]);
    answers[0]!.answer(dataOf([]));
    answers[1]!.answer(dataOf(opportunities));
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.filters.year).toBe('2024');
    expect(rowsOf(ready).map((row) => row.customer)).toEqual(['Initech']);
  });

  test('a failed load is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const actor = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return dataOf(opportunities);
    }, logError);
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
