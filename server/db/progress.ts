import type { Database, Queryable } from './database.ts';

/** What the database is doing, told without asking it anything. */
export interface Activity {
  /** Statements and transactions sent and not yet settled. */
  inFlight: number;
  /** When a statement last settled, answered or refused, or work began on an idle database (ms since the epoch). */
  lastProgressAt: number;
}

/** A database that can tell its activity. */
export interface WatchedDatabase extends Database {
  activity(): Activity;
}

/**
 * The database with its activity counted, so a health check can tell a database busy
 * with long work (statements settling one after another) from one that stopped answering,
 * without sending a statement that would wait behind that work: PGlite's one connection
 * runs a statement only once every earlier one, an import's whole transaction included, is done.
 */
export function watchProgress(db: Database): WatchedDatabase {
  let inFlight = 0;
  let lastProgressAt = Date.now();
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    // Work arriving at an idle database has waited for nothing yet.
    if (inFlight++ === 0) lastProgressAt = Date.now();
    try {
      return await work();
    } finally {
      inFlight--;
      lastProgressAt = Date.now();
    }
  };
  const settles = (tx: Queryable): Queryable => ({
    query: async (sql, params) => {
      try {
        return await tx.query(sql, params);
      } finally {
        lastProgressAt = Date.now();
      }
    },
  });
  return {
    kind: db.kind,
    query: (sql, params) => counted(() => db.query(sql, params)),
    transaction: (work) => counted(() => db.transaction((tx) => work(settles(tx)))),
    close: () => db.close(),
    activity: () => ({ inFlight, lastProgressAt }),
  };
}
