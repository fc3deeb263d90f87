/**
 * A throwaway PostgreSQL cluster for the figures measured on PostgreSQL, started
 * exactly as the server tests start theirs (as the `postgres` user when run as
 * root), holding a bench tenant of the size asked for.
 */
import type { TestProject } from 'vitest/node';
import startPostgresCluster from '../tests/support/postgres-cluster.ts';
import { openDatabase } from '../server/db/open.ts';
import { prepareLargeTenant, type LargeTenant, type TenantSize } from './large-tenant.ts';

export interface BenchCluster {
  databaseUrl: string;
  tenant: LargeTenant;
  stop(): Promise<void>;
}

export async function startBenchCluster(size: TenantSize): Promise<BenchCluster> {
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
    const tenant = await prepareLargeTenant(db, size);
    await db.close();
    return { databaseUrl: url.toString(), tenant, stop: stopCluster };
  } catch (error) {
    await stopCluster();
    throw error;
  }
}
