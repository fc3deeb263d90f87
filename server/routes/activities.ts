import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound, refusal } from '../http/refusals.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { ACTIVITY_MESSAGES } from '../../src/domain/rules/index.ts';
import { storedInstant } from '../answers/instant.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { ACTIVITY } from '../answers/projections.ts';
import { jsonArray, queryJson, sendJsonText } from '../http/json-text.ts';

type ActivityWrite = RequestBody<'ActivityWrite'>;

type ActivityAnswer = AnswerOf<typeof ACTIVITY>;

/** The order the activity list loads its rows in, which rows that sort alike on a column stay in. */
export const ACTIVITY_LIST_LOADED_ORDER = 'a.due_at, a.id';

/** A tenant's ($1) activity list. */
export const ACTIVITY_LIST = `select ${jsonArray(ACTIVITY.json, ACTIVITY_LIST_LOADED_ORDER)} from ${ACTIVITY.from} where a.tenant_id = $1`;

async function activityOfTenant(db: Queryable, tenantId: number, id: number) {
  const [activity] = await db.query<ActivityAnswer>(`select ${ACTIVITY.select} from ${ACTIVITY.from} where a.tenant_id = $1 and a.id = $2`, [tenantId, id]);
  return activity;
}

/** Refuses, naming the field, a body that is valid by the document but not by the tenant's data. */
async function checkWrite(tx: Queryable, tenantId: number, body: ActivityWrite): Promise<string> {
  const dueAt = storedInstant(body.due_at, 'due_at', ACTIVITY_MESSAGES.dueInvalid);
  const [salesperson] = await tx.query('select 1 from salespersons where id = $1 and tenant_id = $2', [body.salesperson_id, tenantId]);
  if (!salesperson) throw refusal('salesperson_id', 'Salesperson must be a salesperson of your tenant.');
  if (body.opportunity_id !== null) {
    const [opportunity] = await tx.query('select 1 from opportunities where id = $1 and tenant_id = $2', [body.opportunity_id, tenantId]);
    if (!opportunity) throw refusal('opportunity_id', 'Opportunity must be an opportunity of your tenant.');
  }
  return dueAt;
}

const writtenColumns = (body: ActivityWrite, dueAt: string) => {
  const { kind, subject, duration_minutes, done, salesperson_id, opportunity_id, notes } = body;
  return [kind, subject, dueAt, duration_minutes, done, salesperson_id, opportunity_id, notes];
};

export function registerActivityRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'get', '/api/activities/getAllData/{tenant_id}', async (request, reply) =>
    sendJsonText(reply, await queryJson(db, ACTIVITY_LIST, [request.caller.tenantId])),
  );

  defineRoute(app, context, 'get', '/api/activities/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const activity = await activityOfTenant(db, request.caller.tenantId, request.params.id);
    if (!activity) throw notFound();
    return activity;
  });

  // Any signed-in user of the tenant schedules work, as in Pipedrive: a rep plans a
  // colleague's call as often as their own.
  defineRoute(app, context, 'post', '/api/activities', async (request: FastifyRequest<{ Body: ActivityWrite }>, reply) => {
    const { caller, body } = request;
    const activity = await db.transaction(async (tx) => {
      const dueAt = await checkWrite(tx, caller.tenantId, body);
      const [created] = await tx.query<{ id: number }>(
        `insert into activities (tenant_id, kind, subject, due_at, duration_minutes, done, salesperson_id, opportunity_id, notes)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
        [caller.tenantId, ...writtenColumns(body, dueAt)],
      );
      return activityOfTenant(tx, caller.tenantId, created!.id);
    });
    reply.code(201);
    return activity;
  });

  defineRoute(app, context, 'put', '/api/activities/{id}', async (request: FastifyRequest<{ Params: { id: number }; Body: ActivityWrite }>) => {
    const { caller, body, params } = request;
    return db.transaction(async (tx) => {
      // Another tenant's id answers 404 before its body is judged, so a probe learns nothing.
      const [existing] = await tx.query('select 1 from activities where id = $1 and tenant_id = $2 for update', [params.id, caller.tenantId]);
      if (!existing) throw notFound();
      const dueAt = await checkWrite(tx, caller.tenantId, body);
      await tx.query(
        `update activities set kind = $3, subject = $4, due_at = $5, duration_minutes = $6, done = $7,
                salesperson_id = $8, opportunity_id = $9, notes = $10
         where id = $1 and tenant_id = $2`,
        [params.id, caller.tenantId, ...writtenColumns(body, dueAt)],
      );
      return activityOfTenant(tx, caller.tenantId, params.id);
    });
  });

  defineRoute(app, context, 'delete', '/api/activities/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const deleted = await db.query('delete from activities where tenant_id = $1 and id = $2 returning id', [request.caller.tenantId, request.params.id]);
    if (deleted.length === 0) throw notFound();
    return reply.code(204).send();
  });
}
