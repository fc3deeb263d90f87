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
