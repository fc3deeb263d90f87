import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound, refusal } from '../http/refusals.ts';
import type { RequestBody } from '../http/contract-types.ts';
import { EVENT_MESSAGES, isKeptInstant } from '../../src/domain/rules/index.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { CALENDAR_EVENT, linkedCustomerJson } from '../answers/projections.ts';
import { keptPrepared } from '../db/kept-prepared.ts';
import { createTaggedAnswers, jsonArrayOf, type TaggedList } from '../caching/tagged-answers.ts';

// Per process: the calendars of the tenants asking most, with their compressed copies.
const CALENDARS_KEPT_BYTES = 16 * 1024 * 1024;

const SELECT_EVENT = keptPrepared(`select ${CALENDAR_EVENT.select} from ${CALENDAR_EVENT.from} where id = $1 and tenant_id = $2`);

type CalendarEventWrite = RequestBody<'CalendarEventWrite'>;

type CalendarEventAnswer = AnswerOf<typeof CALENDAR_EVENT>;

const DAY_MS = 86_400_000;

/** The instant of a date-time the document has already checked for shape, within the years the app shows. */
function instantOf(text: string, field: string): number {
  if (!isKeptInstant(text)) throw refusal(field, field === 'starts_at' ? EVENT_MESSAGES.startInvalid : EVENT_MESSAGES.endInvalid);
  return Date.parse(text);
}

/** The rules the document's schema cannot say; the database checks them again. */
async function checkEvent(db: Queryable, tenantId: number, body: CalendarEventWrite): Promise<{ startsAt: string; endsAt: string }> {
  const starts = instantOf(body.starts_at, 'starts_at');
  const ends = instantOf(body.ends_at, 'ends_at');
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

/**
 * An event of a year's calendar as JSON text: its own fields as the row keeps them, without
 * the closing brace (migration 142, the CalendarEvent projection's fields and forms), with
 * the linked deal's customer looked up by its key (a join let the planner hash every opportunity
 * of the tenant for events that mostly name none).
 */
const CALENDAR_LIST_ENTRY = `calendar_events.list_entry_head || ',"opportunity_customer":' || ${linkedCustomerJson('calendar_events')} || '}'`;

/** A year's calendar ($2) of a tenant ($1): its events' entries, joined into one JSON text. */
export const CALENDAR_LIST_SQL = `select ${jsonArrayOf(CALENDAR_LIST_ENTRY, 'calendar_events.starts_at, id')}
              from ${CALENDAR_EVENT.from} where tenant_id = $1 and ${overlapsYearWindow}`;

/** A year's calendar and what it reads: the events and their linked deals' customers. */
export const CALENDAR_LIST: TaggedList = { sql: CALENDAR_LIST_SQL, subjects: ['calendar events', 'opportunity customers'] };

/** Calendar events: any signed-in user of the tenant may read and write them, like the calendar itself. */
export function registerCalendarEventRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  const calendars = createTaggedAnswers(db, { maxBytes: CALENDARS_KEPT_BYTES });

  defineRoute(
    app,
    context,
    'get',
    '/api/calendar/getAllData/{tenant_id}',
    async (request: FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number } }>, reply) => {
      const { caller } = request;
      if (request.params.tenant_id !== caller.tenantId) throw notFound();
      // The database joins the year's events, each kept with its row without the closing
      // brace (migration 142) and the linked deal's customer added, into one JSON text; while
      // it is unchanged its compressed copy is sent again (server/caching/tagged-answers.ts).
      return calendars.send(request, reply, {
        tenantId: caller.tenantId,
        key: `calendar-${request.query.year}`,
        ...CALENDAR_LIST,
        params: [caller.tenantId, request.query.year],
      });
    },
    { compress: false },
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
    const [event] = await db.query<CalendarEventAnswer>(SELECT_EVENT, [
      request.params.id,
      request.caller.tenantId,
    ]);
    if (!event) throw notFound();
    return event;
  });

  defineRoute(
    app,
    context,
    'put',
    '/api/calendar/{id}',
    async (request: FastifyRequest<{ Params: { id: number }; Body: CalendarEventWrite }>) => {
      const { caller, body } = request;
      const [row] = await db.transaction(async (tx) => {
        // Another tenant's id is not found before anything about the body is said.
        const [own] = await tx.query('select 1 from calendar_events where id = $1 and tenant_id = $2 for update', [request.params.id, caller.tenantId]);
        if (!own) throw notFound();
        const { startsAt, endsAt } = await checkEvent(tx, caller.tenantId, body);
        return tx.query<CalendarEventAnswer>(
          `update calendar_events set title = $3, starts_at = $4, ends_at = $5, all_day = $6, location = $7, salesperson_id = $8, notes = $9,
                  opportunity_id = case when $10 then $11::int else opportunity_id end
           where id = $1 and tenant_id = $2 returning ${CALENDAR_EVENT.select}`,
          [
            request.params.id,
            caller.tenantId,
            body.title,
            startsAt,
            endsAt,
            body.all_day,
            body.location,
            body.salesperson_id,
            body.notes,
            body.opportunity_id !== undefined,
            body.opportunity_id ?? null,
          ],
        );
      });
      return row!;
    },
  );

  defineRoute(app, context, 'delete', '/api/calendar/{id}', async (request: FastifyRequest<{ Params: { id: number } }>, reply) => {
    const deleted = await db.transaction((tx) =>
      tx.query('delete from calendar_events where id = $1 and tenant_id = $2 returning id', [request.params.id, request.caller.tenantId]),
    );
    if (deleted.length === 0) throw notFound();
    return reply.code(204).send();
  });
}
