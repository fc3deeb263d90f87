/**
 * The version of each tenant's data (migration 007): a number the database itself
 * moves, from statement triggers in the writing transaction, whenever a tenant's users'
 * list entries (migration 210) or opportunities change, and (migration 200) whenever a
 * table a tagged list reads changes. It is read from the table on every request that
 * asks, so it is never older than a committed write, whichever process or session made it.
 */
import type { Queryable } from '../db/database.ts';
import { keptPrepared } from '../db/kept-prepared.ts';

/** What a kept answer of the answer cache is made of; one version of each per tenant. */
export const DATA_SUBJECTS = ['users', 'opportunities'] as const;
export type DataSubject = (typeof DATA_SUBJECTS)[number];

/**
 * What a tagged list reads (migration 200): a table, or the one column of another table a
 * list shows (a salesperson's name, a linked deal's customer), whose version moves on an
 * update only when that column changes.
 */
export const LIST_SUBJECTS = ['activities', 'salespersons', 'salesperson names', 'customers', 'calendar events', 'opportunity customers'] as const;
export type ListSubject = (typeof LIST_SUBJECTS)[number];

/**
 * The version as of every write committed before this call, or undefined when the
 * tenant has none (a TRUNCATE forgets them until the next write): then nothing made
 * from that data may be kept.
 */
export async function currentDataVersion(db: Queryable, tenantId: number, subject: DataSubject): Promise<string | undefined> {
  const [row] = await db.query<{ version: number | string }>('select version from data_versions where tenant_id = $1 and subject = $2', [tenantId, subject]);
  return row === undefined ? undefined : String(row.version);
}

// Each subject with its version, so that no two states of the subjects give the same text.
const LIST_VERSION = keptPrepared(`select string_agg(subject || ' ' || version, ',' order by subject) as version, count(*)::int as subjects
  from data_versions where tenant_id = $1 and subject = any($2::text[])`);

/**
 * The versions of every subject given, as one text, as of every write committed before this
 * call; undefined when the tenant lacks any of them (never written since a TRUNCATE, or a
 * tenant whose table was never written), and then nothing made from that data may be kept.
 */
export async function currentListVersion(db: Queryable, tenantId: number, subjects: readonly ListSubject[]): Promise<string | undefined> {
  const [row] = await db.query<{ version: string | null; subjects: number }>(LIST_VERSION, [tenantId, subjects]);
  return row?.version != null && row.subjects === new Set(subjects).size ? row.version : undefined;
}
