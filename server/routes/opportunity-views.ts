import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { containing, refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import type { Answer } from '../http/contract-types.ts';
import { OPPORTUNITY_LIST_ROW } from '../answers/projections.ts';
import { inZoneYear } from '../answers/year-window.ts';

/** The opportunity list's page size (spec section 9: list page size 10). */
export const PAGE_SIZE = 10;

export type SortKey = 'date' | 'customer' | 'salesperson' | 'stage' | 'revenue' | 'weighted';

// Only these texts ever reach the ORDER BY. Each names the row's own column
// (page_rows.…): a bare name that an answer column also has (created_date, revenue)
// would sort by the answer's text or float.
export const SORT_COLUMNS: Record<SortKey, string> = {
  date: 'page_rows.created_date',
  customer: 'lower(page_rows.customer)',
  salesperson: 'lower(page_rows.salesperson_name)',
  stage: 'lower(page_rows.stage)',
  revenue: 'page_rows.revenue',
  weighted: 'page_rows.weighted',
};

interface PageQuery {
  year: number;
  zone?: string;
  search?: string;
  stage?: string;
  mine?: boolean;
  sort?: SortKey;
  direction?: 'ascending' | 'descending';
  page?: number;
}

/**
 * The year's opportunities in the caller's time zone with their salesperson's name and
 * weighted revenue ($1 tenant, $2 year, $3 zone), those whose customer, stage or
 * salesperson's name holds the pattern $4 (or all when it is null).
 */
const YEAR_ROWS = `year_rows as (
  select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id,
         coalesce(s.name, '') as salesperson_name, o.revenue * o.probability / 100 as weighted
  from opportunities o left join salespersons s on s.id = o.salesperson_id
  where o.tenant_id = $1 and ${inZoneYear('o.created_date')}
    and ($4::text is null or o.customer ilike $4 or s.name ilike $4 or o.stage ilike $4)
)`;

/** The page's filters on the year's rows: $5 a stage or null, $6 only the caller's own (their user's salesperson), $7 the caller's user. */
const PAGE_ROWS = `page_rows as (
  select * from year_rows
  where ($5::text is null or stage = $5)
    and (not $6::boolean or salesperson_id in (select id from salespersons where tenant_id = $1 and user_id = $7))
)`;

/**
 * A page of the list: its opportunities are found once, in one statement, for the totals
 * and the page (the last page when asked for one after it).
 */
async function page(db: Queryable, caller: { tenantId: number; userId: number }, query: PageQuery): Promise<Answer<'OpportunityPage'>> {
  const zone = zoneOf(query);
  const order = `${SORT_COLUMNS[query.sort ?? 'date']} ${query.direction === 'ascending' ? 'asc' : 'desc'}, page_rows.id asc`;
  const filters = [containing(query.search), query.stage || null, query.mine === true, caller.userId];
  const [answer] = await refusingUnknownZones(zone, () =>
    db.query<Answer<'OpportunityPage'>>(
      `with ${YEAR_ROWS}, ${PAGE_ROWS},
       found as materialized (select * from page_rows),
       totals as (select count(*)::int as total, coalesce(sum(revenue), 0)::float8 as revenue, coalesce(sum(weighted), 0)::float8 as weighted from found),
       shown as (select least($8::int, greatest(1, ceil(total / ${PAGE_SIZE}.0)::int)) as page from totals)
       select shown.page, totals.total, totals.revenue, totals.weighted,
              coalesce((select json_agg(${OPPORTUNITY_LIST_ROW.json} order by ${order})
                        from (select * from found as page_rows order by ${order} limit ${PAGE_SIZE} offset (shown.page - 1) * ${PAGE_SIZE}) as page_rows), '[]') as rows
       from totals, shown`,
      [caller.tenantId, query.year, zone, ...filters, query.page ?? 1],
    ),
  );
  return answer!;
}

/**
 * The opportunity screens' own answers (x-crm-extension: opportunity-list), so the
 * dashboard's analysis carries only what the chart reads: a page of the list, and
 * whole records for the screens that name opportunities.
 */
export function registerOpportunityViewRoutes(app: FastifyInstance, context: RouteContext): void {
  type PageRequest = FastifyRequest<{ Params: { tenant_id: number }; Querystring: PageQuery }>;
  defineRoute(app, context, 'get', '/api/opportunities/page/{tenant_id}', (request: PageRequest) => page(context.db, request.caller, request.query));
}
