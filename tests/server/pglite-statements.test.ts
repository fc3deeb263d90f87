import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { keptPrepared, keptWithGenericPlan } from '../../server/db/kept-prepared.ts';
import { pgliteStatements, readAnswer, rowsOf, type PgliteStatements } from '../../server/db/pglite-statements.ts';

// The server runs its statements on PGlite in one call each (server/db/pglite-statements.ts)
// instead of PGlite's `query`: what goes in and comes out must be exactly what `query` gives.

let pg: PGlite;
let statements: PgliteStatements;
const calls: string[] = [];

beforeAll(async () => {
  // As server/db/open.ts opens it: NUMERIC and BIGINT as numbers.
  pg = await PGlite.create({ parsers: { 1700: Number, 20: Number } });
  const send = pg.execProtocolRawStream.bind(pg);
  pg.execProtocolRawStream = (message, options) => {
    calls.push(String.fromCharCode(message[0]!));
    return send(message, options);
  };
  statements = pgliteStatements(pg);
  await pg.exec(`create table kinds (
    id serial primary key, label text unique, amount numeric, big bigint, done boolean, at timestamptz, day date,
    tags text[], numbers int[], doc jsonb, plain json, bytes bytea)`);
});
afterAll(() => pg?.close());

const WRITE = `insert into kinds (label, amount, big, done, at, day, tags, numbers, doc, plain, bytes)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`;

test('rows and parameters are those of PGlite\'s own query, for every kind of value the server sends', async () => {
  const rows = [
    ['plain', 12.5, 9_007_199_254, true, new Date('2026-03-01T10:00:00Z'), '2026-03-01', ['a', 'b,c', 'd"e'], [1, 2, 3], { nested: [1, { x: 'y' }] }, [1, 'two'], new Uint8Array([0, 1, 255])],
    ['nulls', null, null, null, null, null, null, null, null, null, null],
    ["it's", '0.1', '42', false, '2026-01-01T00:00:00.000Z', '2025-12-31', [], [], 'null', '"text"', Buffer.from('bytes')],
  ];
  for (const [i, params] of rows.entries()) {
    const ours = await statements.query<Record<string, unknown>>(WRITE, params);
    const theirs = (await pg.query<Record<string, unknown>>(WRITE.replace('$1', `$1 || '-'`), params)).rows;
    expect({ ...ours[0], id: i, label: '' }).toEqual({ ...theirs[0], id: i, label: '' });
  }
  const read = 'select label, amount, big, at, tags, doc, bytes from kinds where label = any($1::text[]) order by id';
  expect(await statements.query(read, [['plain', "it's-"]])).toEqual((await pg.query(read, [['plain', "it's-"]])).rows);
  expect(await statements.query('select 1 as one where false', [])).toEqual([]);
});

test('an answer is read into the very messages PGlite\'s own parser makes of it, and into its rows', async () => {
  const { serialize } = protocol;
  const answerTo = async (...batch: Uint8Array[]) => {
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(new Uint8Array(Buffer.concat(batch)), { onRawData: (chunk) => chunks.push(chunk.slice()) });
    return new Uint8Array(Buffer.concat(chunks));
  };
  const theirs = (bytes: Uint8Array) => {
    const read: unknown[] = [];
    new protocol.Parser().parse(bytes, (message) => read.push(message));
    return read;
  };
  const texts = [
    // Every kind of value, nulls, an empty text, text beyond ASCII and a leading byte-order mark (which PGlite's decoder drops).
    "select k.*, '' as empty, 'ünïcödé ✓ 😀' as wide, E'\\uFEFFmarked' as marked, null::text as nothing from kinds k order by id",
    'select 1 as one where false',
    "select repeat('x', 100000) as long, $1::int as n",
  ];
  for (const text of texts) {
    const parameters = text.includes('$1') ? ['7'] : [];
    const bytes = await answerTo(
      serialize.parse({ text }),
      serialize.describe({ type: 'S' }),
      serialize.bind({ values: parameters }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    expect(readAnswer(bytes)).toEqual(theirs(bytes));
    const rows = rowsOf(readAnswer(bytes), pg.parsers);
    expect(rows).toEqual(parse.parseResults(theirs(bytes) as never, pg.parsers)[0]!.rows);
    expect(rows.map((row) => Object.keys(row as object))).toEqual(parse.parseResults(theirs(bytes) as never, pg.parsers)[0]!.rows.map((row) => Object.keys(row)));
  }
  const refused = await answerTo(serialize.parse({ text: 'select 1 / 0 as n' }), serialize.bind({}), serialize.execute({}), serialize.sync());
  const error = theirs(refused).find((message) => message instanceof protocol.messages.DatabaseError);
  expect(() => readAnswer(refused)).toThrow(protocol.messages.DatabaseError);
  expect(() => readAnswer(refused)).toThrowError(expect.objectContaining({ ...(error as object) }));
});

test('a statement whose text is known goes to PGlite in one call; a kept one is not parsed again', async () => {
  const sql = 'select label from kinds where id = $1';
  await statements.query(sql, [1]);
  calls.length = 0;
  expect(await statements.query(sql, [1])).toEqual([{ label: 'plain' }]);
  expect(calls).toEqual(['P']);

  const kept = keptPrepared('select label, done from kinds where label = $1');
  await statements.query(kept, ['plain']);
  calls.length = 0;
  expect(await statements.query(kept, ['plain'])).toEqual([{ label: 'plain', done: true }]);
  expect(await statements.query(kept, ['none'])).toEqual([]);
  // Bound and executed only: the batch starts with Bind.
  expect(calls).toEqual(['B', 'B']);
});

test('a statement kept with a generic plan is planned once without its values, and only it: the setting ends with it', async () => {
  const plans = (sql: string) => statements.query('select generic_plans, custom_plans from pg_prepared_statements where statement = $1', [sql]);
  const setting = "select current_setting('plan_cache_mode') as mode";
  const generic = keptWithGenericPlan(`${setting}, label from kinds where label = $1`);
  expect(await statements.query(generic, ['plain'])).toEqual([{ mode: 'force_generic_plan', label: 'plain' }]);
  expect(await statements.query(generic, ['nulls'])).toEqual([{ mode: 'force_generic_plan', label: 'nulls' }]);
  expect(await plans(generic)).toEqual([{ generic_plans: 2, custom_plans: 0 }]);
  // PostgreSQL's own choice for a kept one: plans made with the values first.
  const kept = keptPrepared(`${setting}, label from kinds where label = $1 and true`);
  expect(await statements.query(kept, ['plain'])).toEqual([{ mode: 'auto', label: 'plain' }]);
  expect(await plans(kept)).toEqual([{ generic_plans: 0, custom_plans: 1 }]);
  expect(await statements.query(setting, [])).toEqual([{ mode: 'auto' }]);
  // A refused one leaves the setting as it was.
  const dividing = keptWithGenericPlan('select 1 / $1::int as n');
  await expect(statements.query(dividing, [0])).rejects.toMatchObject({ code: '22012' });
  expect(await statements.query(setting, [])).toEqual([{ mode: 'auto' }]);
  expect(await statements.query(dividing, [1])).toEqual([{ n: 1 }]);
  // Inside a transaction the setting would outlast the statement: PostgreSQL chooses there.
  expect(await pg.transaction(() => statements.queryInTransaction(generic, ['plain']))).toEqual([{ mode: 'auto', label: 'plain' }]);
});

test('a refused statement throws PostgreSQL\'s error and leaves PGlite ready for the next', async () => {
  await expect(statements.query(WRITE, ['plain', null, null, null, null, null, null, null, null, null, null])).rejects.toMatchObject({ code: '23505' });
  await expect(statements.query('select label from kinds where id = $1', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
  expect(await statements.query('select count(*)::int as n from kinds where label = $1', ['plain'])).toEqual([{ n: 1 }]);
});

test('inside a transaction the statements commit or roll back with it', async () => {
  await expect(
    pg.transaction(async () => {
      await statements.queryInTransaction("insert into kinds (label) values ('rolled back')", []);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  await pg.transaction(() => statements.queryInTransaction('insert into kinds (label) values ($1)', ['kept']));
  expect(await statements.query('select label from kinds where label = any($1) order by label', [['kept', 'rolled back']])).toEqual([{ label: 'kept' }]);
});

test('without the bench\'s probe nothing is timed: PGlite\'s own calls are left as they are', () => {
  expect(process.env.CRM_STRETCH_PROBE).toBeUndefined();
  expect(Object.hasOwn(pg, 'execProtocolRawSync')).toBe(false);
});
