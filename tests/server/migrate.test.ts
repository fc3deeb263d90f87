import { afterEach, expect, test } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { openTestDatabase } from '../support/server-harness.ts';

let storage: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
afterEach(async () => {
  await storage?.close();
  storage = undefined;
});

test('an empty database gets the schema once: a second migration applies nothing', async () => {
  storage = await openTestDatabase();
  expect(await migrate(storage.db)).toEqual(['001_baseline.sql']);
  expect(await migrate(storage.db)).toEqual([]);
  expect(await storage.db.query("select 1 from information_schema.tables where table_name = 'opportunities'")).toHaveLength(1);
});

test('a database made by the migrations before the baseline is refused, saying what to do, and left as it was', async () => {
  storage = await openTestDatabase();
  const { db } = storage;
  await db.query('create table schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  await db.query("insert into schema_migrations (name) values ('001_schema.sql'), ('002_oidc.sql')");
  await db.query('create table tenants (id serial primary key, name text not null unique)');

  await expect(migrate(db)).rejects.toThrow(
    /made by another version of the CRM \(it records the migration 001_schema\.sql[\s\S]*CRM_DATA_DIR[\s\S]*DATABASE_URL/,
  );
  expect(await db.query('select name from schema_migrations order by name')).toEqual([{ name: '001_schema.sql' }, { name: '002_oidc.sql' }]);
  expect(await db.query("select 1 from information_schema.tables where table_name = 'opportunities'")).toHaveLength(0);
});
