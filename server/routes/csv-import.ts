import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerWrite, OpportunityImportRow } from '../../src/api/client.ts';
import type { Database, Queryable } from '../db/database.ts';
import { defineRoute, HttpError, type RouteContext } from '../http/define-route.ts';
import { forbidden, isUniqueViolation } from '../http/refusals.ts';
import { IMPORT_MESSAGES, importedCreatedDate, importWriteProblem, type ImportKind, type ImportWrite } from '../../src/domain/csv/imports.ts';
import { BULK_REFUSAL, mayChangeInBulk } from '../../src/domain/csv/permissions.ts';
import { recordHistory, snapshotRecords, type ChangeAuthor, type RecordKind } from '../records/history.ts';

/** Rows per statement; a progress line follows each. */
export const IMPORT_BATCH_ROWS = 5000;
// Room for the largest file the import screen reads, as JSON.
const IMPORT_BODY_BYTES = 32 * 1024 * 1024;

/** The refusal of row `index` (0-based) of the body: people count rows from 1. */
function rowRefusal(index: number, problem: string): HttpError {
  return new HttpError(400, `Row ${index + 1} of the import: ${problem}`);
}

function checkRows(kind: ImportKind, rows: readonly ImportWrite[]): void {
  rows.forEach((row, index) => {
    const problem = importWriteProblem(kind, row);
    if (problem !== null) throw rowRefusal(index, problem);
  });
}

async function checkSalespersons(db: Queryable, tenantId: number, rows: readonly OpportunityImportRow[]): Promise<void> {
  const wanted = [...new Set(rows.map((row) => row.salesperson_id))];
  const found = await db.query<{ id: number }>('select id from salespersons where tenant_id = $1 and id = any($2::int[])', [tenantId, wanted]);
  const known = new Set(found.map((row) => row.id));
  const index = rows.findIndex((row) => !known.has(row.salesperson_id));
  if (index >= 0) throw rowRefusal(index, IMPORT_MESSAGES.unknownSalesperson(String(rows[index]!.salesperson_id)));
}

/**
 * The first name the tenant has, or the file names twice, by the database's case folding
 * (as its unique index compares names): a name twice in the file refuses first.
 */
async function checkNewCustomers(db: Queryable, tenantId: number, rows: readonly CustomerWrite[]): Promise<void> {
  const [clash] = await db.query<{ index: number; name: string; first: number; taken: string | null }>(
    `with given as (
       select name, at::int - 1 as index, min(at) over (partition by lower(name))::int - 1 as first
       from unnest($2::text[]) with ordinality as given (name, at)
     )
     select g.index, g.name, g.first, c.name as taken
     from given g left join customers c on c.tenant_id = $1 and lower(c.name) = lower(g.name)
     where g.index > g.first or c.id is not null
     order by g.index > g.first desc, g.index
     limit 1`,
    [tenantId, rows.map((row) => row.name.trim())],
  );
  if (!clash) return;
  throw clash.index > clash.first
    ? rowRefusal(clash.index, IMPORT_MESSAGES.customerTwice(clash.name, clash.first + 1))
    : rowRefusal(clash.index, IMPORT_MESSAGES.customerExists(clash.taken!));
}

const batches = <T>(rows: readonly T[]) => Array.from({ length: Math.ceil(rows.length / IMPORT_BATCH_ROWS) }, (_, at) => rows.slice(at * IMPORT_BATCH_ROWS, (at + 1) * IMPORT_BATCH_ROWS));

/** The created records' histories begin with their creation, as a single write's do. */
async function recordCreated(tx: Queryable, author: ChangeAuthor, kind: RecordKind, created: readonly { id: number }[]): Promise<void> {
  const ids = created.map((row) => row.id);
  await recordHistory(tx, author, kind, new Map(), await snapshotRecords(tx, kind, author.tenantId, ids));
}

/**
 * One 'created' entry of a history's changes, as JSON text: `value` is the SQL of its
 * text, left out (as recordHistory leaves empty fields out) when `optional` and empty.
 */
function createdField(field: string, value: string, optional: boolean): string {
  const entry = `'{"field":"${field}","from":null,"to":' || to_json(${value})::text || '}'`;
  return optional ? `case when ${value} <> '' then ${entry} end` : entry;
}

/**
 * recordHistory's 'created' entries for many opportunities, made by the database in one
 * statement: the same fields as its snapshot (customer, salesperson by name, stage, the
 * day, revenue, probability), empty ones left out: made in JavaScript, a large
 * import's snapshots and entries cost far more than the rows themselves; so did jsonb
 * objects built and filtered per row, hence one JSON text per row, read as jsonb once.
 * A test puts an imported opportunity's entry face to face with a single create's.
 */
const OPPORTUNITY_CREATED_CHANGES = `('[' || concat_ws(',',
  ${createdField('customer', 'o.customer', true)},
  ${createdField('salesperson', 's.name', true)},
  ${createdField('stage', 'o.stage', true)},
  ${createdField('created_date', "to_char(o.created_date at time zone 'UTC', 'YYYY-MM-DD')", false)},
  ${createdField('revenue', "to_char(o.revenue, 'FM999999999990.00')", false)},
  ${createdField('probability', 'o.probability::text', false)}) || ']')::jsonb`;

/**
 * One batch of opportunities and their 'created' entries, in one statement: the entries
 * are made from the rows the insert returns, and only the two counts come back (rather
 * than every new id, sent back again for the entries).
 */
const INSERT_OPPORTUNITIES_CREATED = `
  with created as (
    insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
    select $1, * from unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::numeric[], $7::int[])
    returning id, tenant_id, salesperson_id, customer, stage, created_date, revenue, probability
  ), entries as (
    insert into record_changes (tenant_id, record_kind, record_id, action, changes, changed_by, changed_by_name)
    select o.tenant_id, 'opportunity', o.id, 'created', ${OPPORTUNITY_CREATED_CHANGES}, u.id, u.name
    from created o join salespersons s on s.id = o.salesperson_id
    join users u on u.id = $8 and u.tenant_id = $1
    returning 1
  )
  select (select count(*) from created)::int as created, (select count(*) from entries)::int as entries`;

export async function insertOpportunities(tx: Queryable, author: ChangeAuthor, rows: readonly OpportunityImportRow[], progress: (done: number) => Promise<void>): Promise<void> {
  const { tenantId } = author;
  // Every customer an opportunity names is in the directory (as the single writes keep it):
  // an existing name in any case stays, a new one joins in the file's last spelling of it.
  const newCustomers = await tx.query<{ id: number }>(
    `insert into customers (tenant_id, name)
     select $1, name from (
       select distinct on (lower(name)) name from unnest($2::text[]) with ordinality as given (name, at) order by lower(name), at desc
     ) as named
     on conflict (tenant_id, lower(name)) do nothing returning id`,
    [tenantId, rows.map((row) => row.customer.trim())],
  );
  await recordCreated(tx, author, 'customer', newCustomers);
  let done = 0;
  for (const batch of batches(rows)) {
    const [written] = await tx.query<{ created: number; entries: number }>(INSERT_OPPORTUNITIES_CREATED, [
      tenantId,
      batch.map((row) => row.salesperson_id),
      batch.map((row) => row.customer.trim()),
      batch.map((row) => row.stage),
      batch.map((row) => importedCreatedDate(row.created_date)),
      batch.map((row) => row.revenue),
      batch.map((row) => row.probability),
      author.userId,
    ]);
    // A change nobody can be named for is not made (the transaction rolls back).
    if (written!.entries !== written!.created) throw new Error(`user ${author.userId} of tenant ${author.tenantId} cannot be named in a record's history`);
    done += batch.length;
    await progress(done);
  }
}

async function insertCustomers(tx: Queryable, author: ChangeAuthor, rows: readonly CustomerWrite[], progress: (done: number) => Promise<void>): Promise<void> {
  const { tenantId } = author;
  let done = 0;
  for (const batch of batches(rows)) {
    const created = await tx.query<{ id: number }>(
      `insert into customers (tenant_id, name, company, email, phone, notes)
       select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) returning id`,
      [
        tenantId,
        batch.map((row) => row.name.trim()),
        batch.map((row) => (row.company ?? '').trim()),
        batch.map((row) => (row.email ?? '').trim().toLowerCase()),
        batch.map((row) => (row.phone ?? '').trim()),
        batch.map((row) => row.notes ?? ''),
      ],
    );
    await recordCreated(tx, author, 'customer', created);
    done += batch.length;
    await progress(done);
  }
}

/**
 * Writes every row in one transaction, telling the client as batches go in. The
 * answer has started by then, so the outcome is its last line: what was imported, or
 * why nothing was (the transaction rolled back).
 */
function streamImport(
  db: Database,
  reply: FastifyReply,
  total: number,
  write: (tx: Queryable, progress: (done: number) => Promise<void>) => Promise<void>,
  finished: () => void,
): FastifyReply {
  const lines = new PassThrough();
  const line = (value: object) => lines.write(`${JSON.stringify(value)}\n`);
  void (async () => {
    try {
      const progress = async (done: number) => {
        line({ done, total });
        // PGlite works on this thread: without a turn of the event loop the answer's head and lines would wait for the commit.
        await new Promise((resolve) => setImmediate(resolve));
      };
      await progress(0);
      await db.transaction((tx) => write(tx, progress));
      line({ imported: total });
    } catch (error) {
      line({ failed: isUniqueViolation(error) ? 'Another row with one of these names was saved meanwhile; nothing was imported.' : 'The import failed; nothing was imported.' });
      reply.log.error(error);
    } finally {
      finished();
      lines.end();
    }
  })();
  return reply.header('Content-Type', 'application/x-ndjson; charset=utf-8').header('Cache-Control', 'no-store').send(lines);
}

export const IMPORT_UNDER_WAY = 'Another import is under way on this server. Try again when it has finished.';

/**
 * Imports one at a time per server: each holds a transaction and writes as fast as the
 * database takes it, and two at once would halve everyone else's share of the server.
 * `begin` refuses while one is under way, else returns what ends it. An import begins
 * before its checks read the database: on PGlite they would wait for the one under way.
 */
function oneAtATime(): { begin(): () => void } {
  let underWay = false;
  return {
    begin() {
      if (underWay) throw new HttpError(409, IMPORT_UNDER_WAY);
      underWay = true;
      return () => void (underWay = false);
    },
  };
}

/** Ends an import refused by its checks, and passes the refusal on. */
const endWith = (finished: () => void) => (error: unknown): never => {
  finished();
  throw error;
};

/**
 * CSV import (x-crm-extension: csv): rows the app has read from a file and checked
 * by the forms' rules are checked again here by the rule every body of their kind
 * answers to, then written all together or not at all.
 */
export function registerCsvImportRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  const imports = oneAtATime();

  defineRoute(
    app,
    context,
    'post',
    '/api/csv/import/opportunities',
    async (request: FastifyRequest<{ Body: { rows: OpportunityImportRow[] } }>, reply) => {
      const { caller } = request;
      const { rows } = request.body;
      if (!mayChangeInBulk(caller.roleId)) throw forbidden(BULK_REFUSAL);
      checkRows('opportunities', rows);
      const finished = imports.begin();
      await checkSalespersons(db, caller.tenantId, rows).catch(endWith(finished));
      return streamImport(db, reply, rows.length, (tx, progress) => insertOpportunities(tx, caller, rows, progress), finished);
    },
    // Uncompressed, so that each progress line leaves when written rather than when the compressor's buffer fills.
    { bodyLimit: IMPORT_BODY_BYTES, compress: false },
  );

  defineRoute(
    app,
    context,
    'post',
    '/api/csv/import/customers',
    async (request: FastifyRequest<{ Body: { rows: CustomerWrite[] } }>, reply) => {
      const { caller } = request;
      const { rows } = request.body;
      if (!mayChangeInBulk(caller.roleId)) throw forbidden(BULK_REFUSAL);
      checkRows('customers', rows);
      const finished = imports.begin();
      await checkNewCustomers(db, caller.tenantId, rows).catch(endWith(finished));
      return streamImport(db, reply, rows.length, (tx, progress) => insertCustomers(tx, caller, rows, progress), finished);
    },
    // Uncompressed, so that each progress line leaves when written rather than when the compressor's buffer fills.
    { bodyLimit: IMPORT_BODY_BYTES, compress: false },
  );
}
