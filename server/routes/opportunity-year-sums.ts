/**
 * A year's opportunities in the caller's time zone, summed per stage, without reading
 * the year's rows: the whole UTC days of the year come from the per-day sums the
 * database keeps (migration 085, kept by triggers in every writing transaction), and
 * only the rows of the part days at the year's two ends from the opportunities (at
 * most a day each, through the (tenant_id, created_date) index).
 *
 * Two common table expressions, for a `with` ($1 tenant, $2 year, $3 zone):
 * `year_bounds` (the year's instants) and `year_sums` (stage, count, revenue, and
 * weight: the sum of revenue × probability, in percent; exact numerics).
 */
export const YEAR_STAGE_SUMS = `year_bounds as (
  select starts, ends,
         ((starts at time zone 'UTC') - interval '1 microsecond')::date + 1 as first_day,
         (ends at time zone 'UTC')::date as end_day
  from (select make_timestamptz($2::int, 1, 1, 0, 0, 0, $3::text) as starts,
               make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, $3::text) as ends) as year
),
year_sums as (
  select stage, sum(count)::int as count, sum(revenue) as revenue, sum(weight) as weight from (
    select d.stage, d.count, d.revenue, d.weight from opportunity_day_sums d, year_bounds b
    where d.tenant_id = $1 and d.day >= b.first_day and d.day < b.end_day
    union all
    select o.stage, 1, o.revenue, o.revenue * o.probability from opportunities o, year_bounds b
    where o.tenant_id = $1 and o.created_date >= b.starts and o.created_date < b.first_day::timestamp at time zone 'UTC'
    union all
    select o.stage, 1, o.revenue, o.revenue * o.probability from opportunities o, year_bounds b
    where o.tenant_id = $1 and o.created_date >= b.end_day::timestamp at time zone 'UTC' and o.created_date < b.ends
  ) as parts
  group by stage
  having sum(count) > 0
)`;
