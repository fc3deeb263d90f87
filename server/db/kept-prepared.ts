/**
 * Statements the server runs as named prepared statements: parsed once per database
 * connection, then only bound and executed, and PostgreSQL may keep one plan for them
 * (plan_cache_mode auto). Only for statements whose best plan is the same whatever the
 * parameters: point look-ups by key, and statements that reach their rows only through
 * keys or index probes (a record's timeline through its opportunities' ids, the years
 * probed through their indexes, a year's stage sums from the per-day sums). A statement
 * that reads over a tenant's rows is planned anew for the tenant it is given, since a big
 * tenant and a small one want different plans. Planning is most of what a statement of
 * several joined parts costs when it reads few rows (README, Performance, issue 19,
 * session 14).
 */
const KEPT = new Set<string>();

/** Declares a statement's text one to keep prepared; returns the text unchanged. */
export function keptPrepared(sql: string): string {
  KEPT.add(sql);
  return sql;
}

export function isKeptPrepared(sql: string): boolean {
  return KEPT.has(sql);
}

/**
 * Statements kept prepared on PGlite whose one plan is made without their parameters'
 * values from their first call on (plan_cache_mode force_generic_plan for that call
 * alone), where PostgreSQL's own choice (auto: five plans made with the values, then the
 * generic one if its estimate is no dearer) would depend on which values came first.
 * Only for a statement written so that one plan serves every value (the global search
 * by shape, server/routes/search.ts). On PostgreSQL they run unnamed, planned with their
 * values, as there planning costs little beside the rest.
 */
const GENERIC = new Set<string>();

export function keptWithGenericPlan(sql: string): string {
  GENERIC.add(sql);
  return sql;
}

export function hasGenericPlan(sql: string): boolean {
  return GENERIC.has(sql);
}
