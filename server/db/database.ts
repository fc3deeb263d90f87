/**
 * The one storage interface the server speaks: plain SQL with `$1` parameters,
 * identical on embedded PGlite and on a PostgreSQL server.
 */
export interface Database {
  /** Runs one statement and returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction: all of it commits, or none of it does. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Hands `onNotification` the payload of every NOTIFY on `channel` from the moment
   * the returned promise resolves: those of this process's own statements before the
   * statement (or its transaction's commit) resolves, those of other sessions as they
   * arrive. When delivery can no longer be promised (the listening connection was
   * lost), `onInterrupted` is called once and nothing more is delivered.
   */
  listen(channel: string, onNotification: (payload: string) => void, onInterrupted: (why: Error) => void): Promise<Listening>;
  /** Which engine answers, for logs and for tests that run on both. */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface Listening {
  stop(): Promise<void>;
}

export type Queryable = Pick<Database, 'query'>;
