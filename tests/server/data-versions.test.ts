import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { watchDataVersions, type DataVersions } from '../../server/caching/data-versions.ts';
import type { Database, Queryable } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createTestStorage } from '../support/server-harness.ts';

// The server keeps the data's versions in memory, told of each change by the database
// (migration 009), so that the answer cache and the record of callers ask nothing per
// request (issue 8). Kept in memory, they must still never be older than a write the
// server has answered.

let db: Database;
let storage: Awaited<ReturnType<typeof createTestStorage>>;
let tenantId: number;
let otherTenantId: number;
let versions: DataVersions;

beforeAll(async () => {
  storage = await createTestStorage();
  db = await openDatabase(storage.storage);
  await migrate(db);
  tenantId = await newTenant('Versioned');
  otherTenantId = await newTenant('Unrelated');
  versions = await watchDataVersions(db);
});
afterAll(async () => {
  await versions?.stop();
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

describe('while listening', () => {
  test('knows every version of every tenant from the start', async () => {
    expect(versions.isLive()).toBe(true);
    for (const subject of ['users', 'tenants'] as const) {
      expect(await versions.current(tenantId, subject)).toBe(await stored(tenantId, subject));
    }
  });

  test('knows a write of this process the moment the write resolves, in or out of a transaction', async () => {
    const before = await versions.current(tenantId, 'users');
    await addUser(db, tenantId, 'second@versioned.test');
    const afterInsert = await versions.current(tenantId, 'users');
    expect(afterInsert).not.toBe(before);
    expect(afterInsert).toBe(await stored(tenantId, 'users'));

    await db.transaction((tx) => tx.query("update users set name = 'Renamed' where email = 'second@versioned.test'"));
    expect(await versions.current(tenantId, 'users')).not.toBe(afterInsert);
    expect(await versions.current(tenantId, 'users')).toBe(await stored(tenantId, 'users'));
  });

  test("moves only the written tenant's versions, and a rolled back write moves none", async () => {
    const other = await versions.current(otherTenantId, 'users');
    const own = await versions.current(tenantId, 'users');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("update users set name = 'Never' where tenant_id = $1", [tenantId]);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await versions.current(tenantId, 'users')).toBe(own);
    await db.query("update users set name = 'Again' where tenant_id = $1", [tenantId]);
    expect(await versions.current(otherTenantId, 'users')).toBe(other);
  });

  test("a change of the tenant's own row (its subscription) moves its tenants version", async () => {
    const before = await versions.current(tenantId, 'tenants');
    await db.query("update tenants set subscription_expires_at = now() + interval '1 year' where id = $1", [tenantId]);
    expect(await versions.current(tenantId, 'tenants')).not.toBe(before);
    expect(await versions.current(tenantId, 'tenants')).toBe(await stored(tenantId, 'tenants'));
  });

  test('a new tenant is known as soon as it is written', async () => {
    const created = await newTenant('Newcomer');
    expect(await versions.current(created, 'users')).toBe(await stored(created, 'users'));
    expect(await versions.current(created, 'tenants')).toBe(await stored(created, 'tenants'));
  });

  test('knows a write of another session as soon as it commits', async () => {
    const session = await anotherSession();
    onTestFinished(() => session.end());
    const before = await versions.current(tenantId, 'users');
    await addUser(session, tenantId, 'elsewhere@versioned.test');
    const written = await stored(tenantId, 'users');
    expect(written).not.toBe(before);
    const deadline = Date.now() + 2000;
    while ((await versions.current(tenantId, 'users')) !== written && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await versions.current(tenantId, 'users')).toBe(written);
  });
});

describe('when the announcements cannot be trusted', () => {
  /** The database, whose listening can be cut off as a lost connection would. */
  function interruptibleDatabase() {
    const cuts: Array<() => void> = [];
    const listened: string[] = [];
    const wrapped: Database = {
      ...db,
      async listen(channel, onNotification, onInterrupted) {
        let cut = false;
        listened.push(channel);
        const listening = await db.listen(channel, (payload) => cut || onNotification(payload), onInterrupted);
        cuts.push(() => {
          cut = true;
          onInterrupted(new Error('connection lost'));
        });
        return listening;
      },
    };
    return { wrapped, cutOff: () => cuts.at(-1)!(), listened };
  }

  test('every version is asked of the database until it listens again, and then kept once more', async () => {
    const { wrapped, cutOff, listened } = interruptibleDatabase();
    const watched = await watchDataVersions(wrapped, { firstRetryMs: 50 });
    onTestFinished(() => watched.stop());
    expect(watched.isLive()).toBe(true);
    const changes = watched.changeCount();

    cutOff();
    expect(watched.isLive()).toBe(false);
    expect(watched.changeCount()).toBeGreaterThan(changes);
    // Announced to nobody: only the database itself can tell.
    await addUser(db, tenantId, 'unannounced@versioned.test');
    expect(await watched.current(tenantId, 'users')).toBe(await stored(tenantId, 'users'));

    const deadline = Date.now() + 5000;
    while (!watched.isLive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(watched.isLive()).toBe(true);
    expect(listened).toHaveLength(2);
    expect(await watched.current(tenantId, 'users')).toBe(await stored(tenantId, 'users'));
  });

  test('a database that cannot listen at all is asked every time, and its answers are right', async () => {
    const silent: Database = { ...db, listen: () => Promise.reject(new Error('no notifications here')) };
    const watched = await watchDataVersions(silent, { firstRetryMs: 10_000 });
    onTestFinished(() => watched.stop());
    expect(watched.isLive()).toBe(false);
    await db.query("update users set name = 'Asked' where tenant_id = $1", [tenantId]);
    expect(await watched.current(tenantId, 'users')).toBe(await stored(tenantId, 'users'));
    expect(await watched.current(-1, 'users')).toBeUndefined();
  });
});
