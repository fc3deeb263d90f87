import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { defineRoute, type RouteContext } from '../http/define-route.ts';
import { YEAR_STAGE_SUMS } from './opportunity-year-sums.ts';
import { keptPrepared, keptWithGenericPlan } from '../db/kept-prepared.ts';
import { containing, refusingUnknownZones, zoneOf } from '../http/list-query.ts';
import { notFound } from '../http/refusals.ts';
import type { AnswerOf } from '../answers/projection.ts';
import type { Answer } from '../http/contract-types.ts';
import { OPPORTUNITY_LIST_ROW } from '../answers/projections.ts';

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
 * The tenant's stages that hold the pattern ($1 tenant, $4 pattern). A tenant's
 * opportunities are in a handful of stages: each is found by one step along the
 * (tenant_id, stage, …) index from the one before, and only those few texts are
 * matched. A trigram index of the stage served this before (migration 070); it cost
 * every opportunity written about fifteen index entries (migration 170). Each stage
 * found then reads its own opportunities through that index (`offset 0` keeps the
 * planner from folding this into one join, which it answers by reading the whole
 * table); `= any(array(…))` read the whole table even when no stage held the text.
 */
const stagesMatching = `with recursive stages as (
    (select stage from opportunities where tenant_id = $1 order by stage limit 1)
    union all
    select (select o.stage from opportunities o where o.tenant_id = $1 and o.stage > stages.stage order by o.stage limit 1)
    from stages where stages.stage is not null
  )
  select stage from stages where stage ilike $4`;

// pg_trgm finds by index only a text of three characters or more; a shorter one matches
// most of the year anyway, and is tested row by row.
const INDEXED_SEARCH_LENGTH = 3;

/** The caller's year in their time zone ($2 year, $3 zone), of the opportunity `o`. */
const YEAR_START = 'make_timestamptz($2::int, 1, 1, 0, 0, 0, $3::text)';
const YEAR_END = 'make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, $3::text)';
const inYear = `o.created_date >= ${YEAR_START} and o.created_date < ${YEAR_END}`;
/**
 * The same with each bound a subquery, computed once per statement: tested on each row that
 * another index found, the bound was otherwise computed again for every row, its zone looked
 * up each time. Where the year's range is the index's, the planner estimates it from the
 * bounds themselves (inYear).
 */
const inYearOnce = `o.created_date >= (select ${YEAR_START}) and o.created_date < (select ${YEAR_END})`;

/** What the page reads of an opportunity `o`. */
const LISTED = 'o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id';

/**
 * The year's opportunities whose customer, stage or salesperson's name holds the pattern
 * ($1 tenant, $2 year, $3 zone, $4 pattern), found in three parts, each reaching its rows
 * only through index probes keyed by what it matched, so that one plan made without the
 * values serves every text:
 * - those whose customer holds it: the tenant's few customer spellings are matched
 *   (migration 245), and each matched name's opportunities of the year read through the
 *   (tenant_id, lower(customer), created_date) index, each tested again itself, so that
 *   the page holds exactly the rows whose own customer holds the pattern, however the
 *   database folds the case of the spellings that share a lower case;
 * - those whose stage holds it: each matched stage's opportunities through the
 *   (tenant_id, stage, …) index;
 * - those whose salesperson's name holds it, through (tenant_id, salesperson_id).
 * In the last two the year is tested on each row found: `offset 0` keeps its range out of
 * the look-up, where a plan made without the values (or on a small table) may read the whole
 * year through it once per stage or salesperson.
 * A row in two parts is the same row twice (one snapshot), so `union` leaves it once; that
 * costs less than testing each row of a part for the other parts' texts.
 */
const searchedRows = `select ${LISTED} from (select distinct lower(customer) as name from opportunity_customer_spellings
                                 where tenant_id = $1 and customer ilike $4) as matched
    cross join lateral (select ${LISTED} from opportunities o
                        where o.tenant_id = $1 and lower(o.customer) = matched.name and ${inYearOnce} and o.customer ilike $4 offset 0) as o
  union
  select o.* from (${stagesMatching}) as matched
    cross join lateral (select ${LISTED} from opportunities o where o.tenant_id = $1 and o.stage = matched.stage offset 0) as o
    where ${inYearOnce}
  union
  select o.* from salespersons ms
    cross join lateral (select ${LISTED} from opportunities o where o.tenant_id = $1 and o.salesperson_id = ms.id offset 0) as o
    where ms.tenant_id = $1 and ms.name ilike $4 and ${inYearOnce}`;

/**
 * The year's opportunities in the caller's time zone with their salesperson's name and
 * weighted revenue ($1 tenant, $2 year, $3 zone, $4 pattern or null): a text of
 * INDEXED_SEARCH_LENGTH or more through what it matches, a shorter one (or none) row by row.
 */
const yearRows = (search: string) => `year_rows as (
  select o.id, o.created_date, o.customer, o.stage, o.revenue, o.probability, o.salesperson_id,
         coalesce(s.name, '') as salesperson_name, o.revenue * o.probability / 100 as weighted
  from ${
    search.length >= INDEXED_SEARCH_LENGTH
      ? `(${searchedRows}) as o left join salespersons s on s.id = o.salesperson_id`
      : `opportunities o left join salespersons s on s.id = o.salesperson_id
  where o.tenant_id = $1 and ${inYear}
    and ($4::text is null or o.customer ilike $4 or s.name ilike $4 or o.stage ilike $4)`
  }
)`;

/** The page's filters on the year's rows: $5 a stage or null, $6 only the caller's own (their user's salesperson), $7 the caller's user. */
const pageRows = `page_rows as (
  select * from year_rows
  where ($5::text is null or stage = $5)
    and (not $6::boolean or salesperson_id in (select id from salespersons where tenant_id = $1 and user_id = $7))
)`;

interface Totals {
  total: number;
  revenue: number;
  weighted: number;
}

const SELECT_YEAR_TOTALS = keptPrepared(`with ${YEAR_STAGE_SUMS}
  select coalesce(sum(count), 0)::int as total, coalesce(sum(revenue), 0)::float8 as revenue, coalesce(sum(weight) / 100, 0)::float8 as weighted
  from year_sums where $4::text is null or stage = $4`);

/** The totals of the year (or of one stage of it) unsearched, from the sums the database keeps (opportunity-year-sums.ts). */
function yearTotals(db: Queryable, tenantId: number, year: number, zone: string, stage: string | null): Promise<Totals[]> {
  return db.query<Totals>(SELECT_YEAR_TOTALS, [tenantId, year, zone, stage]);
}

async function page(db: Queryable, caller: { tenantId: number; userId: number }, query: PageQuery): Promise<Answer<'OpportunityPage'>> {
  const zone = zoneOf(query);
  const search = (query.search ?? '').trim();
  const pattern = containing(search);
  const order = `${SORT_COLUMNS[query.sort ?? 'date']} ${query.direction === 'ascending' ? 'asc' : 'desc'}, page_rows.id asc`;
  const parameters = [caller.tenantId, query.year, zone, pattern, query.stage || null, query.mine === true, caller.userId];
  return refusingUnknownZones(zone, async () => {
    if (pattern !== null || query.mine === true) return foundPage(db, search, parameters, order, query.page ?? 1);
    const [totals] = await yearTotals(db, caller.tenantId, query.year, zone, query.stage || null);
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
 * A searched page, or one of the caller's own: its opportunities are found once, in one
 * statement, for the totals and the page (the last page when asked for one after it).
 */
async function foundPage(db: Queryable, search: string, parameters: unknown[], order: string, requested: number): Promise<Answer<'OpportunityPage'>> {
  const [answer] = await db.query<Answer<'OpportunityPage'>>(foundPageStatement(search, order), [...parameters, requested]);
  return answer!;
}

const foundPageSql = (search: string, order: string) => `with ${yearRows(search)}, ${pageRows},
     found as materialized (select * from page_rows),
     totals as (select count(*)::int as total, coalesce(sum(revenue), 0)::float8 as revenue, coalesce(sum(weighted), 0)::float8 as weighted from found),
     shown as (select least($8::int, greatest(1, ceil(total / ${PAGE_SIZE}.0)::int)) as page from totals)
     select shown.page, totals.total, totals.revenue, totals.weighted,
            coalesce((select json_agg(${OPPORTUNITY_LIST_ROW.json} order by ${order})
                      from (select * from found as page_rows order by ${order} limit ${PAGE_SIZE} offset (shown.page - 1) * ${PAGE_SIZE}) as page_rows), '[]') as rows
     from totals, shown`;

/**
 * A text of INDEXED_SEARCH_LENGTH or more is found through what it matches (searchedRows),
 * one plan for every text: kept prepared with a generic plan, as planning the statement
 * cost more than running it for a text that one customer holds (README, Performance,
 * issue 19, session 16). A shorter text, or none, reads the year row by row, planned with
 * its values.
 */
function foundPageStatement(search: string, order: string): string {
  const sql = foundPageSql(search, order);
  return search.length < INDEXED_SEARCH_LENGTH ? sql : keptWithGenericPlan(`/* one plan for every text */ ${sql}`);
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
}
