/**
 * PGlite on a thread of its own (node:worker_threads): the server's thread then only does
 * HTTP, JSON and compression, and keeps accepting connections while a statement runs.
 * The server speaks to it through `./pglite-thread.ts`; this module is the thread's whole
 * life: open PGlite, answer statements and transactions in the order they come, close.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { keptPrepared } from './kept-prepared.ts';
import { pgliteStatements } from './pglite-statements.ts';

/** What the server's thread asks. `transaction` opens one; `query` with its id runs inside it. */
export type Request =
  | { id: number; type: 'query'; sql: string; params: readonly unknown[]; kept: boolean; transaction?: number }
  | { id: number; type: 'begin' }
  | { id: number; type: 'end'; transaction: number; commit: boolean }
  | { id: number; type: 'close' };

/** The answer to a request of the same id: its rows, or the error's own fields. */
export type Reply = { id: number; rows?: unknown[]; error?: ErrorFields };

export interface ErrorFields {
  message: string;
  [field: string]: unknown;
}

export interface PgliteWorkerData {
  dataDir: string;
}

const NUMERIC_OID = 1700;
const INT8_OID = 20;
const PGLITE_SHARED_BUFFERS = '8MB';

const port = parentPort!;
const { dataDir } = workerData as PgliteWorkerData;

// relaxedDurability stays off: an answered write must survive a crash.
const pg = await PGlite.create({
  dataDir,
  relaxedDurability: false,
  // Trigram search (migration 025, the global search) needs the extension's code loaded into PGlite.
  extensions: { pg_trgm },
  // NUMERIC arrives as a string by default; the API answers numbers.
  parsers: { [NUMERIC_OID]: Number, [INT8_OID]: Number },
  // PostgreSQL's default shared buffers are all touched at start and stay resident in
  // PGlite's WebAssembly memory, which never shrinks; small buffers cost no speed,
  // since the OS still caches the files (README, Performance). A start parameter,
  // not postgresqlconf, which would overwrite the data directory's postgresql.conf.
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
});
const statements = pgliteStatements(pg);

/** Open transactions: each settles when the server's thread says commit or roll back. */
const open = new Map<number, { commit: () => void; rollBack: (reason: Error) => void; ended: Promise<void> }>();

const reply = (message: Reply) => port.postMessage(message);
const failed = (id: number, error: unknown) => reply({ id, error: fieldsOf(error) });

port.on('message', (request: Request) => {
  switch (request.type) {
    case 'query': {
      // The kept texts are declared by the route modules, on the server's thread.
      if (request.kept) keptPrepared(request.sql);
      const rows =
        request.transaction === undefined
          ? statements.query(request.sql, request.params)
          : statements.queryInTransaction(request.sql, request.params);
      rows.then((found) => reply({ id: request.id, rows: found }), (error: unknown) => failed(request.id, error));
      return;
    }
    case 'begin': {
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      const ended = pg
        .transaction(
          () =>
            new Promise<void>((commit, rollBack) => {
              open.set(request.id, { commit, rollBack, ended });
              begun();
            }),
        )
        .then(() => undefined);
      // A transaction that could not begin answers its own request.
      ended.catch((error: unknown) => {
        if (!open.has(request.id)) failed(request.id, error);
      });
      void started.then(() => reply({ id: request.id }));
      return;
    }
    case 'end': {
      const transaction = open.get(request.transaction);
      if (!transaction) return failed(request.id, new Error('No such transaction'));
      open.delete(request.transaction);
      if (request.commit) transaction.commit();
      else transaction.rollBack(new Error('Rolled back'));
      transaction.ended.then(
        () => reply({ id: request.id }),
        (error: unknown) => (request.commit ? failed(request.id, error) : reply({ id: request.id })),
      );
      return;
    }
    case 'close':
      void pg.close().then(
        () => {
          reply({ id: request.id });
          port.close();
        },
        (error: unknown) => failed(request.id, error),
      );
  }
});

port.postMessage({ id: 0 } satisfies Reply);

/** An error's own fields (PostgreSQL's `code`, `detail`, `constraint`…), which cross threads as data. */
function fieldsOf(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || (typeof value === 'object' && value !== null)) continue;
    fields[key] = value;
  }
  return fields;
}
