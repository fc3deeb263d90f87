import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { keptPrepared } from '../../server/db/kept-prepared.ts';
import { openDatabase } from '../../server/db/open.ts';
import { pgliteStatements, type PgliteStatements } from '../../server/db/pglite-statements.ts';

// The server's PGlite runs on a thread of its own (server/db/pglite-thread.ts): what goes in
// and comes out, errors and transactions included, must be what PGlite gives on this thread.

let dataDir: string;
let db: Database;
let here: PGlite;
let hereStatements: PgliteStatements;

const KINDS = `create table kinds (
  id serial primary key, label text unique, amount numeric, big bigint, done boolean, at timestamptz, day date,
  tags text[], numbers int[], doc jsonb, plain json, bytes bytea)`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crm-thread-'));
  db = await openDatabase({ dataDir });
  await db.query(KINDS);
  // As the thread opens it: NUMERIC and BIGINT as numbers.
  here = await PGlite.create({ parsers: { 1700: Number, 20: Number } });
  await here.exec(KINDS);
  hereStatements = pgliteStatements(here);
});
afterAll(async () => {
  await db?.close();
  await here?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const WRITE = `insert into kinds (label, amount, big, done, at, day, tags, numbers, doc, plain, bytes)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`;

test('rows and parameters cross the thread as PGlite gives and takes them on this one', async () => {
  const rows = [
    ['plain', 12.5, 9_007_199_254, true, new Date('2026-03-01T10:00:00Z'), '2026-03-01', ['a', 'b,c', 'd"e'], [1, 2, 3], { nested: [1, { x: 'y' }] }, [1, 'two'], new Uint8Array([0, 1, 255])],
    ['nulls', null, null, null, null, null, null, null, null, null, null],
    ["it's", '0.1', '42', false, '2026-01-01T00:00:00.000Z', '2025-12-31', [], [], 'null', '"text"', Buffer.from('bytes')],
  ];
  for (const params of rows) {
    const [ours] = await db.query<Record<string, unknown>>(WRITE, params);
    const [theirs] = await hereStatements.query<Record<string, unknown>>(WRITE, params);
    expect(ours).toEqual(theirs);
    expect(ours!.at === null || ours!.at instanceof Date).toBe(true);
  }
  const kept = keptPrepared('select label, amount, big, at, tags, doc, bytes from kinds where label = $1');
  for (const label of ['plain', 'plain', "it's", 'none']) {
    expect(await db.query(kept, [label])).toEqual(await hereStatements.query(kept, [label]));
  }
});

test('a refused statement throws PostgreSQL\'s error with its fields, and the next statement runs', async () => {
  const duplicate = await db.query(WRITE, ['plain', null, null, null, null, null, null, null, null, null, null]).catch((error: unknown) => error);
  expect(duplicate).toBeInstanceOf(Error);
  expect(duplicate).toMatchObject({ code: '23505', constraint: 'kinds_label_key', message: 'duplicate key value violates unique constraint "kinds_label_key"' });
  await expect(db.query('select label from kinds where id = $1', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
  expect(await db.query('select count(*)::int as n from kinds where label = $1', ['plain'])).toEqual([{ n: 1 }]);
});

test('a transaction commits whole or not at all, and a statement outside it waits for its end', async () => {
  await expect(
    db.transaction(async (tx) => {
      await tx.query("insert into kinds (label) values ('rolled back')");
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  await expect(
    db.transaction(async (tx) => {
      await tx.query("insert into kinds (label) values ('refused with the rest')");
      await tx.query("insert into kinds (label) values ('plain')");
    }),
  ).rejects.toMatchObject({ code: '23505' });

  let outside: Promise<unknown[]> | undefined;
  const answer = await db.transaction(async (tx) => {
    await tx.query("insert into kinds (label) values ('committed')");
    outside = db.query("select label from kinds where label like 'committed%' order by label");
    await tx.query("insert into kinds (label) values ('committed too')");
    return 'done';
  });
  expect(answer).toBe('done');
  // It saw the transaction's end, not its middle.
  expect(await outside).toEqual([{ label: 'committed' }, { label: 'committed too' }]);
  const labels = await db.query('select label from kinds where label = any($1) order by label', [['committed', 'committed too', 'rolled back', 'refused with the rest']]);
  expect(labels).toEqual([{ label: 'committed' }, { label: 'committed too' }]);
});

test('the server\'s thread keeps running while PGlite works on a statement', async () => {
  let turns = 0;
  const ticking = setInterval(() => (turns += 1), 10);
  try {
    await db.query('select pg_sleep(0.5)');
  } finally {
    clearInterval(ticking);
  }
  // PGlite on this thread would hold it for the whole half second: not one turn.
  expect(turns).toBeGreaterThanOrEqual(5);
});
