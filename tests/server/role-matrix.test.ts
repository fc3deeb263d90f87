import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

/**
 * Issue 4's roles, written out as a plain table so the server's rules are checked
 * against an independent statement of them: Super Admin (1) creates and edits Admins
 * and Users; Admin (2) creates and edits Users only; User (3) manages no users.
 * Nobody creates a Super Admin, nobody changes a Super Admin's role, nobody raises
 * their own role; the super admin is updated only through the admin endpoints, by
 * themselves.
 */
type Role = 1 | 2 | 3;
const roles: Role[] = [1, 2, 3];
const callers: Record<Role, { email: string; id: number }> = {
  1: { email: 'admin@demo.test', id: 1 },
  2: { email: 'manager@demo.test', id: 2 },
  3: { email: 'rep@demo.test', id: 3 },
};

function mayCreate(caller: Role, newRole: Role): boolean {
  return (caller === 1 && (newRole === 2 || newRole === 3)) || (caller === 2 && newRole === 3);
}

function mayUpdatePlain(caller: Role, target: Role, newRole: Role): boolean {
  if (caller === 1) return target !== 1 && newRole !== 1;
  if (caller === 2) return target === 3 && newRole === 3;
  return false;
}

function mayUpdateAdmin(caller: Role, target: Role, newRole: Role, isSelf: boolean): boolean {
  return caller === 1 && target === 1 && newRole === 1 && isSelf;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

let serial = 0;
/** A fresh target of that role; role 1 is the tenant's one super admin. */
async function targetOfRole(role: Role): Promise<{ id: number; email: string; name: string }> {
  if (role === 1) return { id: 1, email: 'admin@demo.test', name: 'Alex Admin' };
  const email = `target${++serial}@demo.test`;
  const [row] = await server.db.query<{ id: number }>(
    'insert into users (tenant_id, name, email, role_id) values (1, $1, $2, $3) returning id',
    [`Target ${serial}`, email, role],
  );
  return { id: row!.id, email, name: `Target ${serial}` };
}

async function roleOf(id: number): Promise<number> {
  const [row] = await server.db.query<{ role_id: number }>('select role_id from users where id = $1', [id]);
  return row!.role_id;
}

const cases = roles.flatMap((caller) => roles.flatMap((target) => roles.map((newRole) => ({ caller, target, newRole }))));

describe('updating another user', () => {
  test.each(cases)('caller role $caller, target role $target, new role $newRole', async ({ caller, target, newRole }) => {
    const headers = await server.as(callers[caller].email);
    const person = await targetOfRole(target);
    const body = { name: person.name, email: person.email, password: '', role_id: newRole };

    const plain = await server.app.inject({ method: 'PUT', url: `/api/users/nohash/${person.id}`, headers, payload: body });
    const plainAllowed = mayUpdatePlain(caller, target, newRole);
    expect(plain.statusCode).toBe(plainAllowed ? 200 : 403);
    expect(await roleOf(person.id)).toBe(plainAllowed ? newRole : target);

    const currentRole = (await roleOf(person.id)) as Role;
    const admin = await server.app.inject({ method: 'PUT', url: `/api/users/admin/nohash/${person.id}`, headers, payload: body });
    const adminAllowed = mayUpdateAdmin(caller, currentRole, newRole, callers[caller].id === person.id);
    expect(admin.statusCode).toBe(adminAllowed ? 200 : 403);
    expect(await roleOf(person.id)).toBe(adminAllowed ? newRole : currentRole);
  });
});

describe('updating oneself', () => {
  test.each(cases.filter(({ caller, target }) => caller === target))(
    'role $caller to role $newRole: nobody raises their own role',
    async ({ caller, newRole }) => {
      const me = callers[caller];
      const headers = await server.as(me.email);
      const [row] = await server.db.query<{ name: string }>('select name from users where id = $1', [me.id]);
      const body = { name: row!.name, email: me.email, password: '', role_id: newRole };
      const plain = await server.app.inject({ method: 'PUT', url: `/api/users/nohash/${me.id}`, headers, payload: body });
      const admin = await server.app.inject({ method: 'PUT', url: `/api/users/admin/nohash/${me.id}`, headers, payload: body });
      const allowed = [plain, admin].filter((response) => response.statusCode === 200);
      // Only the super admin keeping role 1 through the admin endpoint.
      expect(allowed).toHaveLength(caller === 1 && newRole === 1 ? 1 : 0);
      expect(await roleOf(me.id)).toBe(caller);
    },
  );
});

describe('creating a user', () => {
  test.each(roles.flatMap((caller) => roles.map((newRole) => ({ caller, newRole }))))(
    'caller role $caller creating role $newRole',
    async ({ caller, newRole }) => {
      const email = `created-${caller}-${newRole}@demo.test`;
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: await server.as(callers[caller].email),
        payload: { name: 'Created', email, password: 'created-password', role_id: newRole, status: 1 },
      });
      const allowed = mayCreate(caller, newRole);
      expect(response.statusCode).toBe(allowed ? 201 : 403);
      expect(await server.db.query('select role_id from users where email = $1', [email])).toEqual(allowed ? [{ role_id: newRole }] : []);
    },
  );
});
