/**
 * The version of each tenant's data (migration 007): a number the database itself
 * moves, from statement triggers in the writing transaction, whenever a tenant's users
 * (or their sign-in accounts), opportunities or salespersons (migration 100) change. It is read from the table on
 * every request that asks, so it is never older than a committed write, whichever
 * process or session made it.
 */
import type { Queryable } from '../db/database.ts';

/** What a kept answer is made of; one version of each per tenant. */
export type DataSubject = 'users' | 'opportunities' | 'salespersons';

/**
 * The version as of every write committed before this call, or undefined when the
 * tenant has none (a TRUNCATE forgets them until the next write): then nothing made
 * from that data may be kept.
 */
export async function currentDataVersion(db: Queryable, tenantId: number, subject: DataSubject): Promise<string | undefined> {
  const [row] = await db.query<{ version: number | string }>('select version from data_versions where tenant_id = $1 and subject = $2', [tenantId, subject]);
  return row === undefined ? undefined : String(row.version);
}
