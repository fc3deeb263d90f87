import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Salesperson } from '../../../src/api/client';
import { salespersonListMachine } from '../../../src/machines/salesperson-list';

const person = (id: number, name: string, latest_login: string | null = null): Salesperson => ({
  id,
  name,
  email: `${name.toLowerCase().replace(' ', '.')}@demo.test`,
  phone: '+3612345',
  mobile: '',
  latest_login,
  status: 1,
});
const alice = person(7, 'Alice Baker', '2026-06-01T08:00:00.000Z');
const people = [person(1, 'Zoe Chen'), alice, ...Array.from({ length: 11 }, (_, i) => person(20 + i, `Member ${String(i).padStart(2, '0')}`))];

function start(load: (tenantId: number) => Promise<readonly Salesperson[]>, address = '', logError = vi.fn()) {
  const written: string[] = [];
  const actor = createActor(
    salespersonListMachine.provide({
      actors: { loadRows: fromPromise(({ input }) => load(input.tenantId)) },
      actions: { logError: (_, { error }) => logError(error), writeAddress: (_, { query }) => written.push(query) },
    }),
    { input: { tenantId: 3, address } },
  );
  actor.start();
  return { actor, written };
}

describe('the salesperson list', () => {
  test("loads the caller tenant's salespersons, by name, ten to a page", async () => {
    const load = vi.fn(async () => people);
    const { actor } = start(load);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith(3);
    expect(ready.context.visible[0]).toBe(alice);
    expect(ready.can({ type: 'page.next' })).toBe(true);
  });

  test('search, sort and page are written to the address, and an address opens the list so', async () => {
    const { actor, written } = start(async () => people);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'search.change', value: 'MEMBER' });
    actor.send({ type: 'sort.toggle', key: 'name' });
    actor.send({ type: 'page.next' });
    expect(written.at(-1)).toBe('search=MEMBER&sort=name&dir=desc&page=2');
    const reopened = start(async () => people, written.at(-1)!);
    const ready = await waitFor(reopened.actor, (state) => state.matches('ready'));
    expect(ready.context.page).toBe(2);
    expect(ready.context.visible.map((row) => row.name)).toEqual(people.filter((row) => row.name.startsWith('Member')).map((row) => row.name).sort().reverse());
  });

  test('an empty tenant is its own state, so the screen says so instead of a blank table', async () => {
    const { actor } = start(async () => []);
    await waitFor(actor, (state) => state.matches('empty'));
  });

  test('a failed load is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const { actor } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return [alice];
    }, '', logError);
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
