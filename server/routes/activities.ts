import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound, refusal } from '../http/refusals.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { ACTIVITY_MESSAGES, isKeptInstant } from '../../src/domain/rules/index.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { ACTIVITY, linkedCustomerJson } from '../answers/projections.ts';
import { keptPrepared } from '../db/kept-prepared.ts';
import { createTaggedAnswers, jsonArrayOf, type TaggedList } from '../caching/tagged-answers.ts';

// Per process: the lists of the tenants asking most, with their compressed copies.
const ACTIVITY_LISTS_KEPT_BYTES = 16 * 1024 * 1024;

type ActivityWrite = RequestBody<'ActivityWrite'>;

type ActivityAnswer = AnswerOf<typeof ACTIVITY>;

/** The activity list's rows in the order it loads them (and keeps for rows a column holds alike). */
export const ACTIVITY_LIST_LOADED_ORDER = 'a.due_at, a.id';

/**
 * An activity of the list as JSON text: its own fields as the row keeps them, without the
 * closing brace (migrations 086 and 140, the Activity projection's fields and forms), with
 * the names it shows from the salesperson (kept as JSON with the salesperson) and the
 * linked opportunity's customer, looked up by its key rather than joined (linkedCustomerJson).
 */
const ACTIVITY_LIST_ENTRY = `a.list_entry_head || ',"salesperson_name":' || s.name_json || ',"customer":' || ${linkedCustomerJson('a')} || '}'`;

/** A tenant's ($1) activity list: every activity's entry, joined into one JSON text. */
export const ACTIVITY_LIST_SQL = `select ${jsonArrayOf(ACTIVITY_LIST_ENTRY, ACTIVITY_LIST_LOADED_ORDER)}
  from activities a join salespersons s on s.id = a.salesperson_id and s.tenant_id = a.tenant_id
  where a.tenant_id = $1`;

/** The activity list and what it reads: the activities, their salespersons' names, their linked deals' customers. */
export const ACTIVITY_LIST: TaggedList = { sql: ACTIVITY_LIST_SQL, subjects: ['activities', 'salesperson names', 'opportunity customers'] };

const SELECT_ACTIVITY = keptPrepared(`select ${ACTIVITY.select} from ${ACTIVITY.from} where a.tenant_id = $1 and a.id = $2`);

async function activityOfTenant(db: Queryable, tenantId: number, id: number) {
  const [activity] = await db.query<ActivityAnswer>(SELECT_ACTIVITY, [tenantId, id]);
  return activity;
}

/**
 * The due time as one UTC instant the database stores as given. The document's
 * date-time format admits offsets and years PostgreSQL refuses (year 0, +23:59), so
 * the instant is taken by JavaScript and bounded to the years the app shows.
 */
function dueInstant(dueAt: string): string {
  if (!isKeptInstant(dueAt)) throw refusal('due_at', ACTIVITY_MESSAGES.dueInvalid);
  return new Date(dueAt).toISOString();
}

/** Refuses, naming the field, a body that is valid by the document but not by the tenant's data. */
async function checkWrite(tx: Queryable, tenantId: number, body: ActivityWrite): Promise<string> {
  const dueAt = dueInstant(body.due_at);
  const [salesperson] = await tx.query('select 1 from salespersons where id = $1 and tenant_id = $2', [body.salesperson_id, tenantId]);
  if (!salesperson) throw refusal('salesperson_id', 'Salesperson must be a salesperson of your tenant.');
  if (body.opportunity_id !== null) {
    const [opportunity] = await tx.query('select 1 from opportunities where id = $1 and tenant_id = $2', [body.opportunity_id, tenantId]);
    if (!opportunity) throw refusal('opportunity_id', 'Opportunity must be an opportunity of your tenant.');
  }
  return dueAt;
}

const writtenColumns = (body: ActivityWrite, dueAt: string) => [
  body.kind,
  body.subject,
  dueAt,
  body.duration_minutes,
  body.done,
  body.salesperson_id,
  body.opportunity_id,
  body.notes,
];

export function registerActivityRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  const lists = createTaggedAnswers(db, { maxBytes: ACTIVITY_LISTS_KEPT_BYTES });

  defineRoute(app, context, 'get', '/api/activities/getAllData/{tenant_id}', async (request: FastifyRequest<{ Params: { tenant_id: number } }>, reply) => {
    const { caller } = request;
    if (request.params.tenant_id !== caller.tenantId) throw notFound();
    // The database makes the whole answer as one JSON text: PGlite hands rows over one by
    // one at a cost far above the query's (a tenant's 5,000 activities: 40 ms instead of 500).
    // While that text is unchanged its compressed copy is sent again (server/caching/tagged-answers.ts).
    return lists.send(request, reply, {
      tenantId: caller.tenantId,
      key: 'activities',
      ...ACTIVITY_LIST,
      params: [caller.tenantId],
    });
  }, { compress: false });

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

  defineRoute(
    app,
    context,
    'put',
    '/api/activities/{id}',
    async (request: FastifyRequest<{ Params: { id: number }; Body: ActivityWrite }>) => {
      const { caller, body } = request;
      return db.transaction(async (tx) => {
        // Another tenant's id answers 404 before its body is judged, so a probe learns nothing.
        const [existing] = await tx.query('select 1 from activities where id = $1 and tenant_id = $2 for update', [request.params.id, caller.tenantId]);
        if (!existing) throw notFound();
        const dueAt = await checkWrite(tx, caller.tenantId, body);
        await tx.query(
          `update activities set kind = $3, subject = $4, due_at = $5, duration_minutes = $6, done = $7,
                  salesperson_id = $8, opportunity_id = $9, notes = $10
           where id = $1 and tenant_id = $2`,
          [request.params.id, caller.tenantId, ...writtenColumns(body, dueAt)],
        );
        return activityOfTenant(tx, caller.tenantId, request.params.id);
      });
    },
  );
  defineRoute(app, context, 'delete', '/api/activities/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const deleted = await db.query('delete from activities where tenant_id = $1 and id = $2 returning id', [request.caller.tenantId, request.params.id]);
    if (deleted.length === 0) throw notFound();
    return reply.code(204).send();
  });
}
