import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../../server/accounts/passwords.ts';
import { expectRefusal } from '../support/refusals.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const ADMIN = 'admin@demo.test';
const MANAGER = 'manager@demo.test';
const REP = 'rep@demo.test';

async function call(email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return server.app.inject({ method, url, headers: await server.as(email), ...(payload ? { payload } : {}) });
}

async function userRow(id: number) {
  const [row] = await server.db.query<{ name: string; email: string; role_id: number; version: number }>(
    'select name, email, role_id, version from users where id = $1',
    [id],
  );
  return row!;
}

async function passwordHashOf(email: string): Promise<string | undefined> {
  const [row] = await server.db.query<{ password_hash: string }>('select password_hash from accounts where email = $1', [email]);
  return row?.password_hash;
}

async function insertUser(name: string, email: string, roleId: number): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(
    'insert into users (tenant_id, name, email, role_id) values (1, $1, $2, $3) returning id',
    [name, email, roleId],
  );
  return row!.id;
}

describe('GET /api/users/getAllData/{tenant_id}', () => {
  test('lists every user of the tenant with the role label and the password masked, never a hash', async () => {
    const response = await call(ADMIN, 'GET', '/api/users/getAllData/1');
    expect(response.statusCode).toBe(200);
    const users = response.json() as Array<Record<string, unknown>>;
    expect(users.length).toBeGreaterThanOrEqual(25);
    expect(users.every((user) => user.tenant_id === 1)).toBe(true);
    expect(users.find((user) => user.email === ADMIN)).toMatchObject({ id: 1, role_id: 1, role: 'Super Admin', password: '********' });
    expect(users.find((user) => user.email === MANAGER)).toMatchObject({ role_id: 2, role: 'Admin' });
    expect(users.find((user) => user.email === REP)).toMatchObject({ role_id: 3, role: 'User' });
    // No sign-in account yet: nothing to mask.
    expect(users.find((user) => user.email === 'newhire@demo.test')).toMatchObject({ password: '' });
  });

  test('is open to Admins and refused to Users (403)', async () => {
    expect((await call(MANAGER, 'GET', '/api/users/getAllData/1')).statusCode).toBe(200);
    const response = await call(REP, 'GET', '/api/users/getAllData/1');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('GET /api/users/{id}', () => {
  test('answers a user of the tenant', async () => {
    const response = await call(MANAGER, 'GET', '/api/users/3');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 3, email: REP, role: 'User', password: '********' });
  });

  test('lets a User read only their own record', async () => {
    expect((await call(REP, 'GET', '/api/users/3')).statusCode).toBe(200);
    expect((await call(REP, 'GET', '/api/users/2')).statusCode).toBe(403);
  });

  test("answers 404 'Not found' for an id nobody has", async () => {
    const response = await call(ADMIN, 'GET', '/api/users/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});

describe('POST /api/users', () => {
  test('creates the user in the caller’s tenant with its sign-in account (201), status 1', async () => {
    const response = await call(ADMIN, 'POST', '/api/users', {
      name: 'Created Person',
      email: 'Created.Person@demo.test',
      password: 'created-password',
      role_id: 3,
      status: 1,
      phone: '+4930123456',
      mobile: '+49151123456',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Created Person',
      email: 'created.person@demo.test',
      tenant_id: 1,
      role_id: 3,
      role: 'User',
      status: 1,
      password: '********',
      phone: '+4930123456',
    });
    const hash = await passwordHashOf('created.person@demo.test');
    expect(await verifyPassword(hash!, 'created-password')).toBe(true);
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'created.person@demo.test', password: 'another-password' },
    });
    expect(signUp.statusCode).toBe(409);
  });

  test("answers 409 'Email already exists' for a taken e-mail, in any case", async () => {
    const body = { name: 'Copy', email: 'REP@demo.test', password: 'copy-password', role_id: 3, status: 1 };
    const response = await call(ADMIN, 'POST', '/api/users', body);
    expectRefusal(response, { email: 'Email already exists' }, 409);
  });

  test('refuses to adopt the sign-in account of someone outside the CRM (409)', async () => {
    const body = { name: 'Outsider', email: 'outsider@demo.test', password: 'outsider-password', role_id: 3, status: 1 };
    expect((await call(ADMIN, 'POST', '/api/users', body)).statusCode).toBe(409);
    expect(await server.db.query('select 1 from users where email = $1', ['outsider@demo.test'])).toHaveLength(0);
  });

  test("refuses a phone number of the wrong shape with 400 'Invalid Phone number format'", async () => {
    const body = { name: 'Bad Phone', email: 'bad.phone@demo.test', password: 'bad-phone-password', role_id: 3, status: 1, phone: '12', mobile: '+0301' };
    const response = await call(ADMIN, 'POST', '/api/users', body);
    expectRefusal(response, { phone: 'Invalid Phone number format', mobile: 'Invalid Phone number format' });
  });
});

describe('PUT /api/users/{id} and /api/users/nohash/{id}', () => {
  test('the plain route sets the new password, stored as a fresh argon2id hash', async () => {
    const before = await passwordHashOf('jordan.baker@demo.test');
    const response = await call(ADMIN, 'PUT', '/api/users/4', {
      name: 'Jordan Baker',
      email: 'jordan.baker@demo.test',
      password: 'a-brand-new-password',
      role_id: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 4, password: '********' });
    const after = await passwordHashOf('jordan.baker@demo.test');
    expect(after).not.toBe(before);
    expect(await verifyPassword(after!, 'a-brand-new-password')).toBe(true);
  });

  test('the plain route refuses a new password of 8 characters (400)', async () => {
    const response = await call(ADMIN, 'PUT', '/api/users/4', { name: 'Jordan Baker', email: 'jordan.baker@demo.test', password: 'short123', role_id: 3 });
    expectRefusal(response, { password: 'The password must be longer than 8 characters.' });
  });

  test('the plain route creates the sign-in account of a user who has none', async () => {
    const id = await insertUser('No Account', 'no.account@demo.test', 3);
    const response = await call(ADMIN, 'PUT', `/api/users/${id}`, { name: 'No Account', email: 'no.account@demo.test', password: 'first-password', role_id: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json().password).toBe('********');
    expect(await verifyPassword((await passwordHashOf('no.account@demo.test'))!, 'first-password')).toBe(true);
  });

  test('the nohash route never touches the password, whatever the body holds', async () => {
    const before = await passwordHashOf('casey.chen@demo.test');
    const response = await call(MANAGER, 'PUT', '/api/users/nohash/5', {
      name: 'Casey Chen-Renamed',
      email: 'casey.chen@demo.test',
      password: 'this-would-be-a-new-password',
      role_id: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Casey Chen-Renamed', password: '********' });
    expect(await passwordHashOf('casey.chen@demo.test')).toBe(before);
  });

  test('an e-mail change moves the user, the sign-in account and the salesperson together', async () => {
    const response = await call(ADMIN, 'PUT', '/api/users/nohash/6', {
      name: 'Taylor Diaz',
      email: 'Taylor.Moved@demo.test',
      password: '********',
      role_id: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('taylor.moved@demo.test');
    expect(await server.db.query('select 1 from accounts where email = $1', ['taylor.moved@demo.test'])).toHaveLength(1);
    expect(await server.db.query('select 1 from accounts where email = $1', ['taylor.diaz@demo.test'])).toHaveLength(0);
    expect(await server.db.query('select email from salespersons where user_id = 6')).toEqual([{ email: 'taylor.moved@demo.test' }]);
  });

  test('a rename renames the salesperson too, so the salesperson list and the dashboard show the new name', async () => {
    const [salesperson] = await server.db.query<{ id: number; email: string }>('select id, email from salespersons where user_id = 8');
    const response = await call(ADMIN, 'PUT', '/api/users/nohash/8', { name: 'Renamed Rep', email: salesperson!.email, password: '', role_id: 3 });
    expect(response.statusCode).toBe(200);
    const listed = (await call(ADMIN, 'GET', '/api/salespersons/getAllData/1')).json() as Array<{ id: number; name: string }>;
    expect(listed.find((row) => row.id === salesperson!.id)?.name).toBe('Renamed Rep');
  });

  test("an e-mail taken by another user or account answers 409 'Email already exists' and changes nothing", async () => {
    const before = await userRow(7);
    for (const email of ['rep@demo.test', 'outsider@demo.test', 'admin@globex.test']) {
      const response = await call(ADMIN, 'PUT', '/api/users/nohash/7', { name: 'Changed Name', email, password: '', role_id: 3 });
      expectRefusal(response, { email: 'Email already exists' }, 409);
    }
    expect(await userRow(7)).toEqual(before);
  });
});

describe('PUT /api/users/admin/{id} and /api/users/admin/nohash/{id}', () => {
  test('the super admin updates themselves and sets a new password', async () => {
    const response = await call(ADMIN, 'PUT', '/api/users/admin/1', { name: 'Alex Admin', email: ADMIN, password: 'super-admin-password', role_id: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 1, role: 'Super Admin' });
    expect(await verifyPassword((await passwordHashOf(ADMIN))!, 'super-admin-password')).toBe(true);
  });

  test('the nohash admin route keeps the password', async () => {
    const before = await passwordHashOf(ADMIN);
    const response = await call(ADMIN, 'PUT', '/api/users/admin/nohash/1', { name: 'Alex The Admin', email: ADMIN, password: 'ignored-password', role_id: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Alex The Admin');
    expect(await passwordHashOf(ADMIN)).toBe(before);
  });

  test('the admin routes serve the super admin only: any other target is refused (403)', async () => {
    const response = await call(ADMIN, 'PUT', '/api/users/admin/nohash/3', { name: 'Riley Rep', email: REP, password: '', role_id: 3 });
    expect(response.statusCode).toBe(403);
  });

  test('the plain routes refuse the super admin as a target (403)', async () => {
    const response = await call(ADMIN, 'PUT', '/api/users/nohash/1', { name: 'Alex Admin', email: ADMIN, password: '', role_id: 1 });
    expect(response.statusCode).toBe(403);
  });
});

describe('concurrent updates of one user', () => {
  test('are never half-applied: name, e-mail, account and salesperson all come from one request, and none is lost', async () => {
    const id = 8;
    const before = await userRow(id);
    const writers = Array.from({ length: 20 }, (_, i) => i);
    const responses = await Promise.all(
      writers.map((i) =>
        call(ADMIN, 'PUT', `/api/users/nohash/${id}`, { name: `Writer ${i}`, email: `writer${i}@demo.test`, password: '', role_id: 3 }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(writers.map(() => 200));
    const after = await userRow(id);
    const winner = Number(/^Writer (\d+)$/.exec(after.name)![1]);
    expect(after.email).toBe(`writer${winner}@demo.test`);
    expect(after.version).toBe(before.version + writers.length);
    expect(await server.db.query('select 1 from accounts where email = $1', [after.email])).toHaveLength(1);
    expect(await server.db.query('select count(*)::int as n from accounts where email like $1', ['writer%@demo.test'])).toEqual([{ n: 1 }]);
    expect(await server.db.query('select email from salespersons where user_id = $1', [id])).toEqual([{ email: after.email }]);
  });

  test('with new passwords, the stored hash belongs to the same request as the stored name', async () => {
    const id = 9;
    const writers = Array.from({ length: 6 }, (_, i) => i);
    const email = (await userRow(id)).email;
    const responses = await Promise.all(
      writers.map((i) => call(ADMIN, 'PUT', `/api/users/${id}`, { name: `Racer ${i}`, email, password: `racer-password-${i}`, role_id: 3 })),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const winner = Number(/^Racer (\d+)$/.exec((await userRow(id)).name)![1]);
    expect(await verifyPassword((await passwordHashOf(email))!, `racer-password-${winner}`)).toBe(true);
  });
});
