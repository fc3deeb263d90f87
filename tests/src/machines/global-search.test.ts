import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SearchHit } from '../../../src/domain/search/hits';
import { globalSearchMachine, type SearchRequest } from '../../../src/machines/global-search';

const acme: SearchHit = { kind: 'customer', id: 4, title: 'Acme Corp', detail: 'Acme · purchasing@acme.example' };
const deal: SearchHit = { kind: 'opportunity', id: 9, title: 'Acme Corp', detail: 'proposal · 2026-03-05' };
const riley: SearchHit = { kind: 'salesperson', id: 2, title: 'Riley Rep', detail: 'rep@demo.test' };

function start(search: (request: SearchRequest, signal: AbortSignal) => Promise<readonly SearchHit[]>, manager = false) {
  const navigate = vi.fn();
  const actor = createActor(
    globalSearchMachine.provide({
      actors: { searchRecords: fromPromise(({ input, signal }) => search(input, signal)) },
      actions: { navigate: (_, { to }) => navigate(to), logError: () => {} },
      delays: { debounce: 5 },
    }),
    { input: { tenantId: 3, manager } },
  );
  actor.start();
  actor.send({ type: 'search.open' });
  return { actor, navigate };
}

describe('the global search', () => {
  test('typing asks once the typing pauses, with the latest text, in the caller\'s tenant', async () => {
    const search = vi.fn(async (_request: SearchRequest) => [acme, deal]);
    const { actor } = start(search);
    for (const value of ['a', 'ac', 'acm', 'acme ']) actor.send({ type: 'search.change', value });
    const found = await waitFor(actor, (state) => state.matches({ open: 'found' }));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toEqual({ tenantId: 3, text: 'acme' });
    expect(found.context.hits).toEqual([acme, deal]);
    expect(found.context.active).toBe(0);
  });

  test('a newer text cancels the search under way: its answer never shows', async () => {
    const signals: AbortSignal[] = [];
    let answerFirst: (hits: SearchHit[]) => void = () => {};
    const { actor } = start((request, signal) => {
      signals.push(signal);
      return request.text === 'ac' ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve([riley]);
    });
    actor.send({ type: 'search.change', value: 'ac' });
    await waitFor(actor, (state) => state.matches({ open: 'searching' }));
    actor.send({ type: 'search.change', value: 'riley' });
    expect(signals[0]!.aborted).toBe(true);
    answerFirst([acme]);
    const found = await waitFor(actor, (state) => state.matches({ open: 'found' }));
    expect(found.context.hits).toEqual([riley]);
  });

  test('fewer than two characters ask nothing and show nothing', async () => {
    const search = vi.fn(async () => [acme]);
    const { actor } = start(search);
    actor.send({ type: 'search.change', value: 'acme' });
    await waitFor(actor, (state) => state.matches({ open: 'found' }));
    actor.send({ type: 'search.change', value: ' a ' });
    expect(actor.getSnapshot().matches({ open: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.hits).toEqual([]);
    expect(search).toHaveBeenCalledTimes(1);
  });

  test('arrows move the active hit round the list; Enter opens it where its kind opens and closes the dialog', async () => {
    const { actor, navigate } = start(async () => [acme, deal, riley]);
    actor.send({ type: 'search.change', value: 'acme' });
    await waitFor(actor, (state) => state.matches({ open: 'found' }));
    actor.send({ type: 'hit.previous' });
    expect(actor.getSnapshot().context.active).toBe(2);
    actor.send({ type: 'hit.next' });
    actor.send({ type: 'hit.next' });
    expect(actor.getSnapshot().context.active).toBe(1);
    actor.send({ type: 'hit.open' });
    expect(navigate).toHaveBeenCalledWith('/opportunity/9');
    expect(actor.getSnapshot().value).toBe('closed');
  });

  test('a salesperson opens in Edit Salesperson for a manager, in the searched list for others', async () => {
    for (const [manager, to] of [
      [true, '/edit-Salesperson/2'],
      [false, '/salesperson?search=Riley+Rep'],
    ] as const) {
      const { actor, navigate } = start(async () => [riley], manager);
      actor.send({ type: 'search.change', value: 'riley' });
      await waitFor(actor, (state) => state.matches({ open: 'found' }));
      actor.send({ type: 'hit.open' });
      expect(navigate).toHaveBeenCalledWith(to);
    }
  });

  test('Escape closes, and opening again starts afresh; nothing found and a failure are states of their own', async () => {
    let fail = false;
    const { actor } = start(async () => {
      if (fail) throw new Error('503');
      return [];
    });
    actor.send({ type: 'search.change', value: 'zzz' });
    await waitFor(actor, (state) => state.matches({ open: 'nothing' }));
    actor.send({ type: 'hit.open' });
    expect(actor.getSnapshot().matches({ open: 'nothing' })).toBe(true);
    fail = true;
    actor.send({ type: 'search.change', value: 'zzzz' });
    await waitFor(actor, (state) => state.matches({ open: 'failed' }));
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches({ open: 'nothing' }));
    actor.send({ type: 'search.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'search.open' });
    expect(actor.getSnapshot().context.text).toBe('');
  });
});
