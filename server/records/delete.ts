import type { Queryable } from '../db/database.ts';
import { recordHistory, snapshotRecords, type ChangeAuthor } from './history.ts';

/**
 * Deleting opportunities and customers, inside the caller's transaction, for the
 * record routes and for bulk actions alike. What hangs on a record is removed or
 * detached by the database's own keys, so no path can leave an orphan:
 * - an opportunity's notes go with it; its activities, calendar events and
 *   attachments stay, unlinked (they are the salesperson's work and the tenant's files);
 * - a customer's notes go with it, and so do its opportunities (each as above), since
 *   every opportunity names a customer of the directory.
 * Each deleted record's history gains its deletion, with its last values.
 * Ids of another tenant, or gone already, are passed over; the ids deleted are answered.
 */
export async function deleteOpportunities(tx: Queryable, author: ChangeAuthor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await lockedIds(tx, 'opportunities', author.tenantId, ids);
  const before = await snapshotRecords(tx, 'opportunity', author.tenantId, found);
  await tx.query('delete from opportunities where tenant_id = $1 and id = any($2::int[])', [author.tenantId, found]);
  await recordHistory(tx, author, 'opportunity', before, new Map());
  return found;
}

/** Deletes the customers and, with them, the opportunities that name them (in any case). */
export async function deleteCustomers(tx: Queryable, author: ChangeAuthor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await lockedIds(tx, 'customers', author.tenantId, ids);
  if (found.length === 0) return [];
  // Lowered by the database on both sides, as the customers' unique index compares names.
  const theirOpportunities = await tx.query<{ id: number }>(
    `select o.id from opportunities o join customers c on c.tenant_id = o.tenant_id and lower(c.name) = lower(o.customer)
     where o.tenant_id = $1 and c.id = any($2::int[])`,
    [author.tenantId, found],
  );
  await deleteOpportunities(tx, author, theirOpportunities.map((row) => row.id));
  const before = await snapshotRecords(tx, 'customer', author.tenantId, found);
  await tx.query('delete from customers where tenant_id = $1 and id = any($2::int[])', [author.tenantId, found]);
  await recordHistory(tx, author, 'customer', before, new Map());
  return found;
}

// Only these table names ever reach the SQL, whatever a caller hands in.
const LOCK_SQL = {
  opportunities: 'select id from opportunities where tenant_id = $1 and id = any($2::int[]) for update',
  customers: 'select id from customers where tenant_id = $1 and id = any($2::int[]) for update',
};

/** Locks the tenant's rows among the ids until the transaction ends, and answers their ids. */
export async function lockedIds(tx: Queryable, table: keyof typeof LOCK_SQL, tenantId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(LOCK_SQL[table], [tenantId, ids]);
  return rows.map((row) => row.id);
}
