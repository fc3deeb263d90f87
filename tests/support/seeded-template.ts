import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase, type StorageConfig } from '../../server/db/open.ts';
import { seedDemoData } from '../../server/db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed PGlite data directory holding the migrated demo data, to copy for each test server. */
    seededDataDir: string;
    /** A database of the test cluster holding the migrated demo data, to make each test database from. */
    seededTemplate: string;
  }
}

/** The day the test data is seeded up to, so every count and date range is fixed. */
export const SEED_TODAY = new Date('2026-06-15T12:00:00Z');
export const DEMO_PASSWORD = 'demo-password';

/**
 * The server suite starts a few dozen servers, each on the demo data. Migrating and seeding
 * it once per run and copying the result for each server (a closed PGlite directory copied,
 * or a PostgreSQL database made from a template) gives every server the same fresh data
 * in a fraction of the time a new PGlite initdb, the migrations and the seed take.
 */
export async function seedInto(storage: StorageConfig): Promise<void> {
  const db = await openDatabase(storage);
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
}

export async function prepare(db: Database): Promise<void> {
  await migrate(db);
  await seedDemoData(db, { demoPassword: DEMO_PASSWORD, today: SEED_TODAY });
}

/** Copies the seeded PGlite directory into a new place of its own. */
export function copySeededDataDir(template: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-pglite-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** Vitest global setup of the 'server pglite' project: the seeded directory every test server copies. */
export default async function seedPgliteTemplate(project: TestProject): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'crm-pglite-template-'));
  const dataDir = join(root, 'data');
  await seedInto({ dataDir });
  project.provide('seededDataDir', dataDir);
  return () => rmSync(root, { recursive: true, force: true });
}
