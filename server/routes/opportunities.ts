import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from './context.ts';
import { notFound } from './refusals.ts';

// Time zones run from UTC-12 to UTC+14: widening the UTC year by 14 hours on each
// side gives a browser in any zone every opportunity of its own local year (the app
// buckets by local date and drops what falls outside the year). The bounds are made
// by the database from the year, so even year 9999 needs no five-digit ISO date.
const yearWindow = `created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC') - interval '14 hours'
  and created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, 'UTC') + interval '14 hours'`;

export function registerOpportunityRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  /**
   * A year can hold tens of thousands of opportunities: the database reads only the
   * columns the screens use, off the (tenant_id, created_date) index, and writes
   * the JSON array itself, so no row object or Date is built in JavaScript. Dates
   * keep PostgreSQL's own JSON form (RFC 3339 with an offset, e.g.
   * 2025-03-01T10:30:00+00:00): formatting 50,000 of them again cost a third of
   * the call. The answer holds exactly the document's Opportunity fields, in no
   * particular order.
   */
  defineRoute(
    app,
    context,
    'post',
    '/api/opportunities/anlaysis',
    async (request: FastifyRequest<{ Body: { year: number; tenantId: number } }>, reply) => {
      const { caller, body } = request;
      if (body.tenantId !== caller.tenantId) throw notFound();
      const [answer] = await db.query<{ json: string }>(
        `select coalesce(json_agg(o), '[]')::text as json from (
           select id, created_date,
                  revenue, probability, salesperson_id, customer, stage
           from opportunities
           where tenant_id = $1 and ${yearWindow}
         ) o`,
        [caller.tenantId, body.year],
      );
      // A string with a JSON content type is sent as it is.
      return reply.type('application/json; charset=utf-8').send(answer!.json);
    },
  );
}
