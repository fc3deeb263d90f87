/**
 * Statements the server runs as named prepared statements: parsed once per database
 * connection, then only bound and executed, and PostgreSQL may keep one plan for them
 * (plan_cache_mode auto). Only for point look-ups by key, whose best plan is the same
 * whatever the parameters: a statement over a tenant's rows is planned anew for the
 * tenant it is given, since a big tenant and a small one want different plans.
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
