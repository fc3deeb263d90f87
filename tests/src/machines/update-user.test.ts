import { getShortestPaths } from '@xstate/graph';
import { describe, expect, test } from 'vitest';
import { createActor, fromPromise, waitFor, type EventFrom } from 'xstate';
import type { User } from '../../../src/api/client';
import type { UserUpdateRequest } from '../../../src/domain/users/update-route';
import { updateUserMachine } from '../../../src/machines/update-user';
import { makeUser } from '../../support/fixtures/users';

const ann = makeUser({ id: 5, name: 'Ann', email: 'ann@demo.test', role_id: 3, password: '********' });
const superAdmin = makeUser({ id: 1, name: 'Owner', email: 'owner@demo.test', role_id: 1, password: '********' });
// Another tenant's super admin: not user id 1, still the super admin.
const otherTenantOwner = makeUser({ id: 31, name: 'Gale', email: 'admin@globex.test', role_id: 1, password: '********' });
const listEmails = new Set(['ann@demo.test', 'bob@demo.test', 'owner@demo.test']);

function startUpdateUser(user: User, server?: (request: UserUpdateRequest) => Promise<User>) {
  const seen = { requests: [] as UserUpdateRequest[], successes: [] as string[], errors: [] as string[], logged: [] as unknown[] };
  const machine = updateUserMachine.provide({
    actors: {
      updateUser: fromPromise<User, UserUpdateRequest>(async ({ input }) => {
        seen.requests.push(input);
        return server ? server(input) : { ...user, ...input.body, password: '********' };
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => void seen.successes.push(message),
      notifyError: (_, { message }) => void seen.errors.push(message),
      logError: (_, { error }) => void seen.logged.push(error),
    },
  });
  const actor = createActor(machine, { input: { user, existingEmails: listEmails } }).start();
  return { actor, seen };
}

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
  ] as const)('%s = %j gives %s and sends nothing', (field, value, message) => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'form.change', field, value });
    actor.send({ type: 'form.submit' });
    expect(seen.errors).toEqual([message]);
    expect(seen.requests).toEqual([]);
  });

  test('an unchanged e-mail is not reported as a duplicate', async () => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(seen.errors).toEqual([]);
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

describe('failure and Close', () => {
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

  test('Close ends the modal unsaved', () => {
    const { actor, seen } = startUpdateUser(ann);
    actor.send({ type: 'form.change', field: 'name', value: 'Discarded' });
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().output).toEqual({ saved: false });
    expect(seen.requests).toEqual([]);
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
    { type: 'xstate.done.actor.updateUser', output: {} },
    { type: 'xstate.error.actor.updateUser', error: new Error('refused') },
  ] as unknown as Event[];

  test('for a User: 2^3 edits, each closable; the 4 that kept their own e-mail (Bob has the other) can be saved, each save ending apart: 8 + 8 + 4 + 4 paths', () => {
    const paths = getShortestPaths(updateUserMachine, { events, input: { user: ann, existingEmails: listEmails } });
    const count = (value: string) => paths.filter((path) => path.state.value === value).length;
    expect([count('editing'), count('closed'), count('saving'), count('updated')]).toEqual([8, 8, 4, 4]);
  });

  test('for the super admin the role never changes: 2^2 edits, closable, the 2 with their own e-mail savable: 4 + 4 + 2 + 2 paths', () => {
    const paths = getShortestPaths(updateUserMachine, { events, input: { user: superAdmin, existingEmails: listEmails } });
    expect(paths).toHaveLength(12);
    for (const path of paths) expect(path.state.context.form.role_id).toBe(1);
  });
});
