import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import type { User } from '../../src/api/client.ts';
import { ADMIN, ROLE_REASONS, SUPER_ADMIN, USER, type Caller } from '../../src/domain/rules/roles.ts';
import { updateUserMachine, type UpdateUserTextField } from '../../src/machines/update-user.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// An Admin could set a peer Admin's password, then sign in as them and act in their name.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const MANAGER: Caller & { email: string } = { id: 2, role_id: ADMIN, email: 'manager@demo.test' };
const SUPER: Caller & { email: string } = { id: 1, role_id: SUPER_ADMIN, email: 'admin@demo.test' };

let serial = 0;
async function freshUser(role: number): Promise<User> {
  const email = `peer${++serial}@demo.test`;
  const [row] = await server.db.query<{ id: number }>('insert into users (tenant_id, name, email, role_id) values (1, $1, $2, $3) returning id', [
    `Peer ${serial}`,
    email,
    role,
  ]);
  return { id: row!.id, tenant_id: 1, name: `Peer ${serial}`, email, role_id: role, password: '********', status: 1 } as User;
}

type Change = 'name' | 'email' | 'newPassword' | 'role';
const CHANGES: Change[] = ['name', 'email', 'newPassword', 'role'];

/** What the screen offers: the Update modal's own machine, opened on that user by that caller. */
function screenOffers(caller: Caller, user: User, change: Change): boolean {
  const modal = createActor(updateUserMachine, { input: { user, caller, existingEmails: new Set<string>() } }).start();
  const snapshot = modal.getSnapshot();
  return change === 'role'
    ? snapshot.can({ type: 'form.role.change', roleId: user.role_id === ADMIN ? USER : ADMIN })
    : snapshot.can({ type: 'form.change', field: change as UpdateUserTextField, value: 'x' });
}

/** What the server does with a body that changes that one thing. */
async function serverAccepts(caller: Caller & { email: string }, user: User, change: Change): Promise<boolean> {
  const body = { name: user.name, email: user.email, role_id: user.role_id, password: '********' };
  let url = `/api/users/nohash/${user.id}`;
  if (change === 'name') body.name = `${user.name} Renamed`;
  if (change === 'email') body.email = `moved.${user.email}`;
  if (change === 'role') body.role_id = user.role_id === ADMIN ? USER : ADMIN;
  if (change === 'newPassword') {
    url = `/api/users/${user.id}`;
    body.password = 'tulip-harbour-42';
  }
  const answer = await server.app.inject({ method: 'PUT', url, headers: await server.as(caller.email), payload: body });
  expect([200, 403]).toContain(answer.statusCode);
  return answer.statusCode === 200;
}

describe("an Admin and a peer Admin's credentials", () => {
  test("an Admin may not set another Admin's password: refused, and the stored hash is untouched", async () => {
    const peer = await freshUser(ADMIN);
    await server.db.query("insert into accounts (email, password_hash, client_roles) values ($1, 'untouched', '{crm-access}')", [peer.email]);
    const answer = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${peer.id}`,
      headers: await server.as(MANAGER.email),
      payload: { name: peer.name, email: peer.email, password: 'tulip-harbour-42', role_id: ADMIN },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain(ROLE_REASONS.peerAdminCredentials);
    const [account] = await server.db.query<{ password_hash: string }>('select password_hash from accounts where email = $1', [peer.email]);
    expect(account!.password_hash).toBe('untouched');
  });

  test.each([
    { who: 'an Admin', caller: MANAGER, target: ADMIN, offered: { name: true, email: false, newPassword: false, role: true } },
    { who: 'an Admin', caller: MANAGER, target: USER, offered: { name: true, email: true, newPassword: true, role: true } },
    { who: 'the Super Admin', caller: SUPER, target: ADMIN, offered: { name: true, email: true, newPassword: true, role: true } },
  ])('$who on a role-$target user: the modal offers and the server accepts the same changes', async ({ caller, target, offered }) => {
    for (const change of CHANGES) {
      const screen = screenOffers(caller, await freshUser(target), change);
      const accepted = await serverAccepts(caller, await freshUser(target), change);
      expect({ change, screen, accepted }).toEqual({ change, screen: offered[change], accepted: offered[change] });
    }
  });

  test('an Admin still changes their own e-mail and password', async () => {
    const self = await freshUser(ADMIN);
    const caller = { id: self.id, role_id: ADMIN, email: self.email };
    await server.db.query("insert into accounts (email, password_hash, client_roles) values ($1, 'x', '{crm-access}')", [self.email]);
    expect(screenOffers(caller, self, 'newPassword')).toBe(true);
    expect(await serverAccepts(caller, self, 'newPassword')).toBe(true);
  });

  test('the modal says why the closed fields are closed', () => {
    const modal = createActor(updateUserMachine, { input: { user: { id: 40, role_id: ADMIN } as User, caller: MANAGER, existingEmails: new Set<string>() } }).start();
    expect(modal.getSnapshot().context.access.reason).toBe(ROLE_REASONS.peerAdminCredentials);
  });
});
