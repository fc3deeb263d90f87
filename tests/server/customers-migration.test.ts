import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openTestDatabase } from '../support/server-harness.ts';

/*
 * Migration 003 on a database that already has opportunities (one made before
 * customers were records): every customer name they use becomes a customer of its
 * tenant, once regardless of case, and nothing else does.
 */
let storage: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
beforeAll(async () => {
  storage = await openTestDatabase();
  db = storage.db;
  await applyOnly(db, ['001_schema.sql', '002_oidc.sql']);
  await db.query("insert into tenants (name) values ('First'), ('Second')");
  await db.query("insert into salespersons (tenant_id, name, email) values (1, 'Sam', 'sam@first.test'), (2, 'Kim', 'kim@second.test')");
  await db.query(
    `insert into opportunities (tenant_id, salesperson_id, customer, created_date, revenue, probability) values
       (1, 1, 'Acme', '2025-03-01', 10, 50), (1, 1, 'acme', '2025-03-02', 10, 50), (1, 1, 'ACME', '2025-03-03', 10, 50),
       (1, 1, 'Zenith', '2025-03-04', 10, 50), (1, 1, '', '2025-03-05', 10, 50),
       (2, 2, 'Acme', '2025-03-06', 10, 50)`,
  );
  await migrate(db);
});
afterAll(async () => {
  await storage.close();
});

/** Applies the named migrations as migrate() would and records them, so that migrate() goes on from there. */
async function applyOnly(target: Database, names: string[]): Promise<void> {
  await target.query('create table schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  for (const name of names) {
    const sql = readFileSync(new URL(`../../server/db/migrations/${name}`, import.meta.url), 'utf8');
    await target.transaction(async (tx) => {
      for (const statement of sql.split(/;\s*$/m).map((part) => part.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    });
  }
}

test("every non-empty customer name of a tenant's opportunities becomes one customer of that tenant, whatever its case", async () => {
  const rows = await db.query<{ tenant_id: number; name: string; company: string; email: string; phone: string; notes: string }>(
    'select tenant_id, name, company, email, phone, notes from customers order by tenant_id, name',
  );
  // Which of the spellings names the customer depends on the database's collation; that there is one does not.
  expect(rows.map((row) => ({ ...row, name: row.name.toLowerCase() }))).toEqual([
    { tenant_id: 1, name: 'acme', company: '', email: '', phone: '', notes: '' },
    { tenant_id: 1, name: 'zenith', company: '', email: '', phone: '', notes: '' },
    { tenant_id: 2, name: 'acme', company: '', email: '', phone: '', notes: '' },
  ]);
  expect(['Acme', 'acme', 'ACME']).toContain(rows[0]!.name);
});

test('a second name differing only by case is refused by the database, and the opportunity writers can skip it', async () => {
  await expect(db.query("insert into customers (tenant_id, name) values (1, 'zenith')")).rejects.toMatchObject({ code: '23505' });
  await db.query("insert into customers (tenant_id, name) values (1, 'zenith') on conflict (tenant_id, lower(name)) do nothing");
  await db.query("insert into customers (tenant_id, name) values (1, 'Newco') on conflict (tenant_id, lower(name)) do nothing");
  const names = await db.query<{ name: string }>('select lower(name) as name from customers where tenant_id = 1 order by 1');
  expect(names.map((row) => row.name)).toEqual(['acme', 'newco', 'zenith']);
});

test('the database refuses what must never be stored', async () => {
  for (const [sql, params] of [
    ['insert into customers (tenant_id, name) values (1, $1)', ['']],
    ['insert into customers (tenant_id, name) values (1, $1)', ['x'.repeat(201)]],
    ["insert into customers (tenant_id, name, email) values (1, 'Upper', $1)", ['Buyer@Example.com']],
    ["insert into customers (tenant_id, name, notes) values (1, 'Long notes', $1)", ['n'.repeat(2001)]],
    ["insert into customers (tenant_id, name) values (99, 'No tenant')", []],
  ] as const) {
    await expect(db.query(sql, [...params]), sql).rejects.toThrow();
  }
});
