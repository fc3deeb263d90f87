import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bulkActionsMachine, type ExportRequest } from '../../../src/machines/bulk-actions.ts';
import type { ExportKind } from '../../../src/domain/csv/exports.ts';

function start(input: { kind: 'opportunities' | 'customers' | 'users'; mayChange: boolean }, fakes: { deleteRows?: () => Promise<number> } = {}) {
  const exports: ExportRequest[] = [];
  const deleted: unknown[] = [];
  const reassigned: unknown[] = [];
  const notifySuccess = vi.fn();
  const actor = createActor(
    bulkActionsMachine.provide({
      actors: {
        exportRows: fromPromise<void, ExportRequest>(async ({ input }) => void exports.push(input)),
        loadSalespersons: fromPromise<readonly { id: number; name: string }[], { tenantId: number }>(async () => [{ id: 7, name: 'Riley Rep' }]),
        reassignRows: fromPromise<number, { ids: readonly number[]; salespersonId: number }>(async ({ input }) => {
          reassigned.push(input);
          return input.ids.length;
        }),
        deleteRows: fromPromise<number, { kind: ExportKind; ids: readonly number[] }>(async ({ input }) => {
          deleted.push(input);
          return fakes.deleteRows ? fakes.deleteRows() : input.ids.length;
        }),
      },
      actions: { notifySuccess: (_, { message }) => notifySuccess(message) },
    }),
    { input: { tenantId: 1, ...input } },
  );
  actor.start();
  return { actor, exports, deleted, reassigned, notifySuccess };
}

describe('bulk actions on chosen rows', () => {
  test('rows are chosen one by one or a page at a time, and the page box lets them all go again', () => {
    const { actor } = start({ kind: 'opportunities', mayChange: true });
    actor.send({ type: 'selection.toggle', id: 3 });
    actor.send({ type: 'selection.page.toggle', ids: [1, 2, 3] });
    expect(actor.getSnapshot().context.selected).toEqual([3, 1, 2]);
    actor.send({ type: 'selection.page.toggle', ids: [1, 2, 3] });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  test('exports the chosen rows, or every row the filters find', async () => {
    const { actor, exports } = start({ kind: 'users', mayChange: true });
    expect(actor.getSnapshot().can({ type: 'export.selected', filters: {} })).toBe(false);
    actor.send({ type: 'selection.replace', ids: [4, 5] });
    actor.send({ type: 'export.selected', filters: { search: 'x' } });
    await waitFor(actor, (state) => state.matches('idle'));
    actor.send({ type: 'export.all', filters: { search: 'x' } });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(exports).toEqual([
      { kind: 'users', tenantId: 1, filters: { search: 'x' }, ids: [4, 5] },
      { kind: 'users', tenantId: 1, filters: { search: 'x' } },
    ]);
  });

  test('deleting asks first; confirmed, the chosen rows go together and the list is told to load again', async () => {
    const { actor, deleted, notifySuccess } = start({ kind: 'customers', mayChange: true });
    actor.send({ type: 'selection.page.toggle', ids: [1, 2] });
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.cancel' });
    expect(deleted).toEqual([]);
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(deleted).toEqual([{ kind: 'customers', ids: [1, 2] }]);
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], revision: 1 });
    expect(notifySuccess).toHaveBeenCalledWith('2 rows deleted.');
  });

  test('reassigning needs a salesperson chosen', async () => {
    const { actor, reassigned, notifySuccess } = start({ kind: 'opportunities', mayChange: true });
    actor.send({ type: 'selection.toggle', id: 9 });
    actor.send({ type: 'reassign.open' });
    await waitFor(actor, (state) => state.matches({ reassigning: 'choosing' }));
    expect(actor.getSnapshot().can({ type: 'reassign.confirm' })).toBe(false);
    actor.send({ type: 'reassign.change', salespersonId: 7 });
    actor.send({ type: 'reassign.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(reassigned).toEqual([{ ids: [9], salespersonId: 7 }]);
    expect(notifySuccess).toHaveBeenCalledWith('1 opportunity reassigned.');
  });

  test('a User, and the user list, cannot reassign or delete', () => {
    const rep = start({ kind: 'opportunities', mayChange: false }).actor;
    rep.send({ type: 'selection.toggle', id: 1 });
    expect(rep.getSnapshot().can({ type: 'delete.open' })).toBe(false);
    expect(rep.getSnapshot().can({ type: 'reassign.open' })).toBe(false);
    const users = start({ kind: 'users', mayChange: true }).actor;
    users.send({ type: 'selection.toggle', id: 1 });
    expect(users.getSnapshot().can({ type: 'delete.open' })).toBe(false);
  });

  test('a refused delete keeps the choice', async () => {
    const { actor } = start({ kind: 'opportunities', mayChange: true }, { deleteRows: () => Promise.reject(new Error('409')) });
    actor.send({ type: 'selection.toggle', id: 1 });
    actor.send({ type: 'delete.open' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (state) => state.matches('idle'));
    expect(actor.getSnapshot().context).toMatchObject({ selected: [1], revision: 0 });
  });
});
