import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound } from '../http/refusals.ts';
import { refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import { ANALYSIS_ENTRY, OPPORTUNITY, OPPORTUNITY_DAY } from '../answers/projections.ts';
import { inZoneYear, YEAR_WINDOW } from '../answers/year-window.ts';

/**
 * The year's opportunities ($1 tenant, $2 year) as one JSON array written by the database
 * from the projection, oldest first along the (tenant_id, created_date, id) index: oldest
 * first also puts neighbours with most of their date in common, which compresses well.
 */
function yearJson(entry: string): string {
  return `select coalesce(json_agg(${entry} order by created_date, id), '[]')::text as json
    from opportunities where tenant_id = $1 and ${YEAR_WINDOW}`;
}

const ANALYSIS_SQL = yearJson(ANALYSIS_ENTRY.json);
const YEAR_OPPORTUNITIES_SQL = yearJson(OPPORTUNITY.json);

/** The calendar's days of a zone's year ($1 tenant, $2 year, $3 zone): its opportunities counted and summed per local day. */
const DAYS_SQL = `select coalesce(json_agg(${OPPORTUNITY_DAY.json} order by d.date), '[]')::text as json
  from (
    select (created_date at time zone $3::text)::date as date, count(*)::int as opportunities,
           sum(revenue) as revenue, sum(revenue * probability) / 100 as weighted
    from opportunities where tenant_id = $1 and ${inZoneYear('created_date')}
    group by 1
  ) as d`;

async function jsonOf(db: Queryable, sql: string, params: unknown[]): Promise<string> {
  const [row] = await db.query<{ json: string }>(sql, params);
  return row!.json;
}

/** The year's analysis (POST /api/opportunities/anlaysis), read now: the dashboard's four fields per opportunity. */
export function analysisJson(db: Queryable, tenantId: number, year: number): Promise<string> {
  return jsonOf(db, ANALYSIS_SQL, [tenantId, year]);
}

/** The year's opportunities (GET /api/opportunities/getAllData), read now: the Opportunity projection. */
export function yearOpportunitiesJson(db: Queryable, tenantId: number, year: number): Promise<string> {
  return jsonOf(db, YEAR_OPPORTUNITIES_SQL, [tenantId, year]);
}

/**
 * A year's answers. They weigh megabytes for a large tenant and dashboards ask for the
 * same years again and again, so they go out under the tenant's data version as an ETag,
 * made and compressed once per version (server/caching/README.md); the compress plugin
 * is off for them, as they come compressed.
 */
export function registerOpportunityRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, answers } = context;

  defineRoute(
    app,
    context,
    'post',
    '/api/opportunities/anlaysis',
    async (request: FastifyRequest<{ Body: { year: number; tenantId: number } }>, reply) => {
      const { caller, body } = request;
      if (body.tenantId !== caller.tenantId) throw notFound();
      return answers.send(request, reply, {
        tenantId: caller.tenantId,
        subjects: ['opportunities'],
        key: `analysis/${body.year}`,
        make: () => analysisJson(db, caller.tenantId, body.year),
      });
    },
    { compress: false },
  );

  // The year's opportunities (x-crm-extension: opportunity-list).
  defineRoute(
    app,
    context,
    'get',
    '/api/opportunities/getAllData/{tenant_id}',
    async (request: FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number } }>, reply) => {
      const { caller, params, query } = request;
      if (params.tenant_id !== caller.tenantId) throw notFound();
      return answers.send(request, reply, {
        tenantId: caller.tenantId,
        subjects: ['opportunities'],
        key: `year/${query.year}`,
        make: () => yearOpportunitiesJson(db, caller.tenantId, query.year),
      });
    },
    { compress: false },
  );

  // The calendar's days (x-crm-extension: day-totals): what the dashboard shows of a year,
  // a few kilobytes where the year's opportunities are megabytes.
  defineRoute(
    app,
    context,
    'get',
    '/api/opportunities/days/{tenant_id}',
    async (request: FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number; zone?: string } }>, reply) => {
      const { caller, params, query } = request;
      if (params.tenant_id !== caller.tenantId) throw notFound();
      const zone = zoneOf(query);
      return refusingUnknownZones(zone, () =>
        answers.send(request, reply, {
          tenantId: caller.tenantId,
          subjects: ['opportunities'],
          key: `days/${query.year}/${zone}`,
          make: () => jsonOf(db, DAYS_SQL, [caller.tenantId, query.year, zone]),
        }),
      );
    },
    { compress: false },
  );
}
