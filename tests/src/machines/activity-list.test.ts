import { describe, expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Activity } from '../../../src/api/client';
import { activityListMachine, type ActivitySortKey } from '../../../src/machines/activity-list';
import type { BrowserListEvent, ListLoadRequest } from '../../../src/machines/browser-list';

type ActivityListEvent = BrowserListEvent<Activity, ActivitySortKey>;

const NOW = Date.parse('2026-06-15T12:00:00Z');

const activity = (id: number, due_at: string, done = false, subject = `Activity ${id}`): Activity => ({
  id,
  kind: 'call',
  subject,
  due_at,
  duration_minutes: 30,
  done,
  salesperson_id: 3,
  salesperson_name: 'Grace Hopper',
  opportunity_id: null,
  customer: null,
  notes: '',
  created_at: '2026-06-01T08:00:00.000Z',
});

const overdue = activity(1, '2026-06-14T09:00:00.000Z', false, 'Call Acme');
const done = activity(2, '2026-06-14T15:00:00.000Z', true, 'Send proposal');
const upcoming = activity(3, '2026-06-15T12:30:00.000Z', false, 'Demo for Initech');
const activities = [overdue, done, upcoming];

interface Options {
  load?: () => Promise<Activity[]>;
  save?: (activity: Activity) => Promise<Activity>;
  address?: string;
}

function start(options: Options = {}) {
  const seen = { loads: [] as number[], saves: [] as Activity[], logged: [] as unknown[], written: [] as string[], clock: null as AnyActorRef | null };
  const actor = createActor(
    activityListMachine.provide({
      actors: {
        loadRows: fromPromise<readonly Activity[], ListLoadRequest>(async ({ input }) => {
          seen.loads.push(input.tenantId);
          return (options.load ?? (async () => activities))();
        }),
        saveRow: fromPromise(async ({ input }) => {
          seen.saves.push(input.row);
          return (options.save ?? (async (saved: Activity) => saved))(input.row);
        }),
        clock: fromCallback<ActivityListEvent>(() => {}),
      },
      actions: { logError: (_, { error }) => void seen.logged.push(error), writeAddress: (_, { query }) => void seen.written.push(query) },
    }),
    { input: { tenantId: 1, now: NOW, address: options.address ?? '' } },
  );
  actor.start();
  return { actor, seen };
}

const ids = (list: readonly Activity[]) => list.map((row) => row.id);
/** What the row's Done box sends: the row with its mark flipped. */
const toggle = (row: Activity): ActivityListEvent => ({ type: 'row.save', row: { ...row, done: !row.done } });

describe('the activity list', () => {
  test("loads the caller tenant's activities and opens on To do: the overdue and the upcoming", async () => {
    const { actor, seen } = start();
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(seen.loads).toEqual([1]);
    expect(ready.context.filters.view).toBe('todo');
    expect(ids(ready.context.visible)).toEqual([1, 3]);
  });

  test('Overdue shows what is not done and due before now; Done the done; All everything', async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'filter.change', name: 'view', value: 'overdue' });
    expect(ids(actor.getSnapshot().context.visible)).toEqual([1]);
    actor.send({ type: 'filter.change', name: 'view', value: 'done' });
    expect(ids(actor.getSnapshot().context.visible)).toEqual([2]);
    actor.send({ type: 'filter.change', name: 'view', value: 'all' });
    expect(ids(actor.getSnapshot().context.visible)).toEqual([1, 2, 3]);
  });

  test('as the clock passes a due time, that activity becomes overdue', async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'filter.change', name: 'view', value: 'overdue' });
    actor.send({ type: 'clock.tick', now: Date.parse('2026-06-15T12:31:00Z') });
    expect(ids(actor.getSnapshot().context.visible)).toEqual([1, 3]);
  });

  test('the search narrows the view by subject, salesperson or customer', async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'search.change', value: 'initech' });
    expect(ids(actor.getSnapshot().context.visible)).toEqual([3]);
    actor.send({ type: 'search.change', value: 'grace' });
    expect(ids(actor.getSnapshot().context.visible)).toEqual([1, 3]);
  });

  test('marking a row done shows it at once, saves the whole activity with done set, and keeps the row in To do', async () => {
    let answer!: (saved: Activity) => void;
    const { actor, seen } = start({ save: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send(toggle(overdue));
    const saving = actor.getSnapshot();
    expect(saving.hasTag('saving')).toBe(true);
    expect(saving.context.visible.find((row) => row.id === 1)!.done).toBe(true);
    expect(seen.saves).toEqual([{ ...overdue, done: true }]);
    // One save at a time.
    expect(saving.can(toggle(upcoming))).toBe(false);

    answer({ ...overdue, done: true, notes: 'as stored' });
    const idle = await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    expect(ids(idle.context.visible)).toEqual([1, 3]);
    expect(idle.context.visible[0]).toEqual({ ...overdue, done: true, notes: 'as stored' });

    // Choosing a view again lets the done row go.
    actor.send({ type: 'filter.change', name: 'view', value: 'todo' });
    expect(ids(actor.getSnapshot().context.visible)).toEqual([3]);
  });

  test('a done row can be marked not done again', async () => {
    const { actor, seen } = start();
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'filter.change', name: 'view', value: 'done' });
    actor.send(toggle(done));
    await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    expect(seen.saves).toEqual([{ ...done, done: false }]);
    expect(actor.getSnapshot().context.visible).toEqual([{ ...done, done: false }]);
  });

  test('a failed save puts the mark back, keeps the row, and is logged', async () => {
    const { actor, seen } = start({ save: async () => Promise.reject(new Error('503')) });
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send(toggle(upcoming));
    const idle = await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    expect(idle.context.rows.find((row) => row.id === 3)!.done).toBe(false);
    expect(ids(idle.context.visible)).toEqual([1, 3]);
    expect(seen.logged).toEqual([new Error('503')]);
  });

  test('an id not in the list is not marked', async () => {
    const { actor, seen } = start();
    await waitFor(actor, (state) => state.matches('ready'));
    const stranger = activity(99, '2026-06-14T09:00:00.000Z');
    expect(actor.getSnapshot().can(toggle(stranger))).toBe(false);
    actor.send(toggle(stranger));
    expect(seen.saves).toEqual([]);
  });

  test('a tenant without activities is its own state; a failed load is logged and can be retried', async () => {
    const empty = start({ load: async () => [] });
    await waitFor(empty.actor, (state) => state.matches('empty'));

    const load = vi.fn<() => Promise<Activity[]>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(activities);
    const { actor, seen } = start({ load });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(seen.logged).toEqual([new Error('offline')]);
    actor.send({ type: 'retry' });
    await waitFor(actor, (state) => state.matches('ready'));
  });

  test('the clock actor is what moves the time', async () => {
    let tick!: (now: number) => void;
    const actor = createActor(
      activityListMachine.provide({
        actors: {
          loadRows: fromPromise<readonly Activity[], ListLoadRequest>(async () => activities),
          clock: fromCallback<ActivityListEvent>(({ sendBack }) => {
            tick = (now) => sendBack({ type: 'clock.tick', now });
          }),
        },
      }),
      { input: { tenantId: 1, now: NOW, address: '' } },
    );
    actor.start();
    await waitFor(actor, (state) => state.matches('ready'));
    tick(NOW + 3_600_000);
    expect(actor.getSnapshot().context.now).toBe(NOW + 3_600_000);
  });
});

describe('the address', () => {
  test('the view, search, sort and page are written to it; To do, by due time, is the plain address', async () => {
    const many = Array.from({ length: 12 }, (_, i) => activity(200 + i, new Date(NOW - (i + 1) * 3_600_000).toISOString(), false, `Call ${i}`));
    const { actor, seen } = start({ load: async () => many });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(seen.written.at(-1)).toBe('');
    actor.send({ type: 'filter.change', name: 'view', value: 'overdue' });
    actor.send({ type: 'search.change', value: 'call' });
    actor.send({ type: 'sort.toggle', key: 'subject' });
    actor.send({ type: 'page.next' });
    expect(seen.written.at(-1)).toBe('search=call&sort=subject&dir=asc&view=overdue&page=2');
  });

  test('an address opens the list as it describes; a view it does not know is To do', async () => {
    const { actor } = start({ address: 'view=done&search=proposal' });
    const ready = await waitFor(actor, (state) => state.matches('ready'));
    expect(ready.context.filters.view).toBe('done');
    expect(ids(ready.context.visible)).toEqual([2]);
    const unknown = start({ address: 'view=later' });
    expect((await waitFor(unknown.actor, (state) => state.matches('ready'))).context.filters.view).toBe('todo');
  });

  test('an address given to the open list (Back, a saved view) shows it without loading again', async () => {
    const { actor, seen } = start();
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'address.open', address: 'view=all&sort=due&dir=desc' });
    expect(ids(actor.getSnapshot().context.visible)).toEqual([3, 2, 1]);
    expect(seen.loads).toEqual([1]);
  });

  test('an unknown view from the screen is not taken', async () => {
    const { actor } = start();
    await waitFor(actor, (state) => state.matches('ready'));
    expect(actor.getSnapshot().can({ type: 'filter.change', name: 'view', value: 'later' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'filter.change', name: 'colour', value: 'todo' })).toBe(false);
  });
});

describe('paging', () => {
  // Twenty-three to do, due an hour apart from tomorrow on.
  const many = Array.from({ length: 23 }, (_, i) => activity(100 + i, new Date(NOW + (24 + i) * 3_600_000).toISOString(), false, `Visit ${i}`));

  test('goes by ten, within the pages there are; a search or another view starts again on the first', async () => {
    const { actor } = start({ load: async () => many });
    await waitFor(actor, (state) => state.matches('ready'));
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'page.previous' });
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'page.next' });
    actor.send({ type: 'page.next' });
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().context.page).toBe(3);
    actor.send({ type: 'page.go', page: 9 });
    expect(actor.getSnapshot().context.page).toBe(3);
    actor.send({ type: 'page.go', page: 2 });
    actor.send({ type: 'search.change', value: 'visit 1' });
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'page.go', page: 2 });
    actor.send({ type: 'filter.change', name: 'view', value: 'all' });
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  test('a row ticked done on the second page stays there, and so does the page', async () => {
    const { actor } = start({ load: async () => many });
    await waitFor(actor, (state) => state.matches('ready'));
    actor.send({ type: 'page.next' });
    const onPage = actor.getSnapshot().context.visible.slice(10, 20);
    actor.send(toggle(onPage[0]!));
    await waitFor(actor, (state) => state.matches({ ready: 'idle' }));
    const { page, visible } = actor.getSnapshot().context;
    expect(page).toBe(2);
    expect(ids(visible.slice(10, 20))).toEqual(ids(onPage));
  });
});
