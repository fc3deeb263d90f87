/*
 * The instants of a year that the year's answers read, as SQL over `created_date`
 * ($2 the year, $3 a time zone). Made by the database from the year, so even year
 * 9999 needs no five-digit ISO date.
 */

const yearStart = "make_timestamptz($2::int, 1, 1, 0, 0, 0, 'UTC')";

/**
 * The UTC year widened by 14 hours either side: it holds the year of every time zone,
 * so the browser can take from it the year it shows in its own.
 */
export const YEAR_WINDOW = `created_date >= ${yearStart} - interval '14 hours' and created_date < ${yearStart} + interval '12 months 14 hours'`;

/** The year as the time zone $3 counts it, inside the year's window. */
export const ZONE_YEAR = `${YEAR_WINDOW}
  and created_date >= make_timestamptz($2::int, 1, 1, 0, 0, 0, $3::text)
  and created_date < make_timestamptz($2::int + 1, 1, 1, 0, 0, 0, $3::text)`;
