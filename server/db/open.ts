import { mkdirSync } from 'node:fs';
import type { Database, Queryable } from './database.ts';
import { pgliteListen, postgresListening } from '../caching/notifications.ts';

export interface StorageConfig {
  /** A PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where embedded PGlite keeps its files. */
  dataDir: string;
}

/** Opens the configured storage: a PostgreSQL server when a URL is set, else PGlite on disk. */
export async function openDatabase(config: StorageConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

const NUMERIC_OID = 1700;
const INT8_OID = 20;
const PGLITE_SHARED_BUFFERS = '8MB';

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(dataDir, { recursive: true });
  // relaxedDurability stays off: an answered write must survive a crash.
  const pg = await PGlite.create({
    dataDir,
    relaxedDurability: false,
    // NUMERIC arrives as a string by default; the API answers numbers.
    parsers: { [NUMERIC_OID]: Number, [INT8_OID]: Number },
    // PostgreSQL's default 128 MB of shared buffers are all touched at start and stay
    // resident in PGlite's WebAssembly memory, which never shrinks: measured, 343 MB
    // resident after opening the bench's data against 222 MB with 16 MB, and no slower
    // (the OS still caches the files). 8 MB took a further 12–15 MB off the server's
    // peak under the bench's load, the analysis of a year no slower. A start
    // parameter, not postgresqlconf, which would overwrite the data directory's
    // postgresql.conf.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const asQueryable = (runner: Pick<typeof pg, 'query'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await runner.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
  });
  const root = asQueryable(pg);
  return {
    kind: 'pglite',
    query: root.query,
    transaction: (work) => pg.transaction((tx) => work(asQueryable(tx))),
    listen: pgliteListen(pg),
    close: () => pg.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  // NUMERIC and BIGINT arrive as strings by default; the API answers numbers.
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
  pg.types.setTypeParser(pg.types.builtins.INT8, Number);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const { listen, prepareToWrite } = postgresListening(() => new pg.Client({ connectionString: url }));
  // Every statement runs on a connection that hears its own notifications (see notifications.ts).
  const borrow = async () => {
    const client = await pool.connect();
    try {
      await prepareToWrite(client);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    return client;
  };
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const client = await borrow();
      try {
        const result = await client.query(sql, params as unknown[]);
        client.release();
        return result.rows as Row[];
      } catch (error) {
        // A statement the server refused leaves a sound connection; any other failure may not.
        client.release(error instanceof pg.DatabaseError ? undefined : (error as Error));
        throw error;
      }
    },
    async transaction(work) {
      const client = await borrow();
      try {
        await client.query('begin');
        const result = await work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(sql, params as unknown[])).rows as Row[];
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    listen,
    close: () => pool.end(),
  };
}
