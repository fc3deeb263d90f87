import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { containing, refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import { yearOpportunitiesJson } from './opportunities.ts';
import { createAnswerCache } from '../caching/answer-cache.ts';
import { notFound } from '../http/refusals.ts';
import type { AnswerOf } from '../answers/projection.ts';
import type { Answer } from '../http/contract-types.ts';
import { OPPORTUNITY_LIST_ROW } from '../answers/projections.ts';

/** A year of 100,000 opportunities is about 2 MB as brotli, 3 MB as gzip. */
const YEAR_CACHE_BYTES = 32 * 1024 * 1024;

/** The opportunity list's page size (spec section 9: list page size 10). */
export const PAGE_SIZE = 10;

export type SortKey = 'date' | 'customer' | 'salesperson' | 'stage' | 'revenue' | 'weighted';

// Only these texts ever reach the ORDER BY. Each names the row's own column
// (page_rows.…): a bare name that an answer column also has (created_date, revenue)
// would sort by the answer's text or float, made for all 100,000 rows of the year
// before the first ten are known, where the (tenant_id, created_date) index gives
// the newest ten at once.
export const SORT_COLUMNS: Record<SortKey, string> = {
  date: 'page_rows.created_date',
  customer: 'lower(page_rows.customer)',
  salesperson: 'lower(page_rows.salesperson_name)',
  stage: 'lower(page_rows.stage)',
  revenue: 'page_rows.revenue',
  weighted: 'page_rows.weighted',
};

interface YearQuery {
  year: number;
  zone?: string;
}

interface PageQuery extends YearQuery {
  search?: string;
  stage?: string;
  mine?: boolean;
  sort?: SortKey;
  direction?: 'ascending' | 'descending';
  page?: number;
}

/**
 * The ids of the tenant's opportunities whose customer, stage or salesperson's name
 * holds the pattern ($1 tenant, $4 pattern), each found through its own index
 * (migration 070); any year's, the year is the caller's condition.
 */
const searchMatches = `select id from opportunities where tenant_id = $1 and customer ilike $4
  union select id from opportunities where tenant_id = $1 and stage ilike $4
  union select m.id from salespersons ms join opportunities m on m.tenant_id = $1 and m.salesperson_id = ms.id
        where ms.tenant_id = $1 and ms.name ilike $4`;

// pg_trgm finds by index only a text of three characters or more; a shorter one matches
// most of the year anyway, and is tested row by row.
const INDEXED_SEARCH_LENGTH = 3;

/**
 * The year's opportunities in the caller's time zone with their salesperson's name
 * and weighted revenue ($1 tenant, $2 year, $3 zone, $4 pattern or null).
 */
const yearRows = (search: string) => `year_rows as (
  select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id,
         coalesce(s.name, '') as salesperson_name, o.revenue * o.probability / 100 as weighted
  from opportunities o left join salespersons s on s.id = o.salesperson_id
  where o.tenant_id = $1
    and o.created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, $3::text)
    and o.created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, $3::text)
    and ($4::text is null or ${search.length >= INDEXED_SEARCH_LENGTH ? `o.id = any(array(${searchMatches}))` : 'o.customer ilike $4 or s.name ilike $4 or o.stage ilike $4'})
)`;

/** The page's filters on the year's rows: $5 a stage or null, $6 only the caller's own (their user's salesperson), $7 the caller's user. */
const pageRows = `page_rows as (
  select * from year_rows
  where ($5::text is null or stage = $5)
    and (not $6::boolean or salesperson_id in (select id from salespersons where tenant_id = $1 and user_id = $7))
)`;

async function page(db: Queryable, caller: { tenantId: number; userId: number }, query: PageQuery): Promise<Answer<'OpportunityPage'>> {
  const zone = zoneOf(query);
  const search = (query.search ?? '').trim();
  const pattern = containing(search);
  const order = `${SORT_COLUMNS[query.sort ?? 'date']} ${query.direction === 'ascending' ? 'asc' : 'desc'}, page_rows.id asc`;
  const parameters = [caller.tenantId, query.year, zone, pattern, query.stage || null, query.mine === true, caller.userId];
  return refusingUnknownZones(zone, async () => {
    const [totals] = await db.query<{ total: number; revenue: number; weighted: number }>(
      `with ${yearRows(search)}, ${pageRows}
       select count(*)::int as total, coalesce(sum(revenue), 0)::float8 as revenue, coalesce(sum(weighted), 0)::float8 as weighted from page_rows`,
      parameters,
    );
    const lastPage = Math.max(1, Math.ceil(totals!.total / PAGE_SIZE));
    const pageNumber = Math.min(query.page ?? 1, lastPage);
    const rows = await db.query<AnswerOf<typeof OPPORTUNITY_LIST_ROW>>(
      `with ${yearRows(search)}, ${pageRows}
       select ${OPPORTUNITY_LIST_ROW.select} from page_rows order by ${order} limit ${PAGE_SIZE} offset $8`,
      [...parameters, (pageNumber - 1) * PAGE_SIZE],
    );
    return { page: pageNumber, total: totals!.total, revenue: totals!.revenue, weighted: totals!.weighted, rows };
  });
}

/**
 * The opportunity screens' own answers (x-crm-extension: opportunity-list), so the
 * dashboard's analysis carries only what the chart reads: a page of the list, and
 * whole records for the screens that name opportunities.
 */
export function registerOpportunityViewRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  type Request<Query> = FastifyRequest<{ Params: { tenant_id: number }; Querystring: Query }>;

  defineRoute(app, context, 'get', '/api/opportunities/page/{tenant_id}', async (request: Request<PageQuery>) => {
    if (request.params.tenant_id !== request.caller.tenantId) throw notFound();
    return page(db, request.caller, request.query);
  });

  // The customer list, the calendar and the activity editor load a whole year: kept as
  // the analysis is, until the tenant's opportunities change (server/caching/README.md).
  const years = createAnswerCache(db, { maxBytes: YEAR_CACHE_BYTES });
  defineRoute(
    app,
    context,
    'get',
    '/api/opportunities/getAllData/{tenant_id}',
    async (request: Request<{ year: number }>, reply) => {
      const { caller, params, query } = request;
      if (params.tenant_id !== caller.tenantId) throw notFound();
      return years.send(request, reply, {
        tenantId: caller.tenantId,
        subject: 'opportunities',
        key: `year-${query.year}`,
        produce: () => yearOpportunitiesJson(db, caller.tenantId, query.year),
      });
    },
    // The answer cache compresses once per version; the compress plugin would only look.
    { compress: false },
  );
}
