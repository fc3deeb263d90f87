import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { currentDataVersion, DATA_SUBJECTS, LIST_SUBJECTS } from '../../server/caching/data-versions.ts';
import type { Database, Queryable } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createTestStorage } from '../support/server-harness.ts';

// The answer cache keeps an answer only while its data's version (migration 007, moved
// by triggers in the writing transaction) is unchanged: the version must move with every
// committed write of the tenant, whoever makes it, and with nothing else.

let db: Database;
let storage: Awaited<ReturnType<typeof createTestStorage>>;
let tenantId: number;
let otherTenantId: number;

beforeAll(async () => {
  storage = await createTestStorage();
  db = await openDatabase(storage.storage);
  await migrate(db);
  tenantId = await newTenant('Versioned');
  otherTenantId = await newTenant('Unrelated');
});
afterAll(async () => {
  await db?.close();
  await storage?.remove();
});

async function newTenant(name: string): Promise<number> {
  const [tenant] = await db.query<{ id: number }>('insert into tenants (name) values ($1) returning id', [name]);
  await addUser(db, tenant!.id, `first@${name.toLowerCase()}.test`);
  return tenant!.id;
}

function addUser(on: Queryable, tenant: number, email: string) {
  return on.query("insert into users (tenant_id, name, email, role_id, status) values ($1, 'Someone', $2, 3, 1)", [tenant, email]);
}

async function stored(tenant: number, subject: string): Promise<string | undefined> {
  const [row] = await db.query<{ version: number }>('select version from data_versions where tenant_id = $1 and subject = $2', [tenant, subject]);
  return row === undefined ? undefined : String(row.version);
}

/** Another session on the same data: its own connection on PostgreSQL; PGlite has only the one. */
async function anotherSession(): Promise<Queryable & { end(): Promise<void> }> {
  if (db.kind === 'pglite') return { query: db.query, end: async () => {} };
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: storage.storage.databaseUrl });
  await client.connect();
  return { query: async (sql, params) => (await client.query(sql, params as unknown[])).rows, end: () => client.end() };
}

const current = (tenant: number, subject: 'users' | 'opportunities') => currentDataVersion(db, tenant, subject);

test('a write moves the version, in or out of a transaction, and the read is what the table holds', async () => {
  const before = await current(tenantId, 'users');
  expect(before).toBe(await stored(tenantId, 'users'));
  await addUser(db, tenantId, 'second@versioned.test');
  const afterInsert = await current(tenantId, 'users');
  expect(afterInsert).not.toBe(before);
  await db.transaction((tx) => tx.query("update users set name = 'Renamed' where email = 'second@versioned.test'"));
  expect(await current(tenantId, 'users')).not.toBe(afterInsert);
});

test("moves only the written tenant's versions, and a rolled back write moves none", async () => {
  const other = await current(otherTenantId, 'users');
  const own = await current(tenantId, 'users');
  await expect(
    db.transaction(async (tx) => {
      await tx.query("update users set name = 'Never' where tenant_id = $1", [tenantId]);
      throw new Error('abandoned');
    }),
  ).rejects.toThrow('abandoned');
  expect(await current(tenantId, 'users')).toBe(own);
  await db.query("update users set name = 'Again' where tenant_id = $1", [tenantId]);
  expect(await current(otherTenantId, 'users')).toBe(other);
});

test("a sign-in account made or removed for a user moves the users version of the user's tenant (the list masks its password)", async () => {
  const before = await current(tenantId, 'users');
  await db.query("insert into accounts (email, password_hash, client_roles) values ('first@versioned.test', 'x', array['crm-access'])");
  const made = await current(tenantId, 'users');
  expect(made).not.toBe(before);
  await db.query("delete from accounts where email = 'first@versioned.test'");
  expect(await current(tenantId, 'users')).not.toBe(made);
});

test('a new tenant has versions as soon as it is written', async () => {
  const created = await newTenant('Newcomer');
  expect(await current(created, 'users')).toBe(await stored(created, 'users'));
  expect(await current(created, 'users')).toBeDefined();
});

test('a tenant has a version of every subject from its insert on, before any write of its data (migration 215)', async () => {
  // Two in one statement: the trigger gives each new tenant its own versions.
  const created = await db.query<{ id: number }>("insert into tenants (name) values ('Empty one'), ('Empty two') returning id");
  const versions = await db.query<{ tenant_id: number; subject: string; version: string }>(
    'select tenant_id, subject, version::text from data_versions where tenant_id = any($1::int[]) order by tenant_id, subject',
    [created.map((tenant) => tenant.id)],
  );
  const everySubject = [...DATA_SUBJECTS, ...LIST_SUBJECTS].sort();
  expect(versions.map((row) => [row.tenant_id, row.subject])).toEqual(created.flatMap((tenant) => everySubject.map((subject) => [tenant.id, subject])));
  // No two alike: each from the sequence.
  expect(new Set(versions.map((row) => row.version)).size).toBe(versions.length);
});

test("the subjects a new tenant gets versions of are the ones data_versions allows, and the server's", async () => {
  const [given] = await db.query<{ subjects: string[] }>('select tenant_data_subjects() as subjects');
  const [check] = await db.query<{ definition: string }>(
    "select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'data_versions'::regclass and contype = 'c'",
  );
  // The check's definition names each subject as a text literal: (subject = ANY (ARRAY['users'::text, …])).
  const allowed = [...check!.definition.matchAll(/'((?:[^']|'')*)'::text/gu)].map((match) => match[1]!.replaceAll("''", "'"));
  expect([...given!.subjects].sort()).toEqual(allowed.sort());
  expect([...given!.subjects].sort()).toEqual([...DATA_SUBJECTS, ...LIST_SUBJECTS].sort());
});

test('a write of another session counts as soon as it commits', async () => {
  const session = await anotherSession();
  onTestFinished(() => session.end());
  const before = await current(tenantId, 'users');
  await addUser(session, tenantId, 'elsewhere@versioned.test');
  expect(await current(tenantId, 'users')).not.toBe(before);
});

test('no database login can announce a version any more: the channel has no listener to mislead', async () => {
  const before = await current(tenantId, 'users');
  await db.query(`select pg_notify('data_versions', $1)`, [`${tenantId} users 9000000000000000000`]);
  await db.query(`select pg_notify('data_versions', '1 users not-a-number')`);
  expect(await current(tenantId, 'users')).toBe(before);
  await addUser(db, tenantId, 'after-forgery@versioned.test');
  expect(await current(tenantId, 'users')).not.toBe(before);
});
