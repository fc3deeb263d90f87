/**
 * A throwaway PostgreSQL cluster for the analysis benchmark on PostgreSQL, started
 * exactly as the server tests start theirs (as the `postgres` user when run as
 * root), holding the same large tenant.
 */
import type { TestProject } from 'vitest/node';
import startPostgresCluster from '../tests/support/postgres-cluster.ts';
import { openDatabase } from '../server/db/open.ts';
import { prepareLargeTenant, type LargeTenant } from './large-tenant.ts';

export interface BenchCluster {
  databaseUrl: string;
  tenant: LargeTenant;
  stop(): Promise<void>;
}

export async function startBenchCluster(): Promise<BenchCluster> {
  let adminUrl = '';
  // The cluster's setup reports its address the way Vitest's global setups do (among what else it provides).
  const provider = {
    provide: (key: string, value: string) => {
      if (key === 'databaseUrl') adminUrl = value;
    },
  } as unknown as TestProject;
  const stopCluster = await startPostgresCluster(provider);
  try {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('create database crm_bench');
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/crm_bench';
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    const tenant = await prepareLargeTenant(db);
    await db.close();
    return { databaseUrl: url.toString(), tenant, stop: stopCluster };
  } catch (error) {
    await stopCluster();
    throw error;
  }
}
