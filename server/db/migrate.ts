import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies, in name order, every migration not yet recorded, each in its own
 * transaction together with its record, so a crash never leaves one half-applied.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const applied = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
  );
  const known = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  refuseUnknownMigrations([...applied], known);
  const pending = known.filter((name) => !applied.has(name));
  for (const name of pending) {
    const sql = await readFile(migrationsDir + name, 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    });
  }
  return pending;
}

/**
 * A database that recorded a migration this code does not have was made by another
 * version of the CRM (before its migrations were squashed into one baseline, or a newer
 * one): migrating it would mix two schemas, so it is refused with what to do instead.
 */
export function refuseUnknownMigrations(applied: string[], known: string[]): void {
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  throw new Error(
    `This database was made by another version of the CRM (it records the migration ${unknown[0]}, which this version does not have). ` +
      'Start with a new one: for the embedded database, move its data directory away or set CRM_DATA_DIR to an empty directory (npm start creates and seeds it); ' +
      'for PostgreSQL, create a new database and point DATABASE_URL at it. Export what you need through the CSV export first.',
  );
}

/** Migrations hold plain DDL: statements end at a semicolon that closes a line. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
