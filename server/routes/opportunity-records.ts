import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound, refusal } from '../http/refusals.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { amountValueProblem, OPPORTUNITY_MESSAGES } from '../../src/domain/rules/index.ts';
import { storedInstant } from '../answers/instant.ts';
import { recordHistory, snapshotRecords, withHistory, type ChangeAuthor } from '../records/history.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { OPPORTUNITY } from '../answers/projections.ts';

const SELECT_OPPORTUNITY = `select ${OPPORTUNITY.select} from ${OPPORTUNITY.from} where id = $1 and tenant_id = $2`;

type OpportunityWrite = RequestBody<'OpportunityWrite'>;

type OpportunityAnswer = AnswerOf<typeof OPPORTUNITY>;

/** The stored row's values, once the body's own rules hold. */
function valuesOf(body: OpportunityWrite) {
  // numeric(14,2) would round a third decimal away silently; a client sending one has made a mistake.
  const { revenue } = body;
  if (Number(revenue.toFixed(2)) !== revenue) throw refusal('revenue', amountValueProblem(revenue, 'Revenue') ?? 'Revenue must have at most two decimals.');
  const createdDate = storedInstant(body.created_date, 'created_date', OPPORTUNITY_MESSAGES.dateInvalid);
  return { ...body, customer: body.customer.trim(), created_date: createdDate };
}

async function requireSalespersonOfTenant(tx: Queryable, tenantId: number, salespersonId: number): Promise<void> {
  // `for share` keeps the salesperson from being deleted before the write commits.
  const [row] = await tx.query('select 1 from salespersons where id = $1 and tenant_id = $2 for share', [salespersonId, tenantId]);
  if (!row) throw refusal('salesperson_id', 'Salesperson must be a salesperson of your tenant.');
}

/**
 * Every opportunity's customer is in the tenant's customer directory; an existing name
 * (in any case) is kept as it is, and a new one is a customer created by the caller.
 */
async function rememberCustomer(tx: Queryable, author: ChangeAuthor, name: string): Promise<void> {
  const added = await tx.query<{ id: number }>(
    'insert into customers (tenant_id, name) values ($1, $2) on conflict (tenant_id, lower(name)) do nothing returning id',
    [author.tenantId, name],
  );
  if (added.length > 0) {
    await recordHistory(tx, author, 'customer', new Map(), await snapshotRecords(tx, 'customer', author.tenantId, [added[0]!.id]));
  }
}

export function registerOpportunityRecordRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'post', '/api/opportunities', async (request: FastifyRequest<{ Body: OpportunityWrite }>, reply) => {
    const { caller } = request;
    const values = valuesOf(request.body);
    const row = await db.transaction(async (tx) => {
      await requireSalespersonOfTenant(tx, caller.tenantId, values.salesperson_id);
      await rememberCustomer(tx, caller, values.customer);
      const [created] = await tx.query<OpportunityAnswer>(
        `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
         values ($1, $2, $3, $4, $5, $6, $7) returning ${OPPORTUNITY.select}`,
        [caller.tenantId, values.salesperson_id, values.customer, values.stage, values.created_date, values.revenue, values.probability],
      );
      await recordHistory(tx, caller, 'opportunity', new Map(), await snapshotRecords(tx, 'opportunity', caller.tenantId, [created!.id]));
      return created;
    });
    reply.code(201);
    return row;
  });

  defineRoute(app, context, 'get', '/api/opportunities/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const [row] = await db.query<OpportunityAnswer>(SELECT_OPPORTUNITY, [request.params.id, request.caller.tenantId]);
    if (!row) throw notFound();
    return row;
  });

  defineRoute(app, context, 'put', '/api/opportunities/{id}', async (request: FastifyRequest<{ Params: { id: number }; Body: OpportunityWrite }>) => {
    const { caller } = request;
    const { id } = request.params;
    const values = valuesOf(request.body);
    return db.transaction(async (tx) => {
      // Another tenant's id is not found before anything about the body is told.
      const [existing] = await tx.query('select 1 from opportunities where id = $1 and tenant_id = $2 for update', [id, caller.tenantId]);
      if (!existing) throw notFound();
      await requireSalespersonOfTenant(tx, caller.tenantId, values.salesperson_id);
      await rememberCustomer(tx, caller, values.customer);
      const [updated] = await withHistory(tx, caller, 'opportunity', [id], () =>
        tx.query<OpportunityAnswer>(
          `update opportunities
           set salesperson_id = $3, customer = $4, stage = $5, created_date = $6, revenue = $7, probability = $8
           where id = $1 and tenant_id = $2 returning ${OPPORTUNITY.select}`,
          [id, caller.tenantId, values.salesperson_id, values.customer, values.stage, values.created_date, values.revenue, values.probability],
        ),
      );
      return updated;
    });
  });
}
