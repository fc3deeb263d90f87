import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { updateAccess } from '../../src/domain/rules/index.ts';

/**
 * Section 6's roles, written out as a plain table so the server's rules are checked
 * against an independent statement of them: Super Admin (1) creates Admins and Users,
 * Admin (2) creates Users only; in the Update modal both may choose Admin or User for
 * anyone but the super admin; User (3) manages no users. Nobody creates a Super Admin,
 * nobody changes a Super Admin's role, nobody raises their own role; the super admin is
 * updated only through the admin endpoints, by a Super Admin: an Admin sees that record
 * read-only (src/domain/rules/roles.ts, updateAccess).
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
  return (caller === 1 || caller === 2) && target !== 1 && newRole !== 1;
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
      // The super admin keeping role 1 through the admin endpoint; an Admin staying Admin or stepping down to User.
      const mayKeepOrLower = (caller === 1 && newRole === 1) || (caller === 2 && newRole !== 1);
      expect(allowed).toHaveLength(mayKeepOrLower ? 1 : 0);
      expect(await roleOf(me.id)).toBe(mayKeepOrLower ? newRole : caller);
      expect(await roleOf(me.id)).toBeGreaterThanOrEqual(caller);
      await server.db.query('update users set role_id = $1 where id = $2', [caller, me.id]);
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

describe('the Update modal offers only what the server accepts (src/domain/rules/roles.ts, updateAccess)', () => {
  const pairs = roles.flatMap((caller) => roles.map((target) => ({ caller, target })));
  test.each(pairs)('caller role $caller, target role $target: every role offered saves, a read-only record is refused with its reason', async ({ caller, target }) => {
    const headers = await server.as(callers[caller].email);
    for (const offered of updateAccess({ id: callers[caller].id, role_id: caller }, { id: 0, role_id: target }).roles) {
      const person = await targetOfRole(target);
      const access = updateAccess({ id: callers[caller].id, role_id: caller }, { id: person.id, role_id: target });
      // The modal opens the row first: a manager may read every user, the super admin included.
      const read = await server.app.inject({ url: `/api/users/${person.id}`, headers });
      expect(read.statusCode).toBe(caller === 3 && person.id !== callers[caller].id ? 403 : 200);
      const family = access.endpoint === 'admin' ? 'admin/nohash' : 'nohash';
      const body = { name: person.name, email: person.email, password: '', role_id: offered };
      const saved = await server.app.inject({ method: 'PUT', url: `/api/users/${family}/${person.id}`, headers, payload: body });
      if (access.editable.size > 0) {
        expect(saved.statusCode, saved.body).toBe(200);
        expect(await roleOf(person.id)).toBe(offered);
      } else {
        expect(saved.statusCode).toBe(403);
        expect(saved.json()).toEqual({ message: access.reason });
      }
    }
  });

  test('as manager@demo.test (an Admin), updating a User to Admin succeeds', async () => {
    const person = await targetOfRole(3);
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/users/nohash/${person.id}`,
      headers: await server.as('manager@demo.test'),
      payload: { name: person.name, email: person.email, password: '', role_id: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await roleOf(person.id)).toBe(2);
  });

  test("an Admin may change nothing of the Super Admin, e-mail and password above all", async () => {
    const headers = await server.as('manager@demo.test');
    for (const [url, body] of [
      ['/api/users/admin/1', { name: 'Alex Admin', email: 'admin@demo.test', password: 'taken-over-password', role_id: 1 }],
      ['/api/users/admin/nohash/1', { name: 'Alex Admin', email: 'mine@demo.test', password: '', role_id: 1 }],
      ['/api/users/nohash/1', { name: 'Alex Admin', email: 'admin@demo.test', password: '', role_id: 2 }],
    ] as const) {
      expect((await server.app.inject({ method: 'PUT', url, headers, payload: body })).statusCode).toBe(403);
    }
    expect(await server.db.query('select email, role_id from users where id = 1')).toEqual([{ email: 'admin@demo.test', role_id: 1 }]);
  });
});
