import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DataSubject, ListSubject } from '../../server/caching/data-versions.ts';
import type { TaggedList } from '../../server/caching/tagged-answers.ts';
import type { Queryable } from '../../server/db/database.ts';
import { analysisJson, yearOpportunitiesJson } from '../../server/routes/opportunities.ts';
import { YEAR_PIECES } from '../../server/caching/year-answers.ts';
import { zoneSumsPieceOf } from '../../server/routes/year-zone-sums.ts';
import { usersOfTenantJson } from '../../server/routes/user-records.ts';
import { ACTIVITY_LIST } from '../../server/routes/activities.ts';
import { CALENDAR_LIST } from '../../server/routes/calendar-events.ts';
import { CUSTOMER_LIST } from '../../server/routes/customers.ts';
import { SALESPERSON_LIST } from '../../server/routes/salespersons.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// The answer cache sends an answer again while its subject's version is unchanged
// (server/caching/README.md); a year's answers are kept in months, each while its
// month's version is unchanged (subject 'opportunity months', migration 080); a tagged list
// while the versions of all its subjects are unchanged (migration 200). That is only
// sound while every table the answer's SQL reads has triggers that move one of its versions on
// insert, update, delete and truncate.
// This test reads the tables from the database's own plans of the answers' statements,
// so a join added to an answer (or a trigger dropped) fails it.

type KeptSubject = DataSubject | ListSubject | 'opportunity months';

/** Every answer the cache keeps: how it is made, and the subjects it is filed under. */
const CACHED_ANSWERS: { name: string; subjects: readonly KeptSubject[]; produce: (db: Queryable) => Promise<unknown>; routeFile: string }[] = [
  {
    name: 'the user list',
    subjects: ['users'],
    produce: (db) => usersOfTenantJson(db, 1),
    routeFile: 'users.ts',
  },
  { name: 'the analysis of a year', subjects: ['opportunity months'], produce: (db) => analysisJson(db, 1, 2025), routeFile: 'opportunities.ts' },
  { name: "a year's opportunities", subjects: ['opportunity months'], produce: (db) => yearOpportunitiesJson(db, 1, 2025), routeFile: 'opportunities.ts' },
  {
    // The stored customers the customers' sums are joined with are read by every request, never kept.
    name: "the calendar's days and the customers' sums of a year",
    subjects: ['opportunity months'],
    produce: (db) => Promise.all(YEAR_PIECES.map((piece) => zoneSumsPieceOf(db, 1, 2025, piece, 'Europe/Berlin'))),
    routeFile: 'year-zone-sums.ts',
  },
  ...taggedLists(),
];

/** The tagged lists (tagged-answers.ts), each over the demo tenant. */
function taggedLists() {
  const list = (name: string, { sql, subjects }: TaggedList, params: unknown[], routeFile: string) => ({
    name,
    subjects,
    produce: (db: Queryable) => db.query(sql, params),
    routeFile,
  });
  return [
    list('the salesperson list', SALESPERSON_LIST, [1], 'salespersons.ts'),
    list('the activity list', ACTIVITY_LIST, [1], 'activities.ts'),
    list('the customer list', CUSTOMER_LIST, [1], 'customers.ts'),
    list("a year's calendar", CALENDAR_LIST, [1, 2025], 'calendar-events.ts'),
  ];
}

/**
 * Subjects that stand for some columns of a table, not all: their triggers move them on an
 * update only when one of these columns changes (migration 200), so an answer may read no other.
 */
const COLUMN_SUBJECTS: Partial<Record<KeptSubject, { table: string; columns: readonly string[] }>> = {
  // A user's entry (migration 210), which an account of their e-mail writes anew.
  users: { table: 'users', columns: ['id', 'tenant_id', 'answer_json'] },
  'salesperson names': { table: 'salespersons', columns: ['id', 'tenant_id', 'name_json'] },
  'opportunity customers': { table: 'opportunities', columns: ['id', 'tenant_id', 'customer'] },
};

// pg_trigger.tgtype bits (PostgreSQL's trigger.h).
const EVENTS = { insert: 4, delete: 8, update: 16, truncate: 32 } as const;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/**
 * The tables a statement reads, from the database's plan of it, each with the columns the plan
 * names of it (verbose plans qualify each column with its scan's alias). A scan that hands its
 * whole row on (PostgreSQL's physical target list, then copied by a Hash) names every column in
 * its output; that output is left out, and the nodes above name the columns they use.
 */
async function tablesRead(sql: string, params: readonly unknown[] | undefined): Promise<Map<string, Set<string>>> {
  const [row] = await server.db.query<{ 'QUERY PLAN': unknown }>(`explain (verbose, format json) ${sql}`, params);
  const plan: unknown = typeof row!['QUERY PLAN'] === 'string' ? JSON.parse(row!['QUERY PLAN']) : row!['QUERY PLAN'];
  const nodes: Record<string, unknown>[] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(collect);
    if (node && typeof node === 'object') {
      nodes.push(node as Record<string, unknown>);
      Object.values(node).forEach(collect);
    }
  };
  collect(plan);
  const aliases = new Map<string, string>();
  for (const node of nodes) if (typeof node['Relation Name'] === 'string') aliases.set(String(node['Alias'] ?? node['Relation Name']), node['Relation Name']);
  const tables = new Map<string, Set<string>>([...new Set(aliases.values())].map((table) => [table, new Set<string>()]));
  const widths = await columnCounts([...tables.keys()]);
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Plans' || key === 'Plan' || typeof value === 'object' && value !== null && !Array.isArray(value)) continue;
      const text = JSON.stringify(value);
      for (const [alias, table] of aliases) {
        const named = new Set([...text.matchAll(new RegExp(`(?<![\\w.])${alias}\\.("?)(\\w+)\\1(?![\\w(])`, 'gu'))].map((match) => match[2]!));
        if (key === 'Output' && named.size === widths.get(table)) continue;
        for (const column of named) tables.get(table)!.add(column);
      }
    }
  }
  return tables;
}

/** How many columns each table has. */
async function columnCounts(tables: string[]): Promise<Map<string, number>> {
  const rows = await server.db.query<{ table_name: string; columns: number }>(
    `select c.relname as table_name, count(*)::int as columns from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relname = any($1::text[]) and c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped group by c.relname`,
    [tables],
  );
  return new Map(rows.map((row) => [row.table_name, row.columns]));
}

/** For each table, the events whose triggers move the versions of each subject. */
async function versionTriggers(): Promise<Map<string, Map<KeptSubject, number>>> {
  const rows = await server.db.query<{ table_name: string; events: number; function_name: string; argument: string | null }>(
    `select c.relname as table_name, t.tgtype::int as events, p.proname as function_name,
            nullif(split_part(encode(t.tgargs, 'escape'), '\\000', 1), '') as argument
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
     where not t.tgisinternal and p.proname in ('bump_data_version', 'bump_users_version', 'forget_data_versions',
                                                'bump_opportunity_month_versions', 'forget_opportunity_month_versions',
                                                'bump_salesperson_names_version', 'bump_opportunity_customers_version')`,
  );
  const subjectOf = (row: { function_name: string; argument: string | null }): KeptSubject => {
    if (row.function_name === 'bump_users_version') return 'users';
    if (row.function_name.endsWith('opportunity_month_versions')) return 'opportunity months';
    if (row.function_name === 'bump_salesperson_names_version') return 'salesperson names';
    if (row.function_name === 'bump_opportunity_customers_version') return 'opportunity customers';
    return row.argument as DataSubject | ListSubject;
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

async function readBy(produce: (db: Queryable) => Promise<unknown>): Promise<Map<string, Set<string>>> {
  const statements: { sql: string; params: readonly unknown[] | undefined }[] = [];
  const recording: Queryable = {
    query: (sql, params) => {
      statements.push({ sql, params });
      return server.db.query(sql, params);
    },
  };
  await produce(recording);
  expect(statements.length).toBeGreaterThan(0);
  const read = new Map<string, Set<string>>();
  for (const { sql, params } of statements) {
    for (const [table, columns] of await tablesRead(sql, params)) read.set(table, new Set([...(read.get(table) ?? []), ...columns]));
  }
  expect(read.size).toBeGreaterThan(0);
  return read;
}

test.each(CACHED_ANSWERS)("every table $name reads moves one of its versions ($subjects) on every kind of write", async ({ subjects, produce }) => {
  const read = await readBy(produce);
  const triggers = await versionTriggers();
  const uncovered = [...read.keys()].flatMap((table) => {
    const events = subjects.reduce((all, subject) => all | (triggers.get(table)?.get(subject) ?? 0), 0);
    const missing = Object.entries(EVENTS).filter(([, bit]) => (events & bit) === 0).map(([event]) => event);
    return missing.length ? [`${table} (no trigger on ${missing.join(', ')})`] : [];
  });
  expect(uncovered).toEqual([]);
});

test.each(CACHED_ANSWERS)('$name reads no column of a table whose version stands for some of its columns only', async ({ subjects, produce }) => {
  const read = await readBy(produce);
  const triggers = await versionTriggers();
  for (const subject of subjects) {
    const only = COLUMN_SUBJECTS[subject];
    // Whatever the answer reads of the table is seen when another of its subjects moves on every update of it.
    const wholly = subjects.some((other) => !COLUMN_SUBJECTS[other] && ((triggers.get(only?.table ?? '')?.get(other) ?? 0) & EVENTS.update) !== 0);
    if (!only || wholly) continue;
    const columns = read.get(only.table);
    expect(columns, `${only.table} is read`).toBeDefined();
    expect(columns!.size, `the columns of ${only.table} seen in the plan`).toBeGreaterThan(0);
    expect([...columns!].filter((column) => !only.columns.includes(column))).toEqual([]);
  }
});

test('no route keeps answers but those listed here', () => {
  const routes = fileURLToPath(new URL('../../server/routes/', import.meta.url));
  const caching = readdirSync(routes).filter((file) => /create(AnswerCache|YearAnswers|YearZonePieces|TaggedAnswers)\(/u.test(readFileSync(join(routes, file), 'utf8')));
  expect(caching.sort()).toEqual([...new Set(CACHED_ANSWERS.map((answer) => answer.routeFile))].sort());
});
