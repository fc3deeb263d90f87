import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { notFound, refusal, refusingDuplicates, type Refusal } from '../http/refusals.ts';
import { recordHistory, snapshotRecords, withHistory } from '../records/history.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { sqlText } from '../answers/projection.ts';
import { CUSTOMER, CUSTOMER_SUMMARY } from '../answers/projections.ts';
import { inZoneYear } from '../answers/year-window.ts';
import { refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import { jsonArray, queryJson, sendJsonText } from '../http/json-text.ts';
import { WON_STAGE } from '../../src/domain/opportunities/customers.ts';

type CustomerAnswer = AnswerOf<typeof CUSTOMER>;

/** The body of POST and PUT: only the name is required. */
type CustomerBody = RequestBody<'CustomerWrite'>;

/** The body as stored (its rule, customerWriteProblems, has passed): trimmed, the e-mail lowercase. */
function storedForm(body: CustomerBody): Required<CustomerBody> {
  const email = (body.email ?? '').trim().toLowerCase();
  return { name: body.name.trim(), company: (body.company ?? '').trim(), email, phone: (body.phone ?? '').trim(), notes: body.notes ?? '' };
}

function duplicateName(name: string): Refusal {
  return refusal('name', `A customer named "${name}" already exists.`, 409);
}

const SELECT_CUSTOMER = `select ${CUSTOMER.select} from ${CUSTOMER.from} where tenant_id = $1 and id = $2`;

const SELECT_CUSTOMER_NAME_FOR_UPDATE = 'select name from customers where id = $1 and tenant_id = $2 for update';

/** A tenant's ($1) customer list, ordered by name regardless of case. */
const CUSTOMER_LIST_SQL = `select ${jsonArray(CUSTOMER.json, 'lower(name), name, id')} from ${CUSTOMER.from} where tenant_id = $1`;

/**
 * The customers of a tenant ($1) with their opportunities of a zone's year ($2 year, $3
 * zone) summed: every stored customer (c), fully joined with the year's opportunities
 * grouped by name regardless of case (s), a name only opportunities use taking its first
 * spelling in code-point order.
 */
const CUSTOMER_SUMMARIES_SQL = `select ${CUSTOMER_SUMMARY.select}
  from (select id, name, company from customers where tenant_id = $1) as c
  full join (
    select lower(customer) as key, min(customer collate "C") as name, count(*)::int as opportunities,
           sum(revenue) as revenue, sum(revenue * probability) / 100 as weighted,
           (count(*) filter (where stage = ${sqlText(WON_STAGE)}))::int as won,
           max((created_date at time zone $3::text)::date) as latest_date
    from opportunities where tenant_id = $1 and ${inZoneYear('created_date')}
    group by lower(customer)
  ) as s on s.key = lower(c.name)`;

/** The customer list's rows (GET /api/customers/summaries), as the CSV export sorts them. */
export function customerSummaries(db: Queryable, tenantId: number, year: number, zone: string): Promise<AnswerOf<typeof CUSTOMER_SUMMARY>[]> {
  return refusingUnknownZones(zone, () => db.query<AnswerOf<typeof CUSTOMER_SUMMARY>>(CUSTOMER_SUMMARIES_SQL, [tenantId, year, zone]));
}

type SummariesRequest = FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number; zone?: string } }>;

/**
 * Customers of the caller's tenant. Any signed-in user of the tenant may add and edit
 * them, as they may the opportunities that name them.
 */
export function registerCustomerRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, answers } = context;

  defineRoute(app, context, 'get', '/api/customers/getAllData/{tenant_id}', async (request, reply) =>
    sendJsonText(reply, await queryJson(db, CUSTOMER_LIST_SQL, [request.caller.tenantId])),
  );

  // The customer list's rows (x-crm-extension: customer-summaries), so that it need not load
  // the year's opportunities: the year in the browser's zone, as the opportunity list's. A sum
  // over the year, asked on every visit to the list: sent under the versions of both tables.
  defineRoute(app, context, 'get', '/api/customers/summaries/{tenant_id}', async (request: SummariesRequest, reply) => {
    const { caller, query } = request;
    const zone = zoneOf(query);
    const make = async () => JSON.stringify(await db.query(CUSTOMER_SUMMARIES_SQL, [caller.tenantId, query.year, zone]));
    const answer = { tenantId: caller.tenantId, key: `summaries/${query.year}/${zone}`, make };
    return refusingUnknownZones(zone, () => answers.send(request, reply, { ...answer, subjects: ['opportunities', 'customers'] }));
  }, { compress: false });

  defineRoute(app, context, 'get', '/api/customers/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const [customer] = await db.query<CustomerAnswer>(SELECT_CUSTOMER, [request.caller.tenantId, request.params.id]);
    if (!customer) throw notFound();
    return customer;
  });

  defineRoute(app, context, 'post', '/api/customers', async (request: FastifyRequest<{ Body: CustomerBody }>, reply) => {
    const { caller } = request;
    const customer = storedForm(request.body);
    // The unique index on (tenant_id, lower(name)) decides duplicates, also between concurrent writers.
    const write = () =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<CustomerAnswer>(
          `insert into customers (tenant_id, name, company, email, phone, notes) values ($1, $2, $3, $4, $5, $6) returning ${CUSTOMER.select}`,
          [caller.tenantId, customer.name, customer.company, customer.email, customer.phone, customer.notes],
        );
        await recordHistory(tx, caller, 'customer', new Map(), await snapshotRecords(tx, 'customer', caller.tenantId, [row!.id]));
        return row!;
      });
    const row = await refusingDuplicates(write, duplicateName(customer.name));
    reply.code(201);
    return row;
  });

  defineRoute(app, context, 'put', '/api/customers/{id}', async (request: FastifyRequest<{ Params: { id: number }; Body: CustomerBody }>) => {
    const { caller, params } = request;
    const customer = storedForm(request.body);
    const write = () =>
      db.transaction(async (tx) => {
        const [before] = await tx.query<{ name: string }>(SELECT_CUSTOMER_NAME_FOR_UPDATE, [params.id, caller.tenantId]);
        if (!before) throw notFound();
        const [updated] = await withHistory(tx, caller, 'customer', [params.id], () =>
          tx.query<CustomerAnswer>(
            `update customers set name = $1, company = $2, email = $3, phone = $4, notes = $5
             where id = $6 and tenant_id = $7 returning ${CUSTOMER.select}`,
            [customer.name, customer.company, customer.email, customer.phone, customer.notes, params.id, caller.tenantId],
          ),
        );
        // Opportunities name their customer; a customer is its name regardless of case.
        if (before.name !== customer.name) {
          const renamed = await tx.query<{ id: number }>(
            'select id from opportunities where tenant_id = $1 and lower(customer) = lower($2) for update',
            [caller.tenantId, before.name],
          );
          const ids = renamed.map((row) => row.id);
          await withHistory(tx, caller, 'opportunity', ids, () =>
            tx.query('update opportunities set customer = $1 where tenant_id = $2 and id = any($3::int[])', [customer.name, caller.tenantId, ids]),
          );
        }
        return updated!;
      });
    return refusingDuplicates(write, duplicateName(customer.name));
  });
}
