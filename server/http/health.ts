import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { WatchedDatabase } from '../db/progress.ts';
import { freeBytes, megabytes } from '../disk-space.ts';

/** Longer than any statement waits in PGlite's queue under a load it can carry. */
export const HEALTH_TIMEOUT_MS = 5_000;
/** Longer than any one statement of a batch takes; work that settles nothing this long is stuck. */
export const STALL_LIMIT_MS = 10_000;
export const DATABASE_SILENT = 'The database does not answer.';

export interface HealthOptions {
  db: Database | WatchedDatabase;
  /** PGlite's data directory, whose free space readiness reports; none for PostgreSQL, whose disk is not this server's. */
  dataDir?: string | undefined;
  /** Below this much free space the server is not ready: a write could fail for want of room. */
  minFreeBytes?: number;
  timeoutMs?: number;
  stallMs?: number;
}

/**
 * Liveness apart from readiness, as orchestrators and supervisors ask:
 * - `GET /healthz/live`: the process answers. Nothing else is asked, so a server busy
 *   with a long import is not restarted for it.
 * - `GET /healthz` and `GET /healthz/ready`: the server can serve now: the database
 *   answers (a dead PGlite, an unreachable PostgreSQL make the server look as ill as it
 *   is) and its data directory has room to write. PGlite runs one statement at a time, so
 *   while work is under way readiness judges it by its progress instead of queueing behind it.
 */
export default async function healthCheck(
  app: FastifyInstance,
  { db, dataDir, minFreeBytes = 0, timeoutMs = HEALTH_TIMEOUT_MS, stallMs = STALL_LIMIT_MS }: HealthOptions,
): Promise<void> {
  app.get('/healthz/live', async () => ({ status: 'ok' }));

  const readiness = async (request: FastifyRequest, reply: FastifyReply) => {
    const free = dataDir ? freeBytes(dataDir) : undefined;
    const space = free === undefined ? {} : { freeMegabytes: megabytes(free) };
    const unavailable = (message: string) => reply.code(503).send({ status: 'unavailable', database: db.kind, ...space, message });
    const problem = await databaseProblem(db, timeoutMs, stallMs);
    if (problem) {
      request.log.error({ err: problem }, 'health check: the database did not answer');
      return unavailable(DATABASE_SILENT);
    }
    if (free !== undefined && free < minFreeBytes) {
      request.log.error({ free, minFreeBytes }, 'health check: the data directory is nearly full');
      return unavailable(`The data directory has ${megabytes(free)} MB free, less than the ${megabytes(minFreeBytes)} MB it needs to take writes safely.`);
    }
    return { status: 'ok', database: db.kind, ...space };
  };
  app.get('/healthz', readiness);
  app.get('/healthz/ready', readiness);
}

/** Why the database cannot serve now, or undefined when it can. */
async function databaseProblem(db: Database | WatchedDatabase, timeoutMs: number, stallMs: number): Promise<Error | undefined> {
  const activity = 'activity' in db ? db.activity() : undefined;
  if (db.kind === 'pglite' && activity && activity.inFlight > 0) {
    const quietMs = Date.now() - activity.lastProgressAt;
    return quietMs > stallMs ? new Error(`no statement settled for ${quietMs} ms with ${activity.inFlight} waiting`) : undefined;
  }
  try {
    await answersWithin(db, timeoutMs);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

async function answersWithin(db: Database, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const [row] = await Promise.race([db.query<{ alive: number }>('select 1 as alive'), late]);
    if (row?.alive !== 1) throw new Error('the database answered without its row');
  } finally {
    clearTimeout(timer);
  }
}
