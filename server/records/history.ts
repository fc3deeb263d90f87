import type { Queryable } from '../db/database.ts';
import type { Caller } from '../http/authenticate.ts';
import { CUSTOMER } from '../answers/projections.ts';

/** The records whose story the server keeps. */
export type RecordKind = 'opportunity' | 'customer';

/** Who changes: the caller of the request, in their tenant. */
export type ChangeAuthor = Pick<Caller, 'userId' | 'tenantId'>;

/** One field's change, as text a person reads ('proposal' → 'negotiation'); null when it had no value. */
export interface FieldChange {
  field: string;
  from: string | null;
  to: string | null;
}

/** A record's fields as people read them (the salesperson by name, a date as YYYY-MM-DD), by id. */
export type Snapshots = ReadonlyMap<number, Readonly<Record<string, string>>>;

// A customer's story is told in the fields of its answer but its id and creation, so a field
// the contract adds to the customer is recorded without a second list here.
const { id: _id, created_at: _createdAt, ...CUSTOMER_STORY_FIELDS } = CUSTOMER.columns;

// What a person reads in a record's history: names and plain values, never internal ids.
const SNAPSHOT_SQL: Record<RecordKind, string> = {
  opportunity: `select o.id, o.customer, s.name as salesperson, o.stage,
      to_char(o.created_date at time zone 'UTC', 'YYYY-MM-DD') as created_date,
      to_char(o.revenue, 'FM999999999990.00') as revenue, o.probability::text as probability
    from opportunities o join salespersons s on s.id = o.salesperson_id
    where o.tenant_id = $1 and o.id = any($2::int[])`,
  customer: `select id, ${Object.entries(CUSTOMER_STORY_FIELDS)
    .map(([field, sql]) => `${sql} as "${field}"`)
    .join(', ')} from customers where tenant_id = $1 and id = any($2::int[])`,
};

/**
 * The records' fields now, inside the caller's transaction: read before and after a
 * write, and hand both to recordHistory.
 */
export async function snapshotRecords(tx: Queryable, kind: RecordKind, tenantId: number, ids: readonly number[]): Promise<Snapshots> {
  if (ids.length === 0) return new Map();
  const rows = await tx.query<Record<string, unknown>>(SNAPSHOT_SQL[kind], [tenantId, ids]);
  return new Map(
    rows.map(({ id, ...fields }) => [Number(id), Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, String(value ?? '')]))]),
  );
}

/** The fields that differ between two snapshots of one record, in the snapshot's order. */
export function fieldChanges(before: Readonly<Record<string, string>> | undefined, after: Readonly<Record<string, string>> | undefined): FieldChange[] {
  const fields = Object.keys(after ?? before ?? {});
  return fields
    .map((field) => ({ field, from: before?.[field] ?? null, to: after?.[field] ?? null }))
    // A new record's empty fields and a deleted one's say nothing.
    .filter((change) => (change.from ?? '') !== (change.to ?? ''));
}

/**
 * Writes, in the caller's transaction, what happened to each record between two
 * snapshots: created (only after), deleted (only before), or updated (the fields
 * that differ; nothing when none does). Every write of an opportunity or a customer
 * goes through here, so its history commits or rolls back with it.
 */
export async function recordHistory(tx: Queryable, author: ChangeAuthor, kind: RecordKind, before: Snapshots, after: Snapshots) {
  const entries: { id: number; action: 'created' | 'updated' | 'deleted'; changes: FieldChange[] }[] = [];
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(id);
    const is = after.get(id);
    const changes = fieldChanges(was, is);
    const action = !was ? 'created' : !is ? 'deleted' : 'updated';
    if (action === 'updated' && changes.length === 0) continue;
    entries.push({ id, action, changes });
  }
  if (entries.length === 0) return;
  const written = await tx.query(
    `insert into record_changes (tenant_id, record_kind, record_id, action, changes, changed_by, changed_by_name)
     select $1, $2, entry.id, entry.action, entry.changes, u.id, u.name
     from jsonb_to_recordset($4::jsonb) as entry (id integer, action text, changes jsonb)
     join users u on u.id = $3 and u.tenant_id = $1
     returning id`,
    [author.tenantId, kind, author.userId, JSON.stringify(entries)],
  );
  // A change nobody can be named for is not made.
  if (written.length !== entries.length) throw new Error(`user ${author.userId} of tenant ${author.tenantId} cannot be named in a record's history`);
}

/** Snapshots the records, runs the write, snapshots them again and records the difference. */
export async function withHistory<T>(tx: Queryable, author: ChangeAuthor, kind: RecordKind, ids: readonly number[], write: () => Promise<T>) {
  const before = await snapshotRecords(tx, kind, author.tenantId, ids);
  const result = await write();
  await recordHistory(tx, author, kind, before, await snapshotRecords(tx, kind, author.tenantId, ids));
  return result;
}
