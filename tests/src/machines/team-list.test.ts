import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TeamWithMembers } from '../../../src/domain/teams/list.ts';
import { teamListMachine } from '../../../src/machines/team-list';

const teams: TeamWithMembers[] = [
  { id: 1, name: 'Enterprise', members: [{ id: 7, name: 'Grace Hopper' }, { id: 8, name: 'Alan Turing' }] },
  { id: 2, name: 'Inside Sales', members: [{ id: 7, name: 'Grace Hopper' }] },
  { id: 3, name: 'Mid-Market', members: [] },
];

function start(load: (tenantId: number) => Promise<readonly TeamWithMembers[]>, logError = vi.fn()) {
  const actor = createActor(
    teamListMachine.provide({
      actors: { loadRows: fromPromise(({ input }) => load(input.tenantId)) },
      actions: { logError: (_, { error }) => logError(error) },
    }),
    { input: { tenantId: 3, address: '' } },
  );
  actor.start();
  return actor;
}

describe('the team list', () => {
  test("loads the caller tenant's teams with their members", async () => {
    const load = vi.fn(async () => teams);
    const actor = start(load);
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(load).toHaveBeenCalledWith(3);
    expect(ready.context.visible).toEqual(teams);
  });

  test('searching keeps the teams whose name or any member matches, each whole', async () => {
    const actor = start(async () => teams);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'search.change', value: 'TURING' });
    expect(actor.getSnapshot().context.visible).toEqual([teams[0]]);
    actor.send({ type: 'search.change', value: 'market' });
    expect(actor.getSnapshot().context.visible).toEqual([teams[2]]);
    actor.send({ type: 'search.change', value: '  ' });
    expect(actor.getSnapshot().context.visible).toEqual(teams);
  });

  test('sorted by name, or by size when chosen, largest first', async () => {
    const actor = start(async () => [...teams].reverse());
    await waitFor(actor, (state) => state.matches('ready'));
    expect(actor.getSnapshot().context.visible.map((team) => team.id)).toEqual([1, 2, 3]);
    actor.send({ type: 'sort.change', sort: { key: 'members', direction: 'descending' } });
    expect(actor.getSnapshot().context.visible.map((team) => team.id)).toEqual([1, 2, 3]);
    actor.send({ type: 'sort.change', sort: { key: 'members', direction: 'ascending' } });
    expect(actor.getSnapshot().context.visible.map((team) => team.id)).toEqual([3, 2, 1]);
  });

  test('a tenant without teams is its own state', async () => {
    const actor = start(async () => []);
    await waitFor(actor, (state) => state.matches('empty'));
  });

  test('a failed load is logged and can be retried', async () => {
    const logError = vi.fn();
    let attempt = 0;
    const actor = start(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return teams;
    }, logError);
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(new Error('offline'));
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });
});
