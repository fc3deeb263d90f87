import { describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SavedView, SavedViewBody } from '../../../src/domain/saved-views/views';
import { savedViewsMachine } from '../../../src/machines/saved-views';

const berlin: SavedView = { id: 7, list: 'customer', name: 'Berlin', query: 'search=berlin' };

function start(save: (body: SavedViewBody) => Promise<SavedView>, remove = vi.fn(async (_view: { id: number }) => {})) {
  const notifySuccess = vi.fn();
  const actor = createActor(
    savedViewsMachine.provide({
      actors: {
        loadViews: fromPromise(async (): Promise<readonly SavedView[]> => [berlin]),
        saveView: fromPromise(({ input }) => save(input)),
        deleteView: fromPromise(({ input }) => remove(input)),
      },
      actions: { notifySuccess: (_, { message }) => notifySuccess(message), notifyError: () => {}, logError: () => {} },
    }),
  );
  actor.start();
  return { actor, notifySuccess, remove };
}

describe('saved views', () => {
  test("a list's address is saved under a name and joins the views", async () => {
    const save = vi.fn(async (body: SavedViewBody) => ({ id: 8, ...body }));
    const { actor, notifySuccess } = start(save);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'view.save.open', list: 'opportunity', query: '?stage=proposal&mine=1' });
    actor.send({ type: 'form.change', name: '  My open deals ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    expect(save).toHaveBeenCalledWith({ list: 'opportunity', query: 'stage=proposal&mine=1', name: 'My open deals' });
    expect(actor.getSnapshot().context.views.map((view) => view.name)).toEqual(['Berlin', 'My open deals']);
    expect(notifySuccess).toHaveBeenCalledWith('View "My open deals" saved');
  });

  test('a blank or taken name is refused at the field, before asking the server; a refusal of the server shows there too', async () => {
    const save = vi.fn(async (): Promise<SavedView> => {
      throw new Error('You already have a view named "Mine".');
    });
    const { actor } = start(save);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'view.save.open', list: 'customer', query: '' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problem).toBe('The view needs a name.');
    actor.send({ type: 'form.change', name: 'berlin' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problem).toBe('You already have a view named "berlin".');
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'form.change', name: 'Mine' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches({ ready: 'naming' }) && state.context.problem !== null);
    expect(actor.getSnapshot().context.problem).toBe('You already have a view named "Mine".');
  });

  test('views that could not be loaded are logged and loaded again on retry', async () => {
    const failure = new Error('Something went wrong.');
    const load = vi.fn<() => Promise<readonly SavedView[]>>().mockRejectedValueOnce(failure).mockResolvedValueOnce([berlin]);
    const logError = vi.fn();
    const actor = createActor(
      savedViewsMachine.provide({
        actors: { loadViews: fromPromise(() => load()) },
        actions: { notifySuccess: () => {}, notifyError: () => {}, logError: (_, { error }) => logError(error) },
      }),
    ).start();
    await waitFor(actor, (state) => state.matches('failed'));
    expect(logError).toHaveBeenCalledWith(failure);
    expect(actor.getSnapshot().can({ type: 'view.save.open', list: 'customer', query: '' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true);
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.views).toEqual([berlin]);
    expect(actor.getSnapshot().can({ type: 'retry' })).toBe(false);
  });

  test('a view is removed', async () => {
    const { actor, remove } = start(async () => berlin);
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'view.delete', id: 7 });
    await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    expect(remove).toHaveBeenCalledWith({ id: 7 });
    expect(actor.getSnapshot().context.views).toEqual([]);
  });
});
