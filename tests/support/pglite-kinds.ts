/**
 * A table with a column of every kind of value the server sends PGlite, the statement that
 * writes one row of it, and rows that try each kind's forms (values as objects and as text,
 * nulls): for the tests that put two ways of running PGlite's statements face to face.
 */
export const KINDS_TABLE = `create table kinds (
  id serial primary key, label text unique, amount numeric, big bigint, done boolean, at timestamptz, day date,
  tags text[], numbers int[], doc jsonb, plain json, bytes bytea)`;

export const WRITE_KIND = `insert into kinds (label, amount, big, done, at, day, tags, numbers, doc, plain, bytes)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`;

export const KIND_ROWS: unknown[][] = [
  ['plain', 12.5, 9_007_199_254, true, new Date('2026-03-01T10:00:00Z'), '2026-03-01', ['a', 'b,c', 'd"e'], [1, 2, 3], { nested: [1, { x: 'y' }] }, [1, 'two'], new Uint8Array([0, 1, 255])],
  ['nulls', null, null, null, null, null, null, null, null, null, null],
  ["it's", '0.1', '42', false, '2026-01-01T00:00:00.000Z', '2025-12-31', [], [], 'null', '"text"', Buffer.from('bytes')],
];

/** The 'plain' row again, refused by the label's unique index. */
export const DUPLICATE_KIND = ['plain', null, null, null, null, null, null, null, null, null, null];
