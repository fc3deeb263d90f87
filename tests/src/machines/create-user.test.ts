import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFrom } from 'xstate';
import type { Salesperson, SalespersonCreate, User, UserCreate } from '../../../src/api/client';
import { createUserMachine } from '../../../src/machines/create-user';
import { makeUser } from '../../support/fixtures/users';

interface Server {
  createUser?: (body: UserCreate) => Promise<User>;
  createSalesperson?: (body: SalespersonCreate) => Promise<Salesperson>;
}

function startCreateUser(currentRoleId: number, server: Server = {}, existing = ['taken@demo.test']) {
  const seen = {
    users: [] as UserCreate[],
    salespersons: [] as SalespersonCreate[],
    successes: [] as string[],
    logged: [] as unknown[],
    navigated: [] as string[],
  };
  const machine = createUserMachine.provide({
    actors: {
      createUser: fromPromise<User, UserCreate>(async ({ input }) => {
        seen.users.push(input);
        return server.createUser ? server.createUser(input) : makeUser({ id: 99, ...input, password: '********' });
      }),
      createSalesperson: fromPromise<Salesperson, SalespersonCreate>(async ({ input }) => {
        seen.salespersons.push(input);
        if (server.createSalesperson) return server.createSalesperson(input);
        return { id: 7, latest_login: null, ...input };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void seen.successes.push(message),
      logError: (_, { error }) => void seen.logged.push(error),
      navigate: (_, { to }) => void seen.navigated.push(to),
    },
  });
  const actor = createActor(machine, { input: { currentRoleId, existingEmails: new Set(existing) } }).start();
  return { actor, seen };
}

type Actor = ReturnType<typeof startCreateUser>['actor'];

function fillValid(actor: Actor) {
  const values = {
    name: 'New Rep',
    email: 'new.rep@demo.test',
    password: 'tulip-harbour-42',
    phone: '+15550100',
    mobile: '5550101',
  } as const;
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'form.change', field: field as keyof typeof values, value });
  }
}

describe('Create User opens', () => {
  test('with every field empty and the role at its default, 3 (User)', () => {
    const { actor } = startCreateUser(1);
    expect(actor.getSnapshot().context.form).toEqual({
      name: '',
      email: '',
      password: '',
      role_id: 3,
      phone: '',
      mobile: '',
    });
  });
});

describe('which roles can be chosen', () => {
  test('an Admin (role 2) can only choose User: Admin and Super Admin are not possible', () => {
    const { actor } = startCreateUser(2);
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'form.role.change', roleId: 3 })).toBe(true);
    expect(snapshot.can({ type: 'form.role.change', roleId: 2 })).toBe(false);
    expect(snapshot.can({ type: 'form.role.change', roleId: 1 })).toBe(false);
    actor.send({ type: 'form.role.change', roleId: 2 });
    expect(actor.getSnapshot().context.form.role_id).toBe(3);
  });

  test('a Super Admin can choose Admin or User, never Super Admin', () => {
    const { actor } = startCreateUser(1);
    expect(actor.getSnapshot().can({ type: 'form.role.change', roleId: 2 })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.role.change', roleId: 1 })).toBe(false);
    actor.send({ type: 'form.role.change', roleId: 2 });
    expect(actor.getSnapshot().context.form.role_id).toBe(2);
  });
});

describe('validation stops the request with the spec message', () => {
  test.each([
    ['name', '', 'Must provide all fields'],
    ['password', '', 'Must provide all fields'],
    ['mobile', '', 'Must provide all fields'],
    ['email', 'TAKEN@demo.test', 'Email already exists'],
    ['email', 'not-an-email', 'Invalid email format'],
    ['phone', '0123', 'Invalid Phone number format'],
    ['mobile', '+1 555 0101', 'Invalid Phone number format'],
  ] as const)('%s = %j gives %s under the field', async (field, value, message) => {
    const { actor, seen } = startCreateUser(1);
    fillValid(actor);
    actor.send({ type: 'form.change', field, value });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problems).toEqual([{ field, message }]);
    expect(seen.users).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('creating', () => {
  test("POST /api/users, then POST /api/salespersons, then 'User created successfully' and the list must refetch", async () => {
    const { actor, seen } = startCreateUser(2);
    fillValid(actor);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(seen.users).toEqual([
      { name: 'New Rep', email: 'new.rep@demo.test', password: 'tulip-harbour-42', role_id: 3, status: 1 },
    ]);
    expect(seen.salespersons).toEqual([
      { name: 'New Rep', email: 'new.rep@demo.test', phone: '+15550100', mobile: '5550101', status: 1 },
    ]);
    expect(seen.successes).toEqual(['User created successfully']);
    expect(actor.getSnapshot().output).toEqual({ saved: true });
  });

  test('a refused user keeps everything typed and the form can be sent again', async () => {
    const refusal = new Error('Email already exists');
    const { actor, seen } = startCreateUser(1, {
      createUser: async () => {
        throw refusal;
      },
    });
    fillValid(actor);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.value === 'editing');
    expect(seen.logged).toEqual([refusal]);
    expect(seen.salespersons).toEqual([]);
    expect(seen.successes).toEqual([]);
    expect(actor.getSnapshot().context.form).toMatchObject({ name: 'New Rep', email: 'new.rep@demo.test' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  test('when only the salesperson step fails the modal still ends as saved, since the user exists', async () => {
    const { actor, seen } = startCreateUser(1, {
      createSalesperson: async () => {
        throw new Error('conflict');
      },
    });
    fillValid(actor);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(seen.successes).toEqual([]);
    expect(seen.logged).toHaveLength(1);
    expect(actor.getSnapshot().output).toEqual({ saved: true });
  });

  test('Close of a form nothing was typed in ends the modal unsaved, unasked', () => {
    const { actor, seen } = startCreateUser(1);
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ saved: false });
    expect(seen.users).toEqual([]);
  });
});

describe('closing or leaving with changes asks first', () => {
  test('Close of a changed form asks; keeping the changes brings the form back as typed; discarding ends the modal unsaved', () => {
    const { actor, seen } = startCreateUser(1);
    fillValid(actor);
    const typed = actor.getSnapshot().context.form;
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().hasTag('askingToLeave')).toBe(true);
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'leave.cancel' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.form).toEqual(typed);
    actor.send({ type: 'modal.close' });
    actor.send({ type: 'leave.confirm' });
    expect(actor.getSnapshot().output).toEqual({ saved: false });
    expect([seen.users, seen.navigated]).toEqual([[], []]);
  });

  test('leaving the page with a changed form asks; confirming goes where the person was going', () => {
    const { actor, seen } = startCreateUser(1);
    actor.send({ type: 'form.change', field: 'name', value: 'Half typed' });
    actor.send({ type: 'leave.request', to: '/dashboard' });
    expect(actor.getSnapshot().hasTag('askingToLeave')).toBe(true);
    expect(seen.navigated).toEqual([]);
    actor.send({ type: 'leave.confirm' });
    expect(seen.navigated).toEqual(['/dashboard']);
    expect(actor.getSnapshot().output).toEqual({ saved: false });
  });

  test('a form typed back to how it opened is not a change: Close and leaving go unasked', () => {
    const { actor } = startCreateUser(1);
    actor.send({ type: 'form.change', field: 'name', value: 'Typo' });
    actor.send({ type: 'form.change', field: 'name', value: '' });
    expect(actor.getSnapshot().can({ type: 'leave.request', to: '/dashboard' })).toBe(false);
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().output).toEqual({ saved: false });
  });

  test('a refused save returns to the changed form, which still asks before closing', async () => {
    const { actor } = startCreateUser(1, { createUser: async () => Promise.reject(new Error('offline')) });
    fillValid(actor);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('editing'));
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().hasTag('askingToLeave')).toBe(true);
  });
});

describe('model of the Create User modal for an Admin', () => {
  type Event = EventFrom<typeof createUserMachine>;
  const events = [
    { type: 'form.change', field: 'name', value: 'New Rep' },
    { type: 'form.change', field: 'email', value: 'new.rep@demo.test' },
    { type: 'form.change', field: 'password', value: 'tulip-harbour-42' },
    { type: 'form.change', field: 'phone', value: '+15550100' },
    { type: 'form.change', field: 'mobile', value: '5550101' },
    { type: 'form.role.change', roleId: 1 },
    { type: 'form.role.change', roleId: 2 },
    { type: 'form.role.change', roleId: 3 },
    { type: 'form.submit' },
    { type: 'modal.close' },
    { type: 'leave.confirm' },
    { type: 'xstate.done.actor.createUser', output: {} },
    { type: 'xstate.error.actor.createUser', error: new Error('refused') },
    { type: 'xstate.done.actor.createSalesperson', output: {} },
    { type: 'xstate.error.actor.createSalesperson', error: new Error('refused') },
  ] as unknown as Event[];
  const input = { currentRoleId: 2, existingEmails: new Set<string>() };
  // States differ by where they are and what was typed; the problems shown follow from those.
  const serializeState = (state: { value: unknown; context: { form: unknown } }) => JSON.stringify({ value: state.value, form: state.context.form });

  test('2^5 ways to have filled the form while editing, each of which can be closed, the 31 changed ones after a question: 32 + 31 + 32 + 4 shortest paths', () => {
    const paths = getShortestPaths(createUserMachine, { events, input, serializeState });
    const byState = (value: string) => paths.filter((path) => path.state.value === value).length;
    // The role never leaves 3 for an Admin, so only the five text fields vary.
    expect(byState('editing')).toBe(32);
    expect(byState('confirmingLeave')).toBe(31);
    expect(byState('closed')).toBe(32);
    expect([byState('creatingUser'), byState('creatingSalesperson'), byState('created'), byState('createdWithoutSalesperson')]).toEqual([1, 1, 1, 1]);
    expect(paths).toHaveLength(99);
  });

  test('no reachable state has an Admin-chosen role other than User', () => {
    const adjacency = getAdjacencyMap(createUserMachine, { events, input, serializeState });
    for (const { state } of Object.values(adjacency)) expect(state.context.form.role_id).toBe(3);
  });

  test('no busy state accepts a submit, an edit or Close', () => {
    const adjacency = getAdjacencyMap(createUserMachine, { events, input, serializeState });
    const busy = Object.values(adjacency).filter(({ state }) => state.hasTag('busy'));
    expect(busy).toHaveLength(2);
    for (const { state } of busy) {
      expect(state.can({ type: 'form.submit' })).toBe(false);
      expect(state.can({ type: 'modal.close' })).toBe(false);
      expect(state.can({ type: 'form.change', field: 'name', value: 'x' })).toBe(false);
    }
  });
});
