import { getAdjacencyMap, getShortestPaths, getStateNodes } from '@xstate/graph';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFrom } from 'xstate';
import type { Salesperson, SalespersonCreate, User, UserCreate } from '../../../src/api/client';
import type { UserUpdateRequest } from '../../../src/domain/users/update-route';
import { toRows, type UserRow } from '../../../src/domain/users/list-view';
import type { ListLoadRequest } from '../../../src/machines/browser-list';
import { createUserMachine } from '../../../src/machines/create-user';
import { updateUserMachine } from '../../../src/machines/update-user';
import { currentPageRows, pageIsSelected, userListMachine } from '../../../src/machines/user-list';
import { makeUser, tenantOfUsers } from '../../support/fixtures/users';

/** A user list over a fake server holding `users`, whose answers can be replaced. */
function startUserList(initial: User[], currentRoleId = 1, failFirstLoad = false, address = '') {
  const server = { users: initial, loads: [] as number[], failNextLoad: failFirstLoad };
  const seen = { successes: [] as string[], errors: [] as string[], logged: [] as unknown[], written: [] as string[] };
  const notify = {
    notifySuccess: (_: unknown, { message }: { message: string }) => void seen.successes.push(message),
    notifyError: (_: unknown, { message }: { message: string }) => void seen.errors.push(message),
    logError: (_: unknown, { error }: { error: unknown }) => void seen.logged.push(error),
  };
  const machine = userListMachine.provide({
    actors: {
      loadRows: fromPromise<readonly UserRow[], ListLoadRequest>(async ({ input }) => {
        server.loads.push(input.tenantId);
        if (server.failNextLoad) {
          server.failNextLoad = false;
          throw new Error('offline');
        }
        return toRows(server.users);
      }),
      createUserModal: createUserMachine.provide({
        actors: {
          createUser: fromPromise<User, UserCreate>(async ({ input }) => {
            const user = makeUser({ id: 1000, ...input });
            server.users = [...server.users, user];
            return user;
          }),
          createSalesperson: fromPromise<Salesperson, SalespersonCreate>(async ({ input }) => ({
            id: 1,
            latest_login: null,
            ...input,
          })),
        },
        actions: notify,
      }),
      updateUserModal: updateUserMachine.provide({
        actors: {
          updateUser: fromPromise<User, UserUpdateRequest>(async ({ input }) => {
            server.users = server.users.map((user) => (user.id === input.id ? { ...user, name: input.body.name } : user));
            return server.users.find((user) => user.id === input.id)!;
          }),
        },
        actions: notify,
      }),
    },
    actions: { logError: notify.logError, writeAddress: (_, { query }) => void seen.written.push(query) },
  });
  const actor = createActor(machine, { input: { tenantId: 4, address, currentUserId: 1, currentRoleId } }).start();
  return { actor, server, seen };
}

const loaded = (actor: ReturnType<typeof startUserList>['actor']) =>
  waitFor(actor, (snapshot) => snapshot.matches({ list: { ready: 'idle' } }));
const pageIds = (actor: ReturnType<typeof startUserList>['actor']) =>
  currentPageRows(actor.getSnapshot().context).map((row) => row.user.id);

describe('loading', () => {
  test("GET /api/users/getAllData/{tenant_id} with the stored profile's tenant, showing loading meanwhile", async () => {
    const { actor, server } = startUserList(tenantOfUsers(3));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await loaded(actor);
    expect(server.loads).toEqual([4]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
  });

  test('a failed load shows the failed state and can be retried', async () => {
    const { actor, server, seen } = startUserList(tenantOfUsers(3), 1, true);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'failed' }));
    expect(seen.logged).toHaveLength(1);
    actor.send({ type: 'retry' });
    await loaded(actor);
    expect(server.loads).toHaveLength(2);
    expect(actor.getSnapshot().context.rows).toHaveLength(3);
  });
});

describe('the address', () => {
  test('search, sort and page are written to it; the server order on page one is the plain address', async () => {
    const { actor, seen } = startUserList(tenantOfUsers(25));
    await loaded(actor);
    expect(seen.written.at(-1)).toBe('');
    actor.send({ type: 'search.change', value: 'user' });
    expect(seen.written.at(-1)).toBe('search=user');
    actor.send({ type: 'sort.toggle', key: 'email' });
    expect(seen.written.at(-1)).toBe('search=user&sort=email&dir=asc');
    actor.send({ type: 'page.next' });
    expect(seen.written.at(-1)).toBe('search=user&sort=email&dir=asc&page=2');
  });

  test('an address opens the list with its search, sort and page, the page within those there are', async () => {
    const users = tenantOfUsers(25);
    const { actor } = startUserList(users, 1, false, 'search=user&sort=name&dir=desc&page=9');
    await loaded(actor);
    const { context } = actor.getSnapshot();
    expect(context.search).toBe('user');
    expect(context.sort).toEqual({ key: 'name', direction: 'descending' });
    expect(context.page).toBe(Math.ceil(context.visible.length / 10));
    expect(context.visible.every((row) => row.searchText.includes('user'))).toBe(true);
  });

  test('an address given to the open list (Back, a saved view) shows it without loading again', async () => {
    const { actor, server } = startUserList(tenantOfUsers(25));
    await loaded(actor);
    actor.send({ type: 'address.open', address: 'sort=role&dir=desc&page=2' });
    const { context } = actor.getSnapshot();
    expect(context.sort).toEqual({ key: 'role', direction: 'descending' });
    expect(context.page).toBe(2);
    expect(server.loads).toEqual([4]);
  });
});

describe('refetching', () => {
  test('a failed refetch keeps the rows on screen and only logs', async () => {
    const { actor, server, seen } = startUserList(tenantOfUsers(3));
    await loaded(actor);
    server.failNextLoad = true;
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().matches({ list: { ready: 'reloading' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    await loaded(actor);
    expect(actor.getSnapshot().context.rows).toHaveLength(3);
    expect(seen.logged).toHaveLength(1);
  });

  test('a refresh asked for during a refetch starts it over, so a save is never missed', async () => {
    const answers: ((users: User[]) => void)[] = [];
    const machine = userListMachine.provide({
      actors: { loadRows: fromPromise<readonly UserRow[], ListLoadRequest>(() => new Promise((resolve) => answers.push((users) => resolve(toRows(users))))) },
    });
    const actor = createActor(machine, { input: { tenantId: 4, address: '', currentUserId: 1, currentRoleId: 1 } }).start();
    answers[0]!(tenantOfUsers(2));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: { ready: 'idle' } }));
    actor.send({ type: 'retry' });
    actor.send({ type: 'retry' });
    expect(answers).toHaveLength(3);
    answers[1]!(tenantOfUsers(2));
    answers[2]!(tenantOfUsers(3));
    await waitFor(actor, (snapshot) => snapshot.matches({ list: { ready: 'idle' } }));
    expect(actor.getSnapshot().context.rows).toHaveLength(3);
  });

  test('a refetch keeps the search, the sort and the page where it can', async () => {
    const { actor, server } = startUserList(tenantOfUsers(35));
    await loaded(actor);
    actor.send({ type: 'sort.toggle', key: 'email' });
    actor.send({ type: 'search.change', value: 'demo.test' });
    actor.send({ type: 'page.go', page: 4 });
    server.users = server.users.slice(0, 22);
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: { ready: 'idle' } }) && snapshot.context.rows.length === 22);
    const { context } = actor.getSnapshot();
    expect([context.search, context.sort?.key, context.page]).toEqual(['demo.test', 'email', 3]);
  });
});

describe('pages of 10', () => {
  test('25 users: pages 1 to 3, Previous impossible on the first, Next impossible on the last', async () => {
    const { actor } = startUserList(tenantOfUsers(25));
    await loaded(actor);
    expect(pageIds(actor)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(actor.getSnapshot().can({ type: 'page.previous' })).toBe(false);
    actor.send({ type: 'page.next' });
    actor.send({ type: 'page.next' });
    expect(pageIds(actor)).toEqual([21, 22, 23, 24, 25]);
    expect(actor.getSnapshot().can({ type: 'page.next' })).toBe(false);
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().context.page).toBe(3);
    actor.send({ type: 'page.previous' });
    expect(actor.getSnapshot().context.page).toBe(2);
    actor.send({ type: 'page.go', page: 99 });
    expect(actor.getSnapshot().context.page).toBe(3);
  });
});

describe('search and sort', () => {
  test('searching filters by name, email and role and goes back to page 1', async () => {
    const users = [
      makeUser({ id: 1, name: 'Zoe', email: 'zoe@demo.test', role_id: 2 }),
      makeUser({ id: 2, name: 'Adam', email: 'adam@else.test', role_id: 3 }),
      ...tenantOfUsers(30).map((user) => ({ ...user, id: user.id + 10 })),
    ];
    const { actor } = startUserList(users);
    await loaded(actor);
    actor.send({ type: 'page.next' });
    actor.send({ type: 'search.change', value: 'ELSE.test' });
    expect(actor.getSnapshot().context.page).toBe(1);
    expect(pageIds(actor)).toEqual([2]);
    actor.send({ type: 'search.change', value: 'admin' });
    expect(pageIds(actor)).toContain(1);
    expect(currentPageRows(actor.getSnapshot().context).every((row) => /admin/i.test(row.user.role))).toBe(true);
    actor.send({ type: 'search.change', value: 'nobody at all' });
    expect(actor.getSnapshot().context.visible).toEqual([]);
  });

  test('a header sorts ascending, again descending, and the search still applies', async () => {
    const users = ['Carol', 'alice', 'Bob'].map((name, i) => makeUser({ id: i + 1, name }));
    const { actor } = startUserList(users);
    await loaded(actor);
    actor.send({ type: 'sort.toggle', key: 'name' });
    expect(pageIds(actor)).toEqual([2, 3, 1]);
    actor.send({ type: 'sort.toggle', key: 'name' });
    expect(actor.getSnapshot().context.sort).toEqual({ key: 'name', direction: 'descending' });
    expect(pageIds(actor)).toEqual([1, 3, 2]);
    actor.send({ type: 'search.change', value: 'L' });
    expect(pageIds(actor)).toEqual([1, 2]);
  });
});

describe('selection', () => {
  test('rows are selected one by one; select-all selects and clears the shown page', async () => {
    const { actor } = startUserList(tenantOfUsers(15));
    await loaded(actor);
    actor.send({ type: 'selection.toggle', id: 3 });
    expect([...actor.getSnapshot().context.selected]).toEqual([3]);
    actor.send({ type: 'selection.page.toggle' });
    expect(actor.getSnapshot().context.selected.size).toBe(10);
    expect(pageIsSelected(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'selection.page.toggle' });
    expect(actor.getSnapshot().context.selected.size).toBe(0);
    actor.send({ type: 'selection.toggle', id: 3 });
    actor.send({ type: 'selection.toggle', id: 3 });
    expect(actor.getSnapshot().context.selected.size).toBe(0);
  });
});

describe('the modals are child actors of the list', () => {
  test('Create User opens only once the list is there to check e-mails against', async () => {
    const { actor } = startUserList(tenantOfUsers(2));
    expect(actor.getSnapshot().can({ type: 'modal.create.open' })).toBe(false);
    actor.send({ type: 'modal.create.open' });
    expect(actor.getSnapshot().children.createUserModal).toBeUndefined();
    await loaded(actor);
    expect(actor.getSnapshot().can({ type: 'modal.create.open' })).toBe(true);
  });

  test('Create User gets the signed-in role and the list e-mails; a save refetches the list', async () => {
    const { actor, server, seen } = startUserList(tenantOfUsers(12), 2);
    await loaded(actor);
    actor.send({ type: 'modal.create.open' });
    const modal = actor.getSnapshot().children.createUserModal!;
    expect(modal.getSnapshot().context.currentRoleId).toBe(2);
    expect(modal.getSnapshot().context.existingEmails.has('user12@demo.test')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'modal.update.open', userId: 1 })).toBe(false);

    modal.send({ type: 'form.change', field: 'email', value: 'user12@demo.test' });
    for (const field of ['name', 'password', 'phone', 'mobile'] as const) {
      modal.send({ type: 'form.change', field, value: field === 'password' ? 'tulip-harbour-42' : field === 'name' ? 'Nina' : '5551234' });
    }
    modal.send({ type: 'form.submit' });
    // The problem is shown under the e-mail field, not as a toast.
    expect(modal.getSnapshot().context.problems).toEqual([{ field: 'email', message: 'Email already exists' }]);
    expect(seen.errors).toEqual([]);

    modal.send({ type: 'form.change', field: 'email', value: 'nina@demo.test' });
    modal.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ modal: 'closed', list: { ready: 'idle' } }) && snapshot.context.rows.length === 13);
    expect(actor.getSnapshot().children.createUserModal).toBeUndefined();
    expect(seen.successes).toEqual(['User created successfully']);
    expect(server.loads).toHaveLength(2);
  });

  test('Update User edits the chosen user; the list then shows the server data', async () => {
    const { actor, server } = startUserList(tenantOfUsers(5));
    await loaded(actor);
    expect(actor.getSnapshot().can({ type: 'modal.update.open', userId: 404 })).toBe(false);
    actor.send({ type: 'modal.update.open', userId: 4 });
    const modal = actor.getSnapshot().children.updateUserModal!;
    expect(modal.getSnapshot().context.user.id).toBe(4);
    modal.send({ type: 'form.change', field: 'name', value: 'Renamed Four' });
    modal.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ modal: 'closed', list: { ready: 'idle' } }) && server.loads.length === 2);
    expect(actor.getSnapshot().context.rows.find((row) => row.user.id === 4)!.user.name).toBe('Renamed Four');
    expect(actor.getSnapshot().context.editedUser).toBeNull();
  });

  test('Close stops the modal and does not refetch', async () => {
    const { actor, server } = startUserList(tenantOfUsers(5));
    await loaded(actor);
    actor.send({ type: 'modal.update.open', userId: 2 });
    actor.getSnapshot().children.updateUserModal!.send({ type: 'modal.close' });
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true);
    expect(actor.getSnapshot().children.updateUserModal).toBeUndefined();
    expect(server.loads).toHaveLength(1);
  });
});

describe('model of the list and its modals', () => {
  type Event = EventFrom<typeof userListMachine>;
  const rows = toRows(tenantOfUsers(3));
  // The rows are loaded by two invocations (the first load, and the reload behind the rows).
  const loads = getStateNodes(userListMachine.root).flatMap((node) => node.invoke.filter((invoke) => invoke.src === 'loadRows').map((invoke) => invoke.id));
  const events = [
    ...loads.flatMap((id) => [
      { type: `xstate.done.actor.${id}`, output: rows },
      { type: `xstate.error.actor.${id}`, error: new Error('offline') },
    ]),
    { type: 'retry' },
    { type: 'modal.create.open' },
    { type: 'modal.update.open', userId: 2 },
    { type: 'xstate.done.actor.createUserModal', output: { saved: true } },
    { type: 'xstate.done.actor.createUserModal', output: { saved: false } },
    { type: 'xstate.done.actor.updateUserModal', output: { saved: true } },
    { type: 'xstate.done.actor.updateUserModal', output: { saved: false } },
  ] as unknown as Event[];
  const input = { tenantId: 4, address: '', currentUserId: 1, currentRoleId: 1 };
  const paths = getShortestPaths(userListMachine, { events, input });
  const reached = paths.map((path) => JSON.stringify(path.state.value)).sort();

  test('before a first load only loading and failed, no modal; then shown or reloading behind the rows × closed, creating or updating', () => {
    expect(loads).toHaveLength(2);
    expect(reached).toEqual(
      [
        { list: 'loading', modal: 'closed' },
        { list: 'failed', modal: 'closed' },
        ...['idle', 'reloading'].flatMap((ready) => ['closed', 'creating', 'updating'].map((modal) => ({ list: { ready }, modal }))),
      ]
        .map((value) => JSON.stringify(value))
        .sort(),
    );
    expect(paths).toHaveLength(8);
  });

  test('from every reachable modal state, a saved modal leads to a reload and a closed one never does', () => {
    const adjacency = getAdjacencyMap(userListMachine, { events, input });
    let checked = 0;
    for (const { state, transitions } of Object.values(adjacency)) {
      if (state.matches({ modal: 'closed' })) continue;
      const modal = state.matches({ modal: 'creating' }) ? 'createUserModal' : 'updateUserModal';
      const moves = Object.values(transitions) as { event: Event; state: typeof state }[];
      for (const { event, state: next } of moves) {
        const output = (event as unknown as { output?: { saved: boolean } }).output;
        if (event.type !== `xstate.done.actor.${modal}` || !output) continue;
        checked += 1;
        expect(next.matches({ modal: 'closed' })).toBe(true);
        if (output.saved) expect(next.matches({ list: { ready: 'reloading' } })).toBe(true);
        else expect((next.value as { list: unknown }).list).toEqual((state.value as { list: unknown }).list);
      }
    }
    // creating and updating, each while shown and while reloading, each saved or not.
    expect(checked).toBe(8);
  });
});
