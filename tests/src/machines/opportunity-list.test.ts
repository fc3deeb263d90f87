import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { opportunityListMachine, type OpportunityPage, type OpportunityPageRequest } from '../../../src/machines/opportunity-list';

const row = (id: number) => ({
  id,
  created_date: '2026-03-05T10:00:00.000Z',
  customer: 'Acme Corp',
  stage: 'proposal',
  revenue: 1000,
  probability: 40,
  salesperson_id: 2,
  salesperson_name: 'Alan Turing',
});

/** A server answer of `total` opportunities: the page asked for (or the last). */
const pageOf = (total: number) => async (request: OpportunityPageRequest): Promise<OpportunityPage> => {
  const page = Math.min(request.page, Math.max(1, Math.ceil(total / 10)));
  const rows = Array.from({ length: Math.max(0, Math.min(10, total - (page - 1) * 10)) }, (_, i) => row((page - 1) * 10 + i + 1));
  return { page, total, revenue: total * 1000, weighted: total * 400, rows };
};

function start(load: (request: OpportunityPageRequest) => Promise<OpportunityPage>, address = '') {
  const written: string[] = [];
  const actor = createActor(
    opportunityListMachine.provide({
      actors: { loadPage: fromPromise(({ input }) => load(input)) },
      actions: { logError: () => {}, writeAddress: (_, { query }) => written.push(query) },
      delays: { typing: 5 },
    }),
    { input: { tenantId: 3, year: 2026, address } },
  );
  actor.start();
  return { actor, written };
}

describe('the opportunity list', () => {
  test("asks the server for the first page of the year, newest first, and writes what it shows into the address", async () => {
    const load = vi.fn(pageOf(25));
    const { actor, written } = start(load);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith({ tenantId: 3, year: 2026, search: '', stage: '', mine: false, sort: { key: 'date', direction: 'descending' }, page: 1 });
    expect(ready.context.answer?.rows).toHaveLength(10);
    expect(written).toEqual(['year=2026']);
  });

  test('opens as the address describes it: search, sort, filters and page survive a reload', async () => {
    const load = vi.fn(pageOf(25));
    const { actor, written } = start(load, '?search=acme&sort=revenue&dir=asc&stage=proposal&mine=1&page=3&year=2025&junk=1');
    await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith({ tenantId: 3, year: 2025, search: 'acme', stage: 'proposal', mine: true, sort: { key: 'revenue', direction: 'ascending' }, page: 3 });
    expect(written).toEqual(['search=acme&sort=revenue&dir=asc&mine=1&stage=proposal&year=2025&page=3']);
  });

  test('every change asks again from page 1 and is written; typing waits for a pause', async () => {
    const load = vi.fn(pageOf(25));
    const { actor, written } = start(load);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'page.next' });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(actor.getSnapshot().context.page).toBe(2);
    for (const value of ['a', 'ac', 'acme']) actor.send({ type: 'search.change', value });
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'stage.change', stage: 'proposal' });
    actor.send({ type: 'mine.toggle' });
    actor.send({ type: 'sort.toggle', key: 'customer' });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(load.mock.calls.map(([request]) => `${request.search}|${request.page}`)).toEqual(['|1', '|2', 'acme|1', 'acme|1', 'acme|1', 'acme|1']);
    expect(written.at(-1)).toBe('search=acme&sort=customer&dir=asc&mine=1&stage=proposal&year=2026');
  });

  test('a page past the last is not offered; the server answers the last page for one past it', async () => {
    const { actor } = start(pageOf(25), '?page=9');
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.page).toBe(3);
    expect(ready.can({ type: 'page.next' })).toBe(false);
    expect(ready.can({ type: 'page.previous' })).toBe(true);
  });

  test("a year without opportunities is its own state; a search finding none is not", async () => {
    const { actor } = start(pageOf(0));
    await waitFor(actor, (state) => state.matches('empty'));
    actor.send({ type: 'search.change', value: 'zz' });
    await waitFor(actor, (state) => state.matches('ready'));
  });

  test('a changed address (a saved view, Back) opens it; its own address changes nothing', async () => {
    const load = vi.fn(pageOf(25));
    const { actor } = start(load);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'address.open', address: 'year=2026' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'address.open', address: 'stage=negotiation&year=2026' });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ stage: 'negotiation', page: 1 }));
  });

  test('a failed load is logged and can be retried', async () => {
    let fail = true;
    const { actor } = start(async (request) => {
      if (fail) throw new Error('503');
      return pageOf(3)(request);
    });
    await waitFor(actor, (state) => state.matches('failed'));
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
