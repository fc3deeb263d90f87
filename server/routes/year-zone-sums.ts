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
 * are then added up (exact numerics added again, so the sums are those of the rows). The
 * revenues are summed in whole cents (migration 240), as bigints, and scaled back exactly: the
 * same numeric sums as those of `revenue`, for less work per row. The piece crosses as one
 * JSON text in the shape of `ZoneSums`, not as a thousand rows of eight fields that PGlite
 * decodes one field at a time (README, Performance, issue 19, session 16); JSON writes a
 * float8 as its text does, so the numbers parse to the same doubles.
 */
export const zoneSumsPieceOf: ZonePieceReader<ZoneSums> = async (db, tenantId, year, piece, zone) => {
  const [row] = await db.query<{ json: string }>(
    `with sums as (
       select customer, date, count(*)::int as opportunities, sum(revenue_cents) * 0.01 as revenue, sum(weighted_ten_thousandths) * 0.0001 as weighted,
              (count(*) filter (where won))::int as won, max(date) as latest, grouping(customer) as of_days
       from (
         -- revenue * probability / 100 in ten-thousandths: a whole number below 10^18, so a bigint.
         select customer, (created_date at time zone $4::text)::date as date, revenue_cents, revenue_cents * probability as weighted_ten_thousandths,
                stage = ${sqlText(WON_STAGE)} as won
         from opportunities
         where tenant_id = $1 and ${zonePieceWindow}
         -- Kept a subquery of its own (not pulled up), so each row's local date is computed once, for both groupings.
         offset 0
       ) as row
       group by grouping sets ((date), (customer))
     )
     select json_build_object(
       'days', coalesce((select json_agg(${OPPORTUNITY_DAY.json}) from sums as d where of_days = 1), '[]'),
       -- Each customer's fields in the order of CustomerSums.
       'customers', coalesce((select json_agg(customer_sums) from (
         select lower(customer) as key, min(customer) as name, sum(opportunities)::int as opportunities, sum(revenue)::float8 as revenue,
                sum(weighted)::float8 as weighted, sum(won)::int as won, to_char(max(latest), 'YYYY-MM-DD') as latest_date
         from sums where of_days = 0
         group by lower(customer)
       ) as customer_sums), '[]')
     )::text as json`,
    [tenantId, year, piece, zone],
  );
  return JSON.parse(row!.json) as ZoneSums;
};

/** The year's pieces summed both ways, kept per tenant, year and zone (server/caching/README.md). */
export function yearZoneSums(db: Queryable, shared?: SharedPieces): YearZonePieces<ZoneSums> {
  return createYearZonePieces(db, zoneSumsPieceOf, { maxPieces: 14 * 64, ...(shared ? { shared: { pieces: shared, as: 'zone-sums' } } : {}) });
}
