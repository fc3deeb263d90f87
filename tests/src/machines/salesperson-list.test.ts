import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Salesperson } from '../../../src/api/client';
import { salespersonListMachine } from '../../../src/machines/salesperson-list';

const alice: Salesperson = { id: 7, name: 'Alice', email: 'alice@demo.test', phone: '+3612345', mobile: '', latest_login: null, status: 1 };

function start(load: (tenantId: number) => Promise<Salesperson[]>, logError = vi.fn()) {
  const actor = createActor(
    salespersonListMachine.provide({
      actors: { loadSalespersons: fromPromise(({ input }) => load(input.tenantId)) },
      actions: { logError: (_, { error }) => logError(error) },
    }),
    { input: { tenantId: 3 } },
  );
  actor.start();
  return actor;
}

describe('the salesperson list', () => {
  test("loads the caller tenant's salespersons and shows them", async () => {
    const load = vi.fn(async () => [alice]);
    const actor = start(load);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith(3);
    expect(ready.context.salespersons).toEqual([alice]);
  });

  test('an empty tenant is its own state, so the screen says so instead of a blank table', async () => {
    const actor = start(async () => []);
    await waitFor(actor, (state) => state.matches('empty'));
  });

  test('a failed load is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const actor = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return [alice];
    }, logError);
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'salespersons.reload' });
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
