import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/database.ts';

/**
 * The select list of a statement whose one row holds a whole list as JSON text (column
 * `json`): each row's entry (a projection's `json`) in the given order, `[]` when there
 * are none. The database writes big lists this way, as one value, rather than handing
 * over one row per entry for the server to serialise again.
 */
export function jsonArray(entry: string, order: string): string {
  return `coalesce(json_agg(${entry} order by ${order}), '[]')::text as json`;
}

/** The JSON text of a statement that selects it as `json` (one row: see jsonArray). */
export async function queryJson(db: Queryable, sql: string, params: readonly unknown[]): Promise<string> {
  const [row] = await db.query<{ json: string }>(sql, params);
  return row!.json;
}

/** Sends JSON text the database wrote, as the contract's JSON answer. */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
