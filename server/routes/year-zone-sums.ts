/**
 * The sums of a year in a time zone that two answers add up from the year's month pieces: the
 * calendar's days (GET /api/opportunities/days) and the customers' sums (GET
 * /api/customers/summaries, and the customer export). Both read the same rows of a piece and
 * both compute each row's local date, so one statement sums a piece both ways, and one kept
 * piece serves both: after a save the month is read once for the two answers, not once each
 * (README, Performance, issue 19, session 14).
 */
import type { Queryable } from '../db/database.ts';
import type { AnswerOf } from '../answers/projection.ts';
import { OPPORTUNITY_DAY } from '../answers/projections.ts';
import { sqlText } from '../answers/projection.ts';
import { createYearZonePieces, type YearZonePieces, type ZonePieceReader } from '../caching/year-answers.ts';
import type { SharedPieces } from '../caching/shared-pieces.ts';
import { zonePieceWindow } from './opportunities.ts';
import { WON_STAGE } from '../../src/domain/opportunities/customers.ts';

export type OpportunityDay = AnswerOf<typeof OPPORTUNITY_DAY>;

/** A customer's opportunities of one piece of a zone's year, summed (a customer is its name regardless of case). */
export interface CustomerSums {
  key: string;
  name: string;
  opportunities: number;
  revenue: number;
  weighted: number;
  won: number;
  latest_date: string;
}

/** One piece of a zone's year, summed per local day and per customer. */
export interface ZoneSums {
  days: OpportunityDay[];
  customers: CustomerSums[];
}

/**
 * One piece's sums of the zone's year ($4): per local day (as the projection writes them) and
 * per customer. The rows are grouped both ways in one pass (grouping sets), each row's local
 * date computed once; the customers are grouped by their spelling first, so that `lower` is
 * taken once per spelling rather than once per opportunity, and the spellings of one name
 * are then added up (exact numerics added again, so the sums are those of the rows).
 */
export const zoneSumsPieceOf: ZonePieceReader<ZoneSums> = async (db, tenantId, year, piece, zone) => {
  const rows = await db.query<{ key: string | null; name: string | null; won: number | null; latest_date: string | null } & OpportunityDay>(
    `with sums as (
       select customer, date, count(*)::int as opportunities, sum(revenue) as revenue, sum(revenue * probability / 100) as weighted,
              (count(*) filter (where won))::int as won, max(date) as latest, grouping(customer) as of_days
       from (
         select customer, (created_date at time zone $4::text)::date as date, revenue, probability, stage = ${sqlText(WON_STAGE)} as won
         from opportunities
         where tenant_id = $1 and ${zonePieceWindow}
         -- Kept a subquery of its own (not pulled up), so each row's local date is computed once, for both groupings.
         offset 0
       ) as row
       group by grouping sets ((date), (customer))
     )
     select null as key, null as name, ${OPPORTUNITY_DAY.select}, null::int as won, null as latest_date
     from sums as d where of_days = 1
     union all
     select lower(customer), min(customer), null, sum(opportunities)::int, sum(revenue)::float8, sum(weighted)::float8,
            sum(won)::int, to_char(max(latest), 'YYYY-MM-DD')
     from sums where of_days = 0
     group by lower(customer)`,
    [tenantId, year, piece, zone],
  );
  const sums: ZoneSums = { days: [], customers: [] };
  for (const { key, name, date, opportunities, revenue, weighted, won, latest_date } of rows) {
    // A day's row has no customer key; a customer's always has its name, won count and latest date.
    if (key === null) sums.days.push({ date, opportunities, revenue, weighted });
    else sums.customers.push({ key, name: name!, opportunities, revenue, weighted, won: won!, latest_date: latest_date! });
  }
  return sums;
};

/** The year's pieces summed both ways, kept per tenant, year and zone (server/caching/README.md). */
export function yearZoneSums(db: Queryable, shared?: SharedPieces): YearZonePieces<ZoneSums> {
  return createYearZonePieces(db, zoneSumsPieceOf, { maxPieces: 14 * 64, ...(shared ? { shared: { pieces: shared, as: 'zone-sums' } } : {}) });
}
