/**
 * The `Database` of PGlite run on a thread of its own (./pglite-worker.ts). Each call is a
 * message to that thread and its answer a message back; rows cross as structured clones
 * (strings, numbers, dates, bytes), errors as their fields, so that `code` and `message`
 * read as they do from PGlite in this thread.
 */
import { Worker } from 'node:worker_threads';
import type { Database, Queryable } from './database.ts';
import { isKeptPrepared } from './kept-prepared.ts';
import type { ErrorFields, PgliteWorkerData, Reply, Request } from './pglite-worker.ts';

type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Asked = WithoutId<Request>;

export async function openPgliteThread(dataDir: string): Promise<Database> {
  // Run from its sources (the tests, tsx) the thread loads TypeScript too; compiled, JavaScript.
  const fromSources = import.meta.url.endsWith('.ts');
  const module = new URL(fromSources ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
  const workerData: PgliteWorkerData = { dataDir };
  // Node 20 does not pass a loader given by `--import` on to a worker: tsx is registered in it first.
  const worker = fromSources
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`, { eval: true, workerData })
    : new Worker(module, { workerData });

  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let ended: Error | undefined;
  let closing = false;

  const settleAll = (error: Error) => {
    ended = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    worker.unref();
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`PGlite's thread ended with ${code} before it opened`)));
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: Reply) => {
    const asked = waiting.get(reply.id);
    if (!asked) return;
    waiting.delete(reply.id);
    // An idle thread does not keep the process alive; one with work under way does.
    if (waiting.size === 0 && !closing) worker.unref();
    if (reply.error) asked.reject(errorOf(reply.error));
    else asked.resolve(reply.rows ?? []);
  });
  worker.on('error', (error) => settleAll(error));
  worker.on('exit', (code) => settleAll(new Error(`PGlite's thread ended (exit code ${code})`)));
  await ready;
  worker.unref();

  function ask(request: Asked, id = nextId++): Promise<unknown[]> {
    if (ended) return Promise.reject(ended);
    return new Promise((resolve, reject) => {
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as Request);
    });
  }

  const statement = (sql: string, params: readonly unknown[], transaction?: number) =>
    ask({ type: 'query', sql, params, kept: isKeptPrepared(sql), ...(transaction === undefined ? {} : { transaction }) });

  return {
    kind: 'pglite',
    query: <Row>(sql: string, params: readonly unknown[] = []) => statement(sql, params) as Promise<Row[]>,
    async transaction(work) {
      const id = nextId++;
      await ask({ type: 'begin' }, id);
      const inTransaction: Queryable = { query: <Row>(sql: string, params: readonly unknown[] = []) => statement(sql, params, id) as Promise<Row[]> };
      let result;
      try {
        result = await work(inTransaction);
      } catch (error) {
        await ask({ type: 'end', transaction: id, commit: false });
        throw error;
      }
      await ask({ type: 'end', transaction: id, commit: true });
      return result;
    },
    async close() {
      if (ended) return;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      closing = true;
      await ask({ type: 'close' });
      await exited;
    },
  };
}

/** PostgreSQL's error as PGlite gives it: its message, with `code`, `detail` and the rest as fields. */
function errorOf(fields: ErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}
