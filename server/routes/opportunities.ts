import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from './context.ts';
import { notFound } from './refusals.ts';

// Time zones run from UTC-12 to UTC+14: widening the UTC year by 14 hours on each
// side gives a browser in any zone every opportunity of its own local year (the app
// buckets by local date and drops what falls outside the year).
const WIDEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The instants a year's analysis covers, as [from, to). */
export function analysisWindow(year: number): { from: Date; to: Date } {
  return {
    from: new Date(Date.UTC(year, 0, 1) - WIDEST_ZONE_OFFSET_MS),
    to: new Date(Date.UTC(year + 1, 0, 1) + WIDEST_ZONE_OFFSET_MS),
  };
}

export function registerOpportunityRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  defineRoute(app, context, 'post', '/api/opportunities/anlaysis', async (request: FastifyRequest<{ Body: { year: number; tenantId: number } }>) => {
    const { caller, body } = request;
    if (body.tenantId !== caller.tenantId) throw notFound();
    const { from, to } = analysisWindow(body.year);
    // Only the columns the dashboard reads, straight off the (tenant_id, created_date)
    // index; the date is formatted by the database so no Date object is built per row.
    return db.query(
      `select id, to_char(created_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_date,
              revenue, probability, salesperson_id
       from opportunities
       where tenant_id = $1 and created_date >= $2 and created_date < $3
       order by created_date, id`,
      [caller.tenantId, from.toISOString(), to.toISOString()],
    );
  });
}
