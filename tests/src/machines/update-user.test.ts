import { getShortestPaths } from '@xstate/graph';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFrom } from 'xstate';
import type { User } from '../../../src/api/client';
import { ADMIN, ROLE_IDS, SUPER_ADMIN, updateRefusal, USER, type Caller, type UserChangeableField } from '../../../src/domain/rules/roles';
import type { UserUpdateRequest } from '../../../src/domain/users/update-route';
import { updateUserMachine } from '../../../src/machines/update-user';
import { makeUser } from '../../support/fixtures/users';

const ann = makeUser({ id: 5, name: 'Ann', email: 'ann@demo.test', role_id: 3, password: '********' });
const superAdmin = makeUser({ id: 1, name: 'Owner', email: 'owner@demo.test', role_id: 1, password: '********' });
// Another tenant's super admin: not user id 1, still the super admin.
const otherTenantOwner = makeUser({ id: 31, name: 'Gale', email: 'admin@globex.test', role_id: 1, password: '********' });
const listEmails = new Set(['ann@demo.test', 'bob@demo.test', 'owner@demo.test']);

/** manager@demo.test: an Admin, the caller of the example. */
const manager: Caller = { id: 2, role_id: ADMIN };
/** A super admin is changed by a Super Admin: here, themselves. */
const callerFor = (user: User): Caller => (user.role_id === SUPER_ADMIN ? { id: user.id, role_id: SUPER_ADMIN } : manager);

function startUpdateUser(user: User, server?: (request: UserUpdateRequest) => Promise<User>, caller: Caller = callerFor(user)) {
  const seen = { requests: [] as UserUpdateRequest[], successes: [] as string[], logged: [] as unknown[], navigated: [] as string[] };
  const machine = updateUserMachine.provide({
    actors: {
      updateUser: fromPromise<User, UserUpdateRequest>(async ({ input }) => {
        seen.requests.push(input);
        return server ? server(input) : { ...user, ...input.body, password: '********' };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void seen.successes.push(message),
      logError: (_, { error }) => void seen.logged.push(error),
      navigate: (_, { to }) => void seen.navigated.push(to),
    },
  });
  const actor = createActor(machine, { input: { user, caller, existingEmails: listEmails } }).start();
  return { actor, seen };
}

const shownProblems = (actor: ReturnType<typeof startUpdateUser>['actor']) => actor.getSnapshot().context.problems;

describe('Update User opens', () => {
  test("with the user's name, email and role, and an empty New Password", () => {
    const { actor } = startUpdateUser(ann);
    expect(actor.getSnapshot().context.form).toEqual({ name: 'Ann', email: 'ann@demo.test', role_id: 3, newPassword: '' });
  });

  test('the role of a super admin cannot be changed', () => {
    const { actor } = startUpdateUser(superAdmin);
    for (const roleId of [1, 2, 3]) expect(actor.getSnapshot().can({ type: 'form.role.change', roleId })).toBe(false);
  });

  test('anyone else can be made Admin or User, never Super Admin', () => {
    const { actor } = startUpdateUser(ann);
    expect(actor.getSnapshot().can({ type: 'form.role.change', roleId: 2 })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.role.change', roleId: 3 })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'form.role.change', roleId: 1 })).toBe(false);
  });
});

describe('validation', () => {
  test.each([
    ['name', '', 'Must provide all fields'],
    ['email', ' ', 'Must provide all fields'],
    ['email', 'BOB@demo.test', 'Email already exists'],
    ['email', 'ann@demo', 'Invalid email format'],
  ] as const)('%s = %j gives %s under the field and sends nothing', (field, value, message) => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'form.change', field, value });
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual([{ field, message }]);
    expect(seen.requests).toEqual([]);
  });

  test('every problem at once, a short new password under New Password (the body calls it password)', () => {
    const { actor } = startUpdateUser(ann);
    actor.send({ type: 'form.change', field: 'name', value: '' });
    actor.send({ type: 'form.change', field: 'newPassword', value: 'x' });
    actor.send({ type: 'form.submit' });
    expect(shownProblems(actor)).toEqual([
      { field: 'name', message: 'Must provide all fields' },
      { field: 'password', message: 'The password must be longer than 8 characters.' },
    ]);
  });

  test('an unchanged e-mail is not reported as a duplicate', async () => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(seen.successes).toEqual(['User updated successfully']);
  });
});

describe('the endpoint follows the New Password and the user', () => {
  test.each([
    [ann, '', '/api/users/nohash/{id}', '********'],
    [ann, 'new-password-1', '/api/users/{id}', 'new-password-1'],
    [superAdmin, '', '/api/users/admin/nohash/{id}', '********'],
    [superAdmin, 'new-password-1', '/api/users/admin/{id}', 'new-password-1'],
    [otherTenantOwner, '', '/api/users/admin/nohash/{id}', '********'],
  ])('user %#: new password %j → PUT %s with password %j', async (user, newPassword, path, password) => {
    const { actor, seen } = startUpdateUser(user);
    actor.send({ type: 'form.change', field: 'name', value: `${user.name} Renamed` });
    actor.send({ type: 'form.change', field: 'newPassword', value: newPassword });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(seen.requests).toEqual([
      { path, id: user.id, body: { name: `${user.name} Renamed`, email: user.email, password, role_id: user.role_id } },
    ]);
    expect(seen.successes).toEqual(['User updated successfully']);
    expect(actor.getSnapshot().output).toEqual({ saved: true });
  });

  test('a changed role is sent', async () => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'form.role.change', roleId: 2 });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(seen.requests[0]!.body.role_id).toBe(2);
  });
});

describe('section 6: what the caller may change, decided before anything is typed', () => {
  test("an Admin sees the Super Admin read-only, with the reason, and cannot submit", () => {
    const { actor } = startUpdateUser(superAdmin, undefined, manager);
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.access.reason).toBe('Only a Super Admin can change the Super Admin.');
    expect(snapshot.can({ type: 'form.change', field: 'name', value: 'x' })).toBe(false);
    expect(snapshot.can({ type: 'form.change', field: 'newPassword', value: 'long-enough-1' })).toBe(false);
    expect(snapshot.can({ type: 'form.submit' })).toBe(false);
  });

  test("manager@demo.test (an Admin) makes a User an Admin: 'User updated successfully'", async () => {
    const { actor, seen } = startUpdateUser(ann, undefined, manager);
    actor.send({ type: 'form.role.change', roleId: ADMIN });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(seen.requests[0]).toMatchObject({ path: '/api/users/nohash/{id}', body: { role_id: ADMIN } });
    expect(seen.successes).toEqual(['User updated successfully']);
  });

  const people: User[] = [superAdmin, makeUser({ id: 2, role_id: ADMIN }), makeUser({ id: 3, role_id: ADMIN }), ann];
  const pairs = people.flatMap((caller) => people.map((user) => [caller, user] as const));

  test.each(pairs)('caller %# : everything the modal lets them submit, the server rule accepts', async (callerUser, user) => {
    const caller = { id: callerUser.id, role_id: callerUser.role_id };
    for (const roleId of ROLE_IDS) {
      for (const newPassword of ['', 'long-enough-1']) {
        const { actor, seen } = startUpdateUser(user, undefined, caller);
        if (actor.getSnapshot().can({ type: 'form.change', field: 'name', value: 'Renamed' })) {
          actor.send({ type: 'form.change', field: 'name', value: 'Renamed' });
        }
        if (!actor.getSnapshot().can({ type: 'form.role.change', roleId }) && roleId !== user.role_id) continue;
        actor.send({ type: 'form.role.change', roleId });
        if (actor.getSnapshot().can({ type: 'form.change', field: 'newPassword', value: newPassword })) {
          actor.send({ type: 'form.change', field: 'newPassword', value: newPassword });
        }
        if (!actor.getSnapshot().can({ type: 'form.submit' })) continue;
        actor.send({ type: 'form.submit' });
        await waitFor(actor, (snapshot) => snapshot.status === 'done');
        const [request] = seen.requests;
        const body = request!.body;
        const changes = new Set<UserChangeableField>();
        if (body.name !== user.name) changes.add('name');
        if (body.email !== user.email) changes.add('email');
        if (request!.path === '/api/users/{id}' || request!.path === '/api/users/admin/{id}') changes.add('password');
        if (body.role_id !== user.role_id) changes.add('role_id');
        const endpoint = request!.path.includes('/admin/') ? 'admin' : 'plain';
        expect(updateRefusal(caller, user, { changes, role_id: body.role_id, endpoint })).toBeNull();
      }
    }
  });

  test('a role the rules do not allow cannot be chosen: never Super Admin, and a User caller may change nothing', () => {
    const { actor } = startUpdateUser(ann, undefined, { id: 9, role_id: USER });
    expect(actor.getSnapshot().can({ type: 'form.role.change', roleId: ADMIN })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
  });
});

describe('failure and Close', () => {
  test("a refusal naming fields lands under them, what was typed stays, and the modal stays open", async () => {
    const refusal = Object.assign(new Error('Email already exists'), { status: 409, problems: [{ field: 'email', message: 'Email already exists' }] });
    const { actor, seen } = startUpdateUser(ann, async () => Promise.reject(refusal));
    actor.send({ type: 'form.change', field: 'email', value: 'someone.new@demo.test' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.value === 'editing');
    expect(shownProblems(actor)).toEqual([{ field: 'email', message: 'Email already exists' }]);
    expect(actor.getSnapshot().context.form.email).toBe('someone.new@demo.test');
    expect(seen.logged).toEqual([]);
  });

  test('a refused update keeps what was typed and can be sent again', async () => {
    const { actor, seen } = startUpdateUser(ann, async () => {
      throw new Error('Conflict');
    });
    actor.send({ type: 'form.change', field: 'name', value: 'Ann Typed' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.value === 'editing');
    expect(actor.getSnapshot().context.form.name).toBe('Ann Typed');
    expect(seen.logged).toHaveLength(1);
    expect(seen.successes).toEqual([]);
  });

  test('Close of an unchanged form ends the modal unsaved, unasked', () => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().output).toEqual({ saved: false });
    expect(seen.requests).toEqual([]);
  });

  test('Close of a changed form asks; keeping the changes keeps them; discarding ends the modal unsaved', () => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'form.change', field: 'name', value: 'Discarded' });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().hasTag('askingToLeave')).toBe(true);
    actor.send({ type: 'leave.cancel' });
    expect(actor.getSnapshot().context.form.name).toBe('Discarded');
    actor.send({ type: 'modal.close' });
    actor.send({ type: 'leave.confirm' });
    expect(actor.getSnapshot().output).toEqual({ saved: false });
    expect([seen.requests, seen.navigated]).toEqual([[], []]);
  });

  test('leaving the page with a changed form asks, then goes where the person was going', () => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'form.role.change', roleId: ADMIN });
    actor.send({ type: 'leave.request', to: '/salesperson' });
    expect(seen.navigated).toEqual([]);
    actor.send({ type: 'leave.confirm' });
    expect(seen.navigated).toEqual(['/salesperson']);
    expect(actor.getSnapshot().output).toEqual({ saved: false });
  });

  test('the read-only Super Admin has nothing to lose: Close and leaving go unasked', () => {
    const { actor } = startUpdateUser(superAdmin, undefined, manager);
    expect(actor.getSnapshot().can({ type: 'leave.request', to: '/dashboard' })).toBe(false);
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().output).toEqual({ saved: false });
  });
});

describe('model of the Update User modal', () => {
  type Event = EventFrom<typeof updateUserMachine>;
  const events = [
    { type: 'form.change', field: 'email', value: 'bob@demo.test' },
    { type: 'form.change', field: 'newPassword', value: 'new-password-1' },
    { type: 'form.role.change', roleId: 2 },
    { type: 'form.submit' },
    { type: 'modal.close' },
    { type: 'leave.confirm' },
    { type: 'xstate.done.actor.updateUser', output: {} },
    { type: 'xstate.error.actor.updateUser', error: new Error('refused') },
  ] as unknown as Event[];
  // States differ by where they are and what was typed; the problems shown follow from those.
  const serializeState = (state: { value: unknown; context: { form: unknown } }) => JSON.stringify({ value: state.value, form: state.context.form });

  test('for a User: 2^3 edits, each closable (the 7 changed ones after a question); the 4 that kept their own e-mail (Bob has the other) can be saved, each save ending apart: 8 + 7 + 8 + 4 + 4 paths', () => {
    const paths = getShortestPaths(updateUserMachine, { events, serializeState, input: { user: ann, caller: manager, existingEmails: listEmails } });
    const count = (value: string) => paths.filter((path) => path.state.value === value).length;
    expect([count('editing'), count('confirmingLeave'), count('closed'), count('saving'), count('updated')]).toEqual([8, 7, 8, 4, 4]);
  });

  test('for the super admin the role never changes: 2^2 edits, closable (3 after a question), the 2 with their own e-mail savable: 4 + 3 + 4 + 2 + 2 paths', () => {
    const paths = getShortestPaths(updateUserMachine, {
      events,
      serializeState,
      input: { user: superAdmin, caller: callerFor(superAdmin), existingEmails: listEmails },
    });
    expect(paths).toHaveLength(15);
    for (const path of paths) expect(path.state.context.form.role_id).toBe(1);
  });
});
