import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one database every plugin and route reads and writes. */
    db: Database;
  }
}

/**
 * The database as the app's decorator. Whoever opened it closes it, after the app
 * (server/start.ts, the tests' harness): a test may serve one database from several apps.
 */
async function database(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.decorate('db', db);
}

export default fp(database, { name: 'database' });
