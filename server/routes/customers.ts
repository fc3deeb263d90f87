import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { notFound, refusal, refusingDuplicates, type Refusal } from '../http/refusals.ts';
import { recordHistory, snapshotRecords, withHistory } from '../records/history.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { CUSTOMER, CUSTOMER_SUMMARY } from '../answers/projections.ts';
import { refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import { madeOncePerPieces, type YearZonePieces } from '../caching/year-answers.ts';
import { recentlyUsed } from '../caching/recently-used.ts';
import { createTaggedAnswers, jsonArrayOf, keptJson, sendKeptJson, tagOf, TAG_OF_JSON, type KeptJson, type TaggedList } from '../caching/tagged-answers.ts';
import { yearZoneSums, type CustomerSums, type ZoneSums } from './year-zone-sums.ts';

type CustomerAnswer = AnswerOf<typeof CUSTOMER>;

// Per process: the lists and sums of the tenants asking most, with their compressed copies.
const CUSTOMER_LISTS_KEPT_BYTES = 8 * 1024 * 1024;

/** The body of POST and PUT: only the name is required. */
type CustomerBody = RequestBody<'CustomerWrite'>;

type StoredCustomer = Required<CustomerBody>;

/** The body as stored (its rule, customerWriteProblems, has passed): trimmed, the e-mail lowercase. */
function storedForm(body: CustomerBody): StoredCustomer {
  const email = (body.email ?? '').trim().toLowerCase();
  return { name: body.name.trim(), company: (body.company ?? '').trim(), email, phone: (body.phone ?? '').trim(), notes: body.notes ?? '' };
}

function duplicateName(name: string): Refusal {
  return refusal('name', `A customer named "${name}" already exists.`, 409);
}

async function customerOfTenant(db: Queryable, tenantId: number, id: number) {
  const [customer] = await db.query<CustomerAnswer>(`select ${CUSTOMER.select} from ${CUSTOMER.from} where tenant_id = $1 and id = $2`, [tenantId, id]);
  return customer;
}

/** A tenant's ($1) customer list: each customer's entry, kept with the row (migration 141). */
export const CUSTOMER_LIST: TaggedList = {
  sql: `select ${jsonArrayOf('answer_json', 'lower(customers.name), customers.name, id')} from ${CUSTOMER.from} where tenant_id = $1`,
  subjects: ['customers'],
};

/**
 * Customers of the caller's tenant. Any signed-in user of the tenant may add and edit
 * them, as they may the opportunities that name them. `zoneSums`: the year's pieces summed
 * per customer and per local day, shared with the calendar's days (year-zone-sums.ts).
 */
export function registerCustomerRoutes(app: FastifyInstance, context: RouteContext, zoneSums: YearZonePieces<ZoneSums>): CustomerSummaries {
  const { db } = context;

  // The database joins each customer's entry, kept with the row (migration 141), into the
  // list as one JSON text; while it is unchanged its compressed copy is sent again
  // (server/caching/tagged-answers.ts).
  const lists = createTaggedAnswers(db, { maxBytes: CUSTOMER_LISTS_KEPT_BYTES });
  defineRoute(
    app,
    context,
    'get',
    '/api/customers/getAllData/{tenant_id}',
    async (request: FastifyRequest<{ Params: { tenant_id: number } }>, reply) => {
      const { caller } = request;
      if (request.params.tenant_id !== caller.tenantId) throw notFound();
      return lists.send(request, reply, {
        tenantId: caller.tenantId,
        key: 'customers',
        ...CUSTOMER_LIST,
        params: [caller.tenantId],
      });
    },
    { compress: false },
  );

  // The customer list's rows (x-crm-extension: customer-summaries), so that it need not load
  // the year's opportunities: the year in the browser's zone, as the opportunity list's.
  const summaries = customerSummaries(db, zoneSums);
  const keptSummaries = keptCustomerSummaries(db, summaries.statement);
  defineRoute(
    app,
    context,
    'get',
    '/api/customers/summaries/{tenant_id}',
    async (request: FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number; zone?: string } }>, reply) => {
      const { caller, params, query } = request;
      if (params.tenant_id !== caller.tenantId) throw notFound();
      return sendKeptJson(request, reply, await keptSummaries(caller.tenantId, query.year, zoneOf(query)));
    },
    { compress: false },
  );

  defineRoute(app, context, 'get', '/api/customers/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const customer = await customerOfTenant(db, request.caller.tenantId, request.params.id);
    if (!customer) throw notFound();
    return customer;
  });

  defineRoute(app, context, 'post', '/api/customers', async (request: FastifyRequest<{ Body: CustomerBody }>, reply) => {
    const { caller } = request;
    const customer = storedForm(request.body);
    // The unique index on (tenant_id, lower(name)) decides duplicates, also between concurrent writers.
    const [row] = await refusingDuplicates(
      () =>
        db.transaction(async (tx) => {
          const rows = await tx.query<CustomerAnswer>(
            `insert into customers (tenant_id, name, company, email, phone, notes) values ($1, $2, $3, $4, $5, $6) returning ${CUSTOMER.select}`,
            [caller.tenantId, customer.name, customer.company, customer.email, customer.phone, customer.notes],
          );
          await recordHistory(tx, caller, 'customer', new Map(), await snapshotRecords(tx, 'customer', caller.tenantId, [rows[0]!.id]));
          return rows;
        }),
      duplicateName(customer.name),
    );
    reply.code(201);
    return row!;
  });

  defineRoute(
    app,
    context,
    'put',
    '/api/customers/{id}',
    async (request: FastifyRequest<{ Params: { id: number }; Body: CustomerBody }>) => {
      const { caller } = request;
      const customer = storedForm(request.body);
      const row = await refusingDuplicates(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.query<{ name: string }>('select name from customers where id = $1 and tenant_id = $2 for update', [
              request.params.id,
              caller.tenantId,
            ]);
            if (!before) throw notFound();
            const [updated] = await withHistory(tx, caller, 'customer', [request.params.id], () =>
              tx.query<CustomerAnswer>(
                `update customers set name = $1, company = $2, email = $3, phone = $4, notes = $5
                 where id = $6 and tenant_id = $7 returning ${CUSTOMER.select}`,
                [customer.name, customer.company, customer.email, customer.phone, customer.notes, request.params.id, caller.tenantId],
              ),
            );
            // Opportunities name their customer; a customer is its name regardless of case.
            if (before.name !== customer.name) {
              const renamed = await tx.query<{ id: number }>(
                'select id from opportunities where tenant_id = $1 and lower(customer) = lower($2) for update',
                [caller.tenantId, before.name],
              );
              await withHistory(
                tx,
                caller,
                'opportunity',
                renamed.map((row) => row.id),
                () =>
                  tx.query('update opportunities set customer = $1 where tenant_id = $2 and id = any($3::int[])', [
                    customer.name,
                    caller.tenantId,
                    renamed.map((row) => row.id),
                  ]),
              );
            }
            return updated!;
          }),
        duplicateName(customer.name),
      );
      return row;
    },
  );

  return summaries;
}

/** The customer list's rows (GET /api/customers/summaries): every customer of the tenant with its opportunities of a year in a zone summed. */
export type CustomerSummaries = (tenantId: number, year: number, zone: string) => Promise<AnswerOf<typeof CUSTOMER_SUMMARY>[]>;

/**
 * The customer list's rows, as its route answers them and the CSV export sorts them.
 * The opportunities are summed per month piece of the year, kept under the month's
 * version as the year answers are (server/caching/README.md), so a save sums one month
 * anew; the stored customers are read every time.
 */
export function customerSummaries(db: Queryable, sums: YearZonePieces<ZoneSums> = yearZoneSums(db)): CustomerSummaries & { statement: CustomerSummariesStatement } {
  // Added up and written once per set of pieces; the customers are joined in by every request.
  const sumsJson = madeOncePerPieces((pieces: CustomerSums[][]) => JSON.stringify(addedSums(pieces)), { maxKept: 64 });
  const statement: CustomerSummariesStatement = async (tenantId, year, zone, select) => {
    const pieces = (await refusingUnknownZones(zone, () => sums.piecesOf(tenantId, year, zone))).map((piece) => piece.customers);
    return {
      sql: `select ${select}
       from (select id, name, company from customers where tenant_id = $1) as c
       full join json_to_recordset($2::json)
         as s (key text, name text, opportunities int, revenue float8, weighted float8, won int, latest_date date)
         on s.key = lower(c.name)`,
      params: [tenantId, sumsJson(`${tenantId}/${year}/${zone}`, pieces)],
    };
  };
  const summaries: CustomerSummaries = async (tenantId, year, zone) => {
    const { sql, params } = await statement(tenantId, year, zone, CUSTOMER_SUMMARY.select);
    return db.query<AnswerOf<typeof CUSTOMER_SUMMARY>>(sql, params);
  };
  return Object.assign(summaries, { statement });
}

/** The customer list's statement, selecting `select` from the customers (c) joined with the year's sums (s). */
type CustomerSummariesStatement = (tenantId: number, year: number, zone: string, select: string) => Promise<{ sql: string; params: unknown[] }>;

/**
 * What the customers' sums read of a tenant's ($1) stored customers, as one text (column
 * `json`): their ids, names (the sums are joined by the name's lower case) and companies.
 */
const CUSTOMERS_READ = `select coalesce(string_agg(json_build_array(id, name, company)::text, ',' order by id), '') as json
  from customers where tenant_id = $1`;

/**
 * The customers' read as one hash, by the rule of the tagged lists (tagged-answers.ts): on
 * PostgreSQL the database hashes the text where it reads it and sends only the hash; on PGlite
 * its sha256 runs in its WebAssembly on the server's one thread, so the text crosses (in-process)
 * and `tagOf` hashes it. `sql` is a scalar subquery for a select list; `tag` makes its value the hash.
 */
export function customersReadTag(kind: Database['kind']): { sql: string; tag: (value: string) => string } {
  return kind === 'pglite'
    ? { sql: `(${CUSTOMERS_READ})`, tag: tagOf }
    : { sql: `(select ${TAG_OF_JSON} from (${CUSTOMERS_READ}) as read)`, tag: (value) => value };
}

/**
 * The customers' sums of a year as the route sends them, kept per tenant, year and zone with
 * what they were made from: the year's sums (the same text while no month changed) and the hash
 * of what they read of the stored customers, made in the very statement that made the answer, so
 * in the same snapshot. A request reads that hash anew (a statement over the customers' three
 * columns, where making the answer joins and writes every customer) and sends the kept answer
 * when both are what it was made from; any write to a customer's id, name or company, however
 * made, changes the hash, and one that changes it back makes it equal only to an answer of the
 * same customers.
 */
function keptCustomerSummaries(db: Pick<Database, 'query' | 'kind'>, statement: CustomerSummariesStatement, { maxKept = 64 } = {}): (tenantId: number, year: number, zone: string) => Promise<KeptJson> {
  const kept = recentlyUsed<{ customers: string; sums: unknown; answer: KeptJson }>(maxKept);
  const customersRead = customersReadTag(db.kind);
  return async (tenantId, year, zone) => {
    const name = `${tenantId}/summaries/${year}/${zone}`;
    const made = await statement(tenantId, year, zone, jsonArrayOf(`${CUSTOMER_SUMMARY.json}::text`));
    const sums = made.params[1];
    const held = kept.get(name);
    if (held && held.sums === sums) {
      const [now] = await db.query<{ customers: string }>(`select ${customersRead.sql} as customers`, [tenantId]);
      if (now && customersRead.tag(now.customers) === held.customers) return held.answer;
    }
    const [row] = await db.query<{ json: string; customers: string }>(`select answer.json, ${customersRead.sql} as customers from (${made.sql}) as answer`, made.params);
    const answer = keptJson(name, row!.json);
    kept.set(name, { customers: customersRead.tag(row!.customers), sums, answer });
    return answer;
  };
}

/** The pieces' sums added up per customer; its spelling the first in code-point order, as min() over one piece. */
function addedSums(pieces: CustomerSums[][]): CustomerSums[] {
  const byKey = new Map<string, CustomerSums>();
  for (const sums of pieces.flat()) {
    const held = byKey.get(sums.key);
    byKey.set(
      sums.key,
      held
        ? {
            key: sums.key,
            name: held.name < sums.name ? held.name : sums.name,
            opportunities: held.opportunities + sums.opportunities,
            revenue: held.revenue + sums.revenue,
            weighted: held.weighted + sums.weighted,
            won: held.won + sums.won,
            latest_date: held.latest_date > sums.latest_date ? held.latest_date : sums.latest_date,
          }
        : sums,
    );
  }
  return [...byKey.values()];
}
