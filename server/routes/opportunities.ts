import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { notFound } from '../http/refusals.ts';
import { refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import { jsonArray, queryJson } from '../http/json-text.ts';
import { ANALYSIS_ENTRY, OPPORTUNITY, OPPORTUNITY_DAY } from '../answers/projections.ts';
import { inZoneYear, YEAR_WINDOW } from '../answers/year-window.ts';

/**
 * The year's opportunities ($1 tenant, $2 year) as one JSON array written by the database
 * from the projection, oldest first along the (tenant_id, created_date, id) index: oldest
 * first also puts neighbours with most of their date in common, which compresses well.
 */
const yearJson = (entry: string) => `select ${jsonArray(entry, 'created_date, id')} from opportunities where tenant_id = $1 and ${YEAR_WINDOW}`;

/** The year's analysis: the dashboard's four fields per opportunity. */
const ANALYSIS_SQL = yearJson(ANALYSIS_ENTRY.json);
/** The year's opportunities as the Opportunity projection writes them. */
const YEAR_OPPORTUNITIES_SQL = yearJson(OPPORTUNITY.json);

/** The calendar's days of a zone's year ($1 tenant, $2 year, $3 zone): its opportunities counted and summed per local day. */
const DAYS_SQL = `select ${jsonArray(OPPORTUNITY_DAY.json, 'd.date')}
  from (
    select (created_date at time zone $3::text)::date as date, count(*)::int as opportunities,
           sum(revenue) as revenue, sum(revenue * probability) / 100 as weighted
    from opportunities where tenant_id = $1 and ${inZoneYear('created_date')}
    group by 1
  ) as d`;

type YearRequest = FastifyRequest<{ Params: { tenant_id: number }; Querystring: { year: number; zone?: string } }>;

/**
 * A year's answers. They weigh megabytes for a large tenant and dashboards ask for the
 * same years again and again, so they go out under the tenant's data version as an ETag,
 * made and compressed once per version (server/caching/README.md); the compress plugin
 * is off for them, as they come compressed.
 */
export function registerOpportunityRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, answers } = context;
  const compressed = { compress: false } as const;

  type AnalysisRequest = FastifyRequest<{ Body: { year: number; tenantId: number } }>;
  defineRoute(app, context, 'post', '/api/opportunities/anlaysis', async (request: AnalysisRequest, reply) => {
    const { caller, body } = request;
    if (body.tenantId !== caller.tenantId) throw notFound();
    const make = () => queryJson(db, ANALYSIS_SQL, [caller.tenantId, body.year]);
    return answers.send(request, reply, { tenantId: caller.tenantId, subjects: ['opportunities'], key: `analysis/${body.year}`, make });
  }, compressed);

  // The year's opportunities (x-crm-extension: opportunity-list).
  defineRoute(app, context, 'get', '/api/opportunities/getAllData/{tenant_id}', async (request: YearRequest, reply) => {
    const { caller, query } = request;
    const make = () => queryJson(db, YEAR_OPPORTUNITIES_SQL, [caller.tenantId, query.year]);
    return answers.send(request, reply, { tenantId: caller.tenantId, subjects: ['opportunities'], key: `year/${query.year}`, make });
  }, compressed);

  // The calendar's days (x-crm-extension: day-totals): what the dashboard shows of a year,
  // a few kilobytes where the year's opportunities are megabytes.
  defineRoute(app, context, 'get', '/api/opportunities/days/{tenant_id}', async (request: YearRequest, reply) => {
    const { caller, query } = request;
    const zone = zoneOf(query);
    const make = () => queryJson(db, DAYS_SQL, [caller.tenantId, query.year, zone]);
    const key = `days/${query.year}/${zone}`;
    return refusingUnknownZones(zone, () => answers.send(request, reply, { tenantId: caller.tenantId, subjects: ['opportunities'], key, make }));
  }, compressed);
}
