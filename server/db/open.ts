import { mkdirSync } from 'node:fs';
import type { PGlite as PGliteDatabase } from '@electric-sql/pglite';
import type { Database, Queryable } from './database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { isConnectionLoss, isReadOnly } from './connection-loss.ts';
import { isStorageFault } from './storage-faults.ts';

export interface StorageConfig {
  /** A PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where embedded PGlite keeps its files. */
  dataDir: string;
  /**
   * Told when PGlite's storage fails (disk full, I/O error) before the statement's error
   * is thrown; the server ends the process here, for its supervisor to restart.
   */
  onStorageFault?: ((error: Error) => void) | undefined;
}

/** Opens the configured storage: a PostgreSQL server when a URL is set, else PGlite on disk. */
export async function openDatabase(config: StorageConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir, config.onStorageFault);
}

const NUMERIC_OID = 1700;
const INT8_OID = 20;
const PGLITE_SHARED_BUFFERS = '32MB';
/** Long enough for a restarting PostgreSQL to take connections again, short against a person's patience. */
const READ_RETRY_DELAY_MS = 500;
/** A connection attempt to a server that does not answer fails instead of queueing the request for ever. */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPglite(dataDir: string, onStorageFault: StorageConfig['onStorageFault']): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The global search's trigram indexes need the extension's code loaded into PGlite.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  // relaxedDurability stays off: an answered write must survive a crash.
  let pg: PGliteDatabase;
  try {
    pg = await PGlite.create({
      dataDir,
      relaxedDurability: false,
      extensions: { pg_trgm },
      // NUMERIC arrives as a string by default; the API answers numbers.
      parsers: { [NUMERIC_OID]: Number, [INT8_OID]: Number },
      // PostgreSQL's default shared buffers (128 MB) would all stay resident in PGlite's
      // WebAssembly memory, which never shrinks; far fewer make a large import write and
      // read back its index pages over and over. A start parameter, not postgresqlconf,
      // which would overwrite the data directory's postgresql.conf.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const watched = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (onStorageFault && isStorageFault(error)) onStorageFault(error as Error);
      throw error;
    }
  };
  return {
    kind: 'pglite',
    query: <Row>(sql: string, params: readonly unknown[] = []) => watched(async () => (await pg.query<Row>(sql, params as unknown[])).rows),
    transaction: (work) =>
      watched(() => pg.transaction((tx) => work({ query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, params as unknown[])).rows }))),
    close: async () => {
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  // NUMERIC and BIGINT arrive as strings by default; the API answers numbers.
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
  pg.types.setTypeParser(pg.types.builtins.INT8, Number);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection cut while idle in the pool (a database restarting) would otherwise
  // crash the process; statements under way fail with the error, and the pool opens
  // new connections when the server is back.
  pool.on('error', () => {});
  await pool.query('select 1');
  const statement = (sql: string, params: readonly unknown[]) => ({ text: sql, values: params as unknown[] });
  return {
    kind: 'postgres',
    // The pool borrows a connection, and drops it rather than lending it again when it failed.
    // A read whose connection was lost is sent once more, after a pause, on a new connection:
    // a restart then costs the person a short wait instead of an error.
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        return (await pool.query(statement(sql, params))).rows as Row[];
      } catch (error) {
        if (!isConnectionLoss(error) || !isReadOnly(sql)) throw error;
        await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
        return (await pool.query(statement(sql, params))).rows as Row[];
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      // A connection cut while borrowed emits its error here, not on the pool.
      let cut: Error | undefined;
      const onCut = (error: Error) => void (cut = error);
      client.on('error', onCut);
      try {
        await client.query('begin');
        const result = await work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(statement(sql, params))).rows as Row[];
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection the server ended (a restart's 57P01) answers no more; it must not be lent again.
        if (isConnectionLoss(error)) cut ??= error as Error;
        // On a connection that is gone the rollback fails too; the server has rolled back already.
        await client.query('rollback').catch((rollbackError: Error) => void (cut ??= rollbackError));
        throw error;
      } finally {
        client.off('error', onCut);
        client.release(cut);
      }
    },
    close: () => pool.end(),
  };
}
