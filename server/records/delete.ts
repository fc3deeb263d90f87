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
  const locked = await tx.query<{ id: number }>('select id from opportunities where tenant_id = $1 and id = any($2::int[]) for update', [
    author.tenantId,
    [...ids],
  ]);
  const found = locked.map((row) => row.id);
  const before = await snapshotRecords(tx, 'opportunity', author.tenantId, found);
  await tx.query('delete from opportunities where tenant_id = $1 and id = any($2::int[])', [author.tenantId, found]);
  await recordHistory(tx, author, 'opportunity', before, new Map());
  return found;
}

/** Deletes the customers and, with them, the opportunities that name them (in any case). */
export async function deleteCustomers(tx: Queryable, author: ChangeAuthor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const customers = await tx.query<{ id: number }>(
    'select id from customers where tenant_id = $1 and id = any($2::int[]) for update',
    [author.tenantId, [...ids]],
  );
  if (customers.length === 0) return [];
  // Lowered by the database on both sides, as the customers' unique index compares names.
  const theirOpportunities = await tx.query<{ id: number }>(
    `select o.id from opportunities o join customers c on c.tenant_id = o.tenant_id and lower(c.name) = lower(o.customer)
     where o.tenant_id = $1 and c.id = any($2::int[])`,
    [author.tenantId, customers.map((customer) => customer.id)],
  );
  await deleteOpportunities(
    tx,
    author,
    theirOpportunities.map((row) => row.id),
  );
  const found = customers.map((customer) => customer.id);
  const before = await snapshotRecords(tx, 'customer', author.tenantId, found);
  await tx.query('delete from customers where tenant_id = $1 and id = any($2::int[])', [author.tenantId, found]);
  await recordHistory(tx, author, 'customer', before, new Map());
  return found;
}
