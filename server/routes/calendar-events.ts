import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound, refusal } from '../http/refusals.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { EVENT_MESSAGES } from '../../src/domain/rules/index.ts';
import { storedInstant } from '../answers/instant.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { CALENDAR_EVENT } from '../answers/projections.ts';
import { jsonArray, queryJson, sendJsonText } from '../http/json-text.ts';

type CalendarEventWrite = RequestBody<'CalendarEventWrite'>;

type CalendarEventAnswer = AnswerOf<typeof CALENDAR_EVENT>;

const DAY_MS = 86_400_000;

/** The rules the document's schema cannot say; the database checks them again. */
async function checkEvent(db: Queryable, tenantId: number, body: CalendarEventWrite): Promise<{ startsAt: string; endsAt: string }> {
  const starts = Date.parse(storedInstant(body.starts_at, 'starts_at', EVENT_MESSAGES.startInvalid));
  const ends = Date.parse(storedInstant(body.ends_at, 'ends_at', EVENT_MESSAGES.endInvalid));
  if (ends < starts) throw refusal('ends_at', EVENT_MESSAGES.endBeforeStart);
  if (body.all_day && (starts % DAY_MS !== 0 || ends % DAY_MS !== 0)) {
    throw refusal('all_day', 'An all-day event starts and ends at midnight UTC of its first and last day.');
  }
  if (body.salesperson_id !== null) {
    const [salesperson] = await db.query('select 1 from salespersons where id = $1 and tenant_id = $2', [body.salesperson_id, tenantId]);
    if (!salesperson) throw refusal('salesperson_id', 'Salesperson must be a salesperson of your tenant.');
  }
  if (body.opportunity_id !== undefined && body.opportunity_id !== null) {
    const [opportunity] = await db.query('select 1 from opportunities where id = $1 and tenant_id = $2 for share', [body.opportunity_id, tenantId]);
    if (!opportunity) throw refusal('opportunity_id', 'Opportunity must be an opportunity of your tenant.');
  }
  return { startsAt: new Date(starts).toISOString(), endsAt: new Date(ends).toISOString() };
}

// As in the opportunity analysis: the UTC year widened by 14 hours each side holds
// every event that touches the year of a browser in any zone (UTC-12 to UTC+14).
const overlapsYearWindow = `starts_at < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, 'UTC') + interval '14 hours'
  and ends_at >= make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC') - interval '14 hours'`;

/** A year's calendar ($2) of a tenant ($1), by start. */
export const CALENDAR_LIST = `select ${jsonArray(CALENDAR_EVENT.json, 'starts_at, id')}
  from ${CALENDAR_EVENT.from} where tenant_id = $1 and ${overlapsYearWindow}`;

/** Calendar events: any signed-in user of the tenant may read and write them, like the calendar itself. */
export function registerCalendarEventRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  type YearRequest = FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number } }>;
  defineRoute(app, context, 'get', '/api/calendar/getAllData/{tenant_id}', async (request: YearRequest, reply) =>
    sendJsonText(reply, await queryJson(db, CALENDAR_LIST, [request.caller.tenantId, request.query.year])),
  );

  defineRoute(app, context, 'post', '/api/calendar', async (request: FastifyRequest<{ Body: CalendarEventWrite }>, reply) => {
    const { caller, body } = request;
    const [row] = await db.transaction(async (tx) => {
      const { startsAt, endsAt } = await checkEvent(tx, caller.tenantId, body);
      return tx.query<CalendarEventAnswer>(
        `insert into calendar_events (tenant_id, title, starts_at, ends_at, all_day, location, salesperson_id, notes, opportunity_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${CALENDAR_EVENT.select}`,
        [caller.tenantId, body.title, startsAt, endsAt, body.all_day, body.location, body.salesperson_id, body.notes, body.opportunity_id ?? null],
      );
    });
    reply.code(201);
    return row!;
  });

  defineRoute(app, context, 'get', '/api/calendar/{id}', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const [event] = await db.query<CalendarEventAnswer>(
      `select ${CALENDAR_EVENT.select} from ${CALENDAR_EVENT.from} where id = $1 and tenant_id = $2`,
      [request.params.id, request.caller.tenantId],
    );
    if (!event) throw notFound();
    return event;
  });

  defineRoute(app, context, 'put', '/api/calendar/{id}', async (request: FastifyRequest<{ Params: { id: number }; Body: CalendarEventWrite }>) => {
    const { caller, body, params } = request;
    const [row] = await db.transaction(async (tx) => {
      // Another tenant's id is not found before anything about the body is said.
      const [own] = await tx.query('select 1 from calendar_events where id = $1 and tenant_id = $2 for update', [params.id, caller.tenantId]);
      if (!own) throw notFound();
      const { startsAt, endsAt } = await checkEvent(tx, caller.tenantId, body);
      const { title, all_day, location, salesperson_id, notes } = body;
      const linksDeal = body.opportunity_id !== undefined;
      return tx.query<CalendarEventAnswer>(
        `update calendar_events set title = $3, starts_at = $4, ends_at = $5, all_day = $6, location = $7, salesperson_id = $8, notes = $9,
                opportunity_id = case when $10 then $11::int else opportunity_id end
         where id = $1 and tenant_id = $2 returning ${CALENDAR_EVENT.select}`,
        [params.id, caller.tenantId, title, startsAt, endsAt, all_day, location, salesperson_id, notes, linksDeal, body.opportunity_id ?? null],
      );
    });
    return row!;
  });

  defineRoute(app, context, 'delete', '/api/calendar/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const { caller, params } = request;
    const deleted = await db.query('delete from calendar_events where id = $1 and tenant_id = $2 returning id', [params.id, caller.tenantId]);
    if (deleted.length === 0) throw notFound();
    return reply.code(204).send();
  });
}
