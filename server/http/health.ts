import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

/** Longer than any statement waits in PGlite's queue under a load it can carry. */
export const HEALTH_TIMEOUT_MS = 5_000;

/**
 * `GET /healthz`: healthy only when the database answers a statement now, so a dead
 * PGlite (closed, its WebAssembly aborted) or an unreachable PostgreSQL makes the
 * server look as ill as it is, to the bench, the tests and whatever restarts it.
 */
export default async function healthCheck(app: FastifyInstance, { db, timeoutMs = HEALTH_TIMEOUT_MS }: { db: Database; timeoutMs?: number }): Promise<void> {
  app.get('/healthz', async (request, reply) => {
    try {
      await answersWithin(db, timeoutMs);
      return { status: 'ok', database: db.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database did not answer');
      return reply.code(503).send({ status: 'unavailable', database: db.kind, message: 'The database does not answer.' });
    }
  });
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
