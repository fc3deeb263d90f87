import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inject } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: any database login, even one with only CONNECT, could NOTIFY data_versions.
// '1 users not-a-number' killed every listening server process; '1 users 9000000000000000000'
// froze authorisation, so a demoted manager kept reading the user list.
let server: TestServer;
let forger: { notify(payload: string): Promise<void>; end(): Promise<void> };

beforeAll(async () => {
  server = await startTestServer();
  forger = await loginWithOnlyConnect(server);
});
afterAll(async () => {
  await forger?.end();
  await server?.close();
});

/**
 * On PostgreSQL, a role of its own that may only connect; PGlite has one session, the
 * server's own, so there the forgery comes through it.
 */
async function loginWithOnlyConnect(on: TestServer): Promise<typeof forger> {
  if (on.db.kind === 'pglite') {
    return { notify: async (payload) => void (await on.db.query('select pg_notify($1, $2)', ['data_versions', payload])), end: async () => {} };
  }
  const { default: pg } = await import('pg');
  const [database] = await on.db.query<{ name: string }>('select current_database() as name');
  const name = database!.name;
  const role = `forger_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  await admin.query(`create role ${role} login password '${password}' nosuperuser nocreatedb nocreaterole noinherit`);
  await admin.query(`grant connect on database ${name} to ${role}`);
  await admin.end();
  const url = new URL(inject('databaseUrl'));
  url.username = role;
  url.password = password;
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    notify: async (payload) => void (await client.query('select pg_notify($1, $2)', ['data_versions', payload])),
    end: () => client.end(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

test('a forged notification that is not a number neither kills the server nor changes what it answers', async () => {
  const [demo] = await server.db.query<{ id: number }>("select id from tenants where name = 'Demo'");
  await forger.notify(`${demo!.id} users not-a-number`);
  await forger.notify('garbage');
  await forger.notify(`${demo!.id} users -1`);
  await settle();
  const answer = await server.app.inject({ url: `/api/users/getAllData/${demo!.id}`, headers: await server.as('admin@demo.test') });
  expect(answer.statusCode).toBe(200);
});

test('a forged huge version does not freeze authorisation: a demoted manager loses the user list at once', async () => {
  const [demo] = await server.db.query<{ id: number }>("select id from tenants where name = 'Demo'");
  const list = `/api/users/getAllData/${demo!.id}`;
  const asManager = await server.as('manager@demo.test');
  expect((await server.app.inject({ url: list, headers: asManager })).statusCode).toBe(200);

  for (const subject of ['users', 'tenants']) await forger.notify(`${demo!.id} ${subject} 9000000000000000000`);
  await settle();

  const [manager] = await server.db.query<{ id: number; name: string; email: string }>("select id, name, email from users where email = 'manager@demo.test'");
  const demoted = await server.app.inject({
    method: 'PUT',
    url: `/api/users/nohash/${manager!.id}`,
    headers: await server.as('admin@demo.test'),
    payload: { name: manager!.name, email: manager!.email, password: '', role_id: 3 },
  });
  expect(demoted.json()).toMatchObject({ role_id: 3 });
  expect((await server.app.inject({ url: list, headers: asManager })).statusCode).toBe(403);
  expect((await server.app.inject({ url: list, headers: await server.as('manager@demo.test') })).statusCode).toBe(403);
});
