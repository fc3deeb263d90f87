/**
 * How the server runs a statement on PGlite: one call into its WebAssembly per statement.
 *
 * PGlite's own `query` makes six (parse, describe the statement, bind, describe the
 * portal, execute, sync), each a turn of PostgreSQL's main loop on the server's one
 * thread, and parses and plans the statement every time. Here the parameter types of a
 * statement's text are learnt once (the first call describes it), and from then on its
 * parse, bind, describe, execute and sync go to PostgreSQL as one batch; values go
 * through PGlite's own type parsers and serialisers, so rows and parameters are exactly
 * what `query` gives and takes.
 *
 * The answer's bytes are read here (`readAnswer`): PGlite's own reader copies every chunk
 * and then every value into an ArrayBuffer of its own before decoding it, one of the largest
 * costs on the server's thread outside PostgreSQL under the load, with the garbage it left
 * (README, issue 19, session 16). Here each value is decoded straight from the bytes
 * PostgreSQL wrote, into the same message objects, and rows are made without PGlite's
 * per-column pairs (`rowsOf`); anything but the messages of a statement that went well
 * (an error, a notice) is read by PGlite's own parser, so a refusal is PGlite's own
 * DatabaseError.
 *
 * A text declared with `keptPrepared` (./kept-prepared.ts) is parsed once as a named
 * prepared statement: each call then binds and executes it in one batch. One declared
 * with `keptWithGenericPlan` is bound in the same batch right after a statement that
 * sets plan_cache_mode to force_generic_plan for the batch's implicit transaction
 * alone (so it is back to auto at the Sync, even if the statement fails).
 */
import { createHash } from 'node:crypto';
import { parse, protocol, types, type PGlite } from '@electric-sql/pglite';
import { hasGenericPlan, isKeptPrepared } from './kept-prepared.ts';
import { stretchProbe } from './stretch-probe.ts';

type Message = ReturnType<PGlite['execProtocolStream']> extends Promise<(infer M)[]> ? M : never;

const { serialize, messages } = protocol;
// Texts built with a varying number of placeholders would otherwise grow the map without end.
const MAX_KNOWN_TEXTS = 2_000;
const GENERIC_PLANS = 'crm_generic_plans';
// `true`: local to the implicit transaction that the batch's Sync ends.
const GENERIC_PLANS_SQL = "select set_config('plan_cache_mode', 'force_generic_plan', true)";

interface KnownText {
  parameterTypes: number[];
  /** For a kept statement: its name and the description of its rows (or none: no rows). */
  prepared?: { name: string; rows: Message | undefined; generic: boolean };
}

export interface PgliteStatements {
  /** Runs one statement; outside a transaction it waits for PGlite's locks as `query` does. */
  query<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;
  /** The same inside `pg.transaction`, whose lock the caller holds already. */
  queryInTransaction<Row>(sql: string, params: readonly unknown[]): Promise<Row[]>;
}

export function pgliteStatements(pg: PGlite): PgliteStatements {
  const known = new Map<string, KnownText>();
  let preparedCount = 0;
  let genericPlansPrepared: Promise<unknown> | undefined;

  // Off unless the bench asks for it (stretch-probe.ts): then each statement's synchronous
  // time in PGlite, and the reading of its answer and rows, is noted under its text.
  const probe = stretchProbe();
  let probing: { label: string; ms: number } | undefined;
  if (probe) {
    const raw = pg.execProtocolRawSync.bind(pg);
    pg.execProtocolRawSync = (message: Uint8Array) => {
      const started = performance.now();
      try {
        return raw(message);
      } finally {
        const ms = performance.now() - started;
        if (probing) probing.ms += ms;
        else probe.note('other PGlite calls (a new text described, BEGIN and COMMIT, pg.query)', ms);
      }
    };
  }

  const send = async (...batch: Uint8Array[]): Promise<Message[]> => {
    const chunks: Uint8Array[] = [];
    // PGlite hands over views of its memory, valid only during the call.
    await pg.execProtocolRawStream(concat(batch), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const bytes = chunks.length === 1 ? chunks[0]! : concat(chunks);
    if (!probing) return readAnswer(bytes);
    const started = performance.now();
    try {
      return readAnswer(bytes);
    } finally {
      probing.ms += performance.now() - started;
    }
  };

  async function learn(sql: string): Promise<KnownText> {
    const generic = hasGenericPlan(sql);
    const name = isKeptPrepared(sql) || generic ? `crm_${(preparedCount += 1)}` : '';
    if (generic) genericPlansPrepared ??= send(serialize.parse({ name: GENERIC_PLANS, text: GENERIC_PLANS_SQL }), serialize.sync());
    await genericPlansPrepared;
    const description = await send(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync());
    const text: KnownText = { parameterTypes: parse.parseDescribeStatementResults(description) };
    if (name) text.prepared = { name, generic, rows: description.find((message) => message.name === 'rowDescription') };
    if (known.size >= MAX_KNOWN_TEXTS) for (const [key, value] of known) if (!value.prepared) known.delete(key);
    known.set(sql, text);
    return text;
  }

  async function run<Row>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Row[]> {
    const text = known.get(sql) ?? (await learn(sql));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = text.parameterTypes[i]!;
      const serializer = pg.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    if (!probe) return rowsOf<Row>(await execute(sql, text, values, inTransaction), pg.parsers);
    const timed = (probing = { label: probeLabel(sql), ms: 0 });
    try {
      const messages = await execute(sql, text, values, inTransaction);
      const started = performance.now();
      const rows = rowsOf<Row>(messages, pg.parsers);
      timed.ms += performance.now() - started;
      return rows;
    } finally {
      probing = undefined;
      probe.note(timed.label, timed.ms);
    }
  }

  async function execute(sql: string, text: KnownText, values: (string | null)[], inTransaction: boolean): Promise<Message[]> {
    if (text.prepared) {
      const { name, rows, generic } = text.prepared;
      // Inside a transaction the setting would outlast the statement: there PostgreSQL chooses.
      const forced = generic && !inTransaction ? [serialize.bind({ statement: GENERIC_PLANS }), serialize.execute({})] : [];
      let answer = await send(...forced, serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync());
      // The setting's own answer, up to its command's completion.
      if (forced.length > 0) answer = answer.slice(answer.findIndex((message) => message.name === 'commandComplete') + 1);
      return rows ? [rows, ...answer] : answer;
    }
    return send(
      serialize.parse({ text: sql, types: text.parameterTypes }),
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
  }

  return {
    async query<Row>(sql: string, params: readonly unknown[]) {
      await pg._checkReady();
      const rows = await pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run<Row>(sql, params, false)));
      await pg.syncToFs();
      return rows;
    },
    queryInTransaction: (sql, params) => pg._runExclusiveQuery(() => run(sql, params, true)),
  };
}

const decoder = new TextDecoder('utf-8');
// The messages without a body, which PGlite's parser answers with the same objects.
const BODILESS: Record<number, Message> = {
  0x31: messages.parseComplete,
  0x32: messages.bindComplete,
  0x33: messages.closeComplete,
  0x6e: messages.noData,
  0x49: messages.emptyQuery,
  0x73: messages.portalSuspended,
};

/**
 * The backend's messages in `bytes`, as PGlite's parser makes them (the same classes and
 * fields, values decoded as its TextDecoder does). Only the messages of a statement that
 * went well are read here; any other (an error, a notice, a notification) sends the whole
 * answer through PGlite's parser, whose first error is thrown as PGlite's execProtocolStream
 * throws it.
 */
export function readAnswer(bytes: Uint8Array): Message[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read: Message[] = [];
  const cstring = (from: number): [string, number] => {
    const end = bytes.indexOf(0, from);
    return [decoder.decode(bytes.subarray(from, end)), end + 1];
  };
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at]!;
    const length = view.getUint32(at + 1);
    const end = at + 1 + length;
    if (length < 4 || end > bytes.length) return answerReadByPglite(bytes);
    let p = at + 5;
    switch (code) {
      case 0x44: {
        // DataRow
        const count = view.getInt16(p);
        const fields = new Array<string | null>(count);
        p += 2;
        for (let i = 0; i < count; i += 1) {
          const size = view.getInt32(p);
          p += 4;
          if (size === -1) fields[i] = null;
          else {
            fields[i] = decoder.decode(bytes.subarray(p, p + size));
            p += size;
          }
        }
        read.push(new messages.DataRowMessage(length, fields));
        break;
      }
      case 0x54: {
        // RowDescription
        const count = view.getInt16(p);
        const description = new messages.RowDescriptionMessage(length, count);
        p += 2;
        for (let i = 0; i < count; i += 1) {
          const [name, next] = cstring(p);
          p = next;
          description.fields[i] = new messages.Field(
            name,
            view.getInt32(p),
            view.getInt16(p + 4),
            view.getInt32(p + 6),
            view.getInt16(p + 10),
            view.getInt32(p + 12),
            view.getInt16(p + 16) === 0 ? 0 : 1,
          );
          p += 18;
        }
        read.push(description);
        break;
      }
      case 0x43:
        // CommandComplete
        read.push(new messages.CommandCompleteMessage(length, cstring(p)[0]));
        break;
      case 0x74: {
        // ParameterDescription
        const count = view.getUint16(p);
        const description = new messages.ParameterDescriptionMessage(length, count);
        for (let i = 0; i < count; i += 1) description.dataTypeIDs[i] = view.getInt32(p + 2 + 4 * i);
        read.push(description);
        break;
      }
      case 0x5a:
        // ReadyForQuery
        read.push(new messages.ReadyForQueryMessage(length, decoder.decode(bytes.subarray(p, p + 1))));
        break;
      default: {
        const bodiless = BODILESS[code];
        if (!bodiless) return answerReadByPglite(bytes);
        read.push(bodiless);
      }
    }
    at = end;
  }
  return at === bytes.length ? read : answerReadByPglite(bytes);
}

type ValueParser = PGlite['parsers'][number];

/**
 * The rows of the answer's first statement, as PGlite's parseResults makes them (objects in
 * the columns' order, each value through the parser of its type, PGlite's defaults beneath
 * the database's), without its pairs of name and value made for every column of every row.
 */
export function rowsOf<Row>(answer: Message[], parsers: PGlite['parsers']): Row[] {
  const rows: Row[] = [];
  let names: string[] = [];
  let typeIds: number[] = [];
  let valueParsers: (ValueParser | undefined)[] = [];
  for (const message of answer) {
    if (message instanceof messages.RowDescriptionMessage) {
      names = message.fields.map((field) => field.name);
      // A column of that name would set the row's prototype instead of a property: PGlite's own way then.
      if (names.includes('__proto__')) return parse.parseResults(answer, parsers)[0]!.rows as Row[];
      typeIds = message.fields.map((field) => field.dataTypeID);
      valueParsers = typeIds.map((typeId) => parsers[typeId] ?? (types.parsers as PGlite['parsers'])[typeId]);
    } else if (message instanceof messages.DataRowMessage) {
      const row: Record<string, unknown> = {};
      const { fields } = message;
      for (let i = 0; i < fields.length; i += 1) {
        const value = fields[i] as string | null;
        const valueParser = valueParsers[i];
        row[names[i]!] = value === null ? null : valueParser ? valueParser(value, typeIds[i]!) : value;
      }
      rows.push(row as Row);
    } else if (message instanceof messages.CommandCompleteMessage) {
      break;
    }
  }
  return rows;
}

/** The answer read by PGlite's own parser, its first error thrown (as PGlite's execProtocolStream does, which delivers no notice or notification either unless asked). */
function answerReadByPglite(bytes: Uint8Array): Message[] {
  const read: Message[] = [];
  new protocol.Parser().parse(bytes, (message) => read.push(message as Message));
  const error = read.find((message) => message instanceof messages.DatabaseError);
  if (error) throw error;
  return read;
}

function concat(messages: Uint8Array[]): Uint8Array {
  const batch = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let at = 0;
  for (const message of messages) {
    batch.set(message, at);
    at += message.length;
  }
  return batch;
}

function probeLabel(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  return text.length <= 110 ? text : `${text.slice(0, 100)}… #${createHash('sha1').update(text).digest('hex').slice(0, 6)}`;
}
