import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Choice } from '../../../src/domain/lists/choices';
import { opportunityChoicesMachine, type FoundOpportunities, type OpportunitySearch } from '../../../src/machines/opportunity-choices';

const acme: Choice = { value: '7', label: 'Acme Corp — 3 Feb 2026', detail: 'proposal · Riley Rep' };
const globex: Choice = { value: '9', label: 'Globex — 1 Mar 2026', detail: 'qualification · Riley Rep' };

function start(find: (search: OpportunitySearch, signal: AbortSignal) => Promise<FoundOpportunities>) {
  const actor = createActor(
    opportunityChoicesMachine.provide({
      actors: { findOpportunities: fromPromise(({ input, signal }) => find(input, signal)) },
      actions: { logError: () => {} },
      delays: { debounce: 5 },
    }),
    { input: { tenantId: 3, year: 2026 } },
  );
  actor.start();
  return actor;
}

describe("a form's opportunity choice", () => {
  test('asks nothing until the list opens; opening asks at once for the newest of the year', async () => {
    const find = vi.fn(async (_search: OpportunitySearch) => ({ choices: [globex, acme], total: 714 }));
    const actor = start(find);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(find).not.toHaveBeenCalled();
    actor.send({ type: 'search.open' });
    expect(actor.getSnapshot().value).toBe('searching');
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(find.mock.calls[0]![0]).toEqual({ tenantId: 3, year: 2026, text: '' });
    expect(ready.context.found).toEqual([globex, acme]);
    expect(ready.context.total).toBe(714);
    // Opening again asks nothing: the choices found are still shown.
    actor.send({ type: 'search.open' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(find).toHaveBeenCalledTimes(1);
  });

  test('typing asks once the typing pauses, with the latest text; the last choices show meanwhile', async () => {
    const find = vi.fn(async ({ text }: OpportunitySearch) => (text === '' ? { choices: [globex, acme], total: 2 } : { choices: [acme], total: 1 }));
    const actor = start(find);
    actor.send({ type: 'search.open' });
    await waitFor(actor, (state) => state.matches('ready'));
    for (const value of ['a', 'ac', 'acm', 'acme ']) actor.send({ type: 'search.change', value });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.found).toEqual([globex, acme]);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(find).toHaveBeenCalledTimes(2);
    expect(find.mock.calls[1]![0]).toEqual({ tenantId: 3, year: 2026, text: 'acme' });
    expect(ready.context.found).toEqual([acme]);
  });

  test('a newer text cancels the search under way: its answer never shows', async () => {
    const signals: AbortSignal[] = [];
    let answerFirst: (found: FoundOpportunities) => void = () => {};
    const actor = start((search, signal) => {
      signals.push(signal);
      return search.text === 'ac' ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve({ choices: [globex], total: 1 });
    });
    actor.send({ type: 'search.change', value: 'ac' });
    await waitFor(actor, (state) => state.matches('searching'));
    actor.send({ type: 'search.change', value: 'glob' });
    expect(signals[0]!.aborted).toBe(true);
    answerFirst({ choices: [acme], total: 1 });
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.found).toEqual([globex]);
  });

  test('a failed search shows no stale choices; typing again, or opening the list again, asks again', async () => {
    let fail = true;
    const find = vi.fn(async () => {
      if (fail) throw new Error('503');
      return { choices: [acme], total: 1 };
    });
    const actor = start(find);
    actor.send({ type: 'search.change', value: 'acme' });
    const failed = await waitFor(actor, (state) => state.matches('failed'));
    expect(failed.context.found).toEqual([]);
    actor.send({ type: 'search.change', value: 'acme' });
    await waitFor(actor, (state) => state.matches('failed') && find.mock.calls.length === 2);
    fail = false;
    actor.send({ type: 'search.open' });
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.found).toEqual([acme]);
    expect(find).toHaveBeenCalledTimes(3);
  });
});
