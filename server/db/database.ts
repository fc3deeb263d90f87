/**
 * The one storage interface the server speaks: plain SQL with `$1` parameters,
 * identical on embedded PGlite and on a PostgreSQL server.
 */
export interface Database {
  /** Runs one statement and returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction: all of it commits, or none of it does. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Which engine answers, for logs and for tests that run on both. */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type Queryable = Pick<Database, 'query'>;
