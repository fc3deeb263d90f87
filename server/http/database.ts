import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { watchProgress, type WatchedDatabase } from '../db/progress.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one database every plugin and route reads and writes, its activity counted for the health check. */
    db: WatchedDatabase;
  }
}

/**
 * The database as the app's decorator. Whoever opened it closes it, after the app
 * (server/start.ts, the tests' harness): a test may serve one database from several apps.
 */
async function database(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.decorate('db', watchProgress(db));
}

export default fp(database, { name: 'database' });
