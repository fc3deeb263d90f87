import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DataSubject } from '../../server/caching/data-versions.ts';
import type { Queryable } from '../../server/db/database.ts';
import { analysisJson, yearOpportunitiesJson } from '../../server/routes/opportunities.ts';
import { YEAR_PIECES } from '../../server/caching/year-answers.ts';
import { zoneSumsPieceOf } from '../../server/routes/year-zone-sums.ts';
import { usersOfTenantJson } from '../../server/routes/user-records.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// The answer cache sends an answer again while its subject's version is unchanged
// (server/caching/README.md); a year's answers are kept in months, each while its
// month's version is unchanged (subject 'opportunity months', migration 080). That is only
// sound while every table the answer's SQL reads has triggers that move that version on
// insert, update, delete and truncate.
// This test reads the tables from the database's own plans of the answers' statements,
// so a join added to an answer (or a trigger dropped) fails it.

type KeptSubject = DataSubject | 'opportunity months';

/** Every answer the cache keeps: how it is made, and the subject it is filed under. */
const CACHED_ANSWERS: { name: string; subject: KeptSubject; produce: (db: Queryable) => Promise<unknown>; routeFile: string }[] = [
  { name: 'the user list', subject: 'users', produce: (db) => usersOfTenantJson(db, 1), routeFile: 'users.ts' },
  { name: 'the analysis of a year', subject: 'opportunity months', produce: (db) => analysisJson(db, 1, 2025), routeFile: 'opportunities.ts' },
  { name: "a year's opportunities", subject: 'opportunity months', produce: (db) => yearOpportunitiesJson(db, 1, 2025), routeFile: 'opportunities.ts' },
  {
    // The stored customers the customers' sums are joined with are read by every request, never kept.
    name: "the calendar's days and the customers' sums of a year",
    subject: 'opportunity months',
    produce: (db) => Promise.all(YEAR_PIECES.map((piece) => zoneSumsPieceOf(db, 1, 2025, piece, 'Europe/Berlin'))),
    routeFile: 'year-zone-sums.ts',
  },
];

// pg_trigger.tgtype bits (PostgreSQL's trigger.h).
const EVENTS = { insert: 4, delete: 8, update: 16, truncate: 32 } as const;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The tables a statement reads, from the database's plan of it. */
async function tablesRead(sql: string, params: readonly unknown[] | undefined): Promise<Set<string>> {
  const [row] = await server.db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const tables = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node && typeof node === 'object') {
      const relation = (node as Record<string, unknown>)['Relation Name'];
      if (typeof relation === 'string') tables.add(relation);
      Object.values(node).forEach(visit);
    }
  };
  const plan = row!['QUERY PLAN'];
  visit(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return tables;
}

/** For each table, the events whose triggers move the versions of each subject. */
async function versionTriggers(): Promise<Map<string, Map<KeptSubject, number>>> {
  const rows = await server.db.query<{ table_name: string; events: number; function_name: string; argument: string | null }>(
    `select c.relname as table_name, t.tgtype::int as events, p.proname as function_name,
            nullif(split_part(encode(t.tgargs, 'escape'), '\\000', 1), '') as argument
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
     where not t.tgisinternal and p.proname in ('bump_data_version', 'bump_users_version_of_accounts', 'forget_data_versions',
                                                'bump_opportunity_month_versions', 'forget_opportunity_month_versions')`,
  );
  const subjectOf = (row: { function_name: string; argument: string | null }): KeptSubject => {
    if (row.function_name === 'bump_users_version_of_accounts') return 'users';
    if (row.function_name.endsWith('opportunity_month_versions')) return 'opportunity months';
    return row.argument as DataSubject;
  };
  const covered = new Map<string, Map<KeptSubject, number>>();
  for (const row of rows) {
    const subject = subjectOf(row);
    const bySubject = covered.get(row.table_name) ?? new Map<KeptSubject, number>();
    bySubject.set(subject, (bySubject.get(subject) ?? 0) | row.events);
    covered.set(row.table_name, bySubject);
  }
  return covered;
}

test.each(CACHED_ANSWERS)("every table $name reads moves the $subject version on every kind of write", async ({ subject, produce }) => {
  const statements: { sql: string; params: readonly unknown[] | undefined }[] = [];
  const recording: Queryable = {
    query: (sql, params) => {
      statements.push({ sql, params });
      return server.db.query(sql, params);
    },
  };
  await produce(recording);
  expect(statements.length).toBeGreaterThan(0);
  const read = new Set<string>();
  for (const { sql, params } of statements) for (const table of await tablesRead(sql, params)) read.add(table);
  expect(read.size).toBeGreaterThan(0);

  const triggers = await versionTriggers();
  const uncovered = [...read].flatMap((table) => {
    const events = triggers.get(table)?.get(subject) ?? 0;
    const missing = Object.entries(EVENTS).filter(([, bit]) => (events & bit) === 0).map(([event]) => event);
    return missing.length ? [`${table} (no trigger on ${missing.join(', ')})`] : [];
  });
  expect(uncovered).toEqual([]);
});

test('no route keeps answers but those listed here', () => {
  const routes = fileURLToPath(new URL('../../server/routes/', import.meta.url));
  const caching = readdirSync(routes).filter((file) => /create(AnswerCache|YearAnswers|YearZonePieces)\(/u.test(readFileSync(join(routes, file), 'utf8')));
  expect(caching.sort()).toEqual([...new Set(CACHED_ANSWERS.map((answer) => answer.routeFile))].sort());
});
