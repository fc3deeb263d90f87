/*
 * The instants of a year that the year's answers read, as SQL. Made by the database from
 * the year, so even year 9999 needs no five-digit ISO date. Each bound is a subquery, so
 * it is computed once per statement rather than once for every row a scan tests.
 */

const yearStart = "make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC')";

/**
 * The year ($2) in UTC widened by 14 hours either side, of `created_date`: it holds the
 * year of every time zone, so the browser can take from it the year it shows in its own.
 */
export const YEAR_WINDOW = `created_date >= (select ${yearStart} - interval '14 hours')
  and created_date < (select ${yearStart} + interval '12 months 14 hours')`;

/** The year `year` as the time zone `zone` counts it (both SQL, parameters by default), of the instants in `column`. */
export function inZoneYear(column: string, year = '$2', zone = '$3'): string {
  return `${column} >= (select make_timestamptz(${year}::int, 1, 1, 0, 0, 0, ${zone}::text))
    and ${column} < (select make_timestamptz(${year}::int + 1, 1, 1, 0, 0, 0, ${zone}::text))`;
}
