/**
 * Lists the database writes as one JSON text on every request (the salesperson list, the
 * activity list, the customer list, the calendar's events), sent compressed from copies
 * kept under the text's SHA-256. On PostgreSQL the database computes the hash beside the
 * text and compares it with the one this process holds: when they are equal the text
 * itself never crosses the socket, and the kept compressed bytes go out. On PGlite the
 * text is handed over in-process and hashed here (`tagOf`). Nothing is filed under a
 * version, so no trigger has to move anything: the answer is the data as the statement
 * reads it, however it was written (route, SQL, another process, a restore without triggers).
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { ENCODINGS, encoders, encodingFor, matches, opaqueEtag, type Encoding } from './answer-cache.ts';
import { recentlyUsed } from './recently-used.ts';

export interface TaggedAnswer {
  tenantId: number;
  /** Tells apart a tenant's answers, e.g. `calendar-2026`; part of the ETag. */
  key: string;
  /** A statement answering one row whose column `json` is the whole answer as JSON text. */
  sql: string;
  params: readonly unknown[];
}

export interface TaggedAnswers {
  send(request: FastifyRequest, reply: FastifyReply, answer: TaggedAnswer): Promise<FastifyReply>;
  /** Bytes held now (each kept answer's JSON and its compressed copies), for tests. */
  heldBytes(): number;
}

/** A JSON answer with its compressed copies, each made once, when a client first takes it. */
export interface KeptJson {
  /** Its text's SHA-256 (base64). */
  tag: string;
  etag: string;
  plain: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
}

/**
 * What a kept answer's tag is: the SHA-256 of its text's UTF-8 bytes, in base64. `tagOf` is
 * the rule in this process, `TAG_OF_JSON` the same rule in SQL (over a column `json`); a test
 * holds them equal on both databases (tests/server/tagged-answers.test.ts).
 */
export function tagOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}
export const TAG_OF_JSON = `encode(sha256(convert_to(json, 'UTF8')), 'base64')`;

/** A kept answer named `name` (tenant and answer, for its ETag); the tag is `tagOf` its text unless the database gave it. */
export function keptJson(name: string, json: string, tag = tagOf(json)): KeptJson {
  return { tag, etag: opaqueEtag(name, tag), plain: Buffer.from(json), encoded: new Map() };
}

/**
 * Sends a kept answer compressed as the client accepts it (304 to its ETag); `madeCopy`
 * hears of each compressed copy the first time it is made.
 */
export async function sendKeptJson(request: FastifyRequest, reply: FastifyReply, kept: KeptJson, madeCopy: (bytes: number) => void = () => {}): Promise<FastifyReply> {
  if (request.method === 'GET' && matches(request.headers['if-none-match'], kept.etag)) {
    return reply.code(304).headers({ etag: kept.etag, vary: 'accept-encoding' }).send();
  }
  const encoding = encodingFor(kept.plain.length, request.headers['accept-encoding'], ENCODINGS);
  let body = kept.plain;
  if (encoding) {
    let made = kept.encoded.get(encoding);
    if (!made) {
      made = encoders[encoding](kept.plain);
      kept.encoded.set(encoding, made);
      void made.then(
        (copy) => madeCopy(copy.length),
        () => kept.encoded.delete(encoding),
      );
    }
    body = await made;
  }
  const headers: OutgoingHttpHeaders = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    etag: kept.etag,
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  };
  return reply.headers(headers).send(body);
}

interface Entry extends KeptJson {
  bytes: number;
}

/**
 * The statement's text and its SHA-256 (base64), the text only when the hash is not the
 * one given as the last parameter: the database still makes the answer, but a kept one
 * is not sent across, decoded, compressed and collected again.
 */
export function taggedStatement(sql: string, heldTagParameter: number): string {
  return `select tag, case when tag is not distinct from $${heldTagParameter}::text then null else json end as json
    from (select ${TAG_OF_JSON} as tag, json from (${sql}) as answer) as tagged`;
}

/** What the databases say of an answer: its tag, and its text unless that tag is the held one. */
type TaggedRow = { tag: string; json: string | null };

/**
 * The answer's tag and, when it is not `heldTag`, its text. PostgreSQL hashes the text where
 * it is made and sends it only when needed. PGlite's sha256 is PostgreSQL's C code in its
 * WebAssembly, compiled by V8's baseline compiler (the server starts with --liftoff-only):
 * on the server's one thread it cost several times what making the list does, where
 * node:crypto's is native and the text crosses from PGlite's memory without a socket
 * (README, Performance, issue 19, session 13).
 */
async function taggedRow(db: TaggingDatabase, answer: TaggedAnswer, heldTag: string | null): Promise<TaggedRow | undefined> {
  if (db.kind === 'pglite') {
    const [row] = await db.query<{ json: string }>(answer.sql, answer.params);
    if (!row) return undefined;
    const tag = tagOf(row.json);
    return { tag, json: tag === heldTag ? null : row.json };
  }
  const [row] = await db.query<TaggedRow>(taggedStatement(answer.sql, answer.params.length + 1), [...answer.params, heldTag]);
  return row;
}

/** The database the answers are read from: which one it is says where the text is hashed. */
export type TaggingDatabase = Pick<Database, 'query' | 'kind'>;

/**
 * A tagged answer's JSON array, as one text column `json`: the entries (each already JSON
 * text) joined in the given order, `[]` when there are none.
 */
export function jsonArrayOf(entry: string, order?: string): string {
  return `'[' || coalesce(string_agg(${entry}, ','${order ? ` order by ${order}` : ''}), '') || ']' as json`;
}

export function createTaggedAnswers(db: TaggingDatabase, { maxBytes }: { maxBytes: number }): TaggedAnswers {
  // Least recently used first (a Map iterates in insertion order).
  // That map is recently-used.ts's, bounded by the bytes each entry holds with its compressed copies.
  const entries = recentlyUsed<Entry>(maxBytes, (entry) => entry.bytes);
  const keep = (name: string, entry: Entry) => entries.set(name, entry);
  const use = (name: string, entry: Entry) => {
    if (entries.peek(name) === entry) entries.get(name);
  };

  /** A compressed copy made of an entry: counted while the entry is held. */
  const counted = (name: string, entry: Entry) => (bytes: number) => {
    entry.bytes += bytes;
    entries.weighAgain(name, entry);
  };

  /** The held entry when the database says its text is the answer now, else a new one from the text it sent. */
  const entryFor = async (name: string, answer: TaggedAnswer): Promise<Entry> => {
    const held = entries.get(name);
    const row = await taggedRow(db, answer, held?.tag ?? null);
    if (!row) throw new Error(`The answer ${answer.key} has no row`);
    // The entry read before the statement, even if another request has replaced it since:
    // the database said its text is the answer as of this request.
    if (row.json === null && held && held.tag === row.tag) {
      use(name, held);
      return held;
    }
    if (row.json === null) throw new Error(`The answer ${answer.key} came without its text`);
    const kept = keptJson(name, row.json, row.tag);
    const entry: Entry = { ...kept, bytes: kept.plain.length };
    keep(name, entry);
    return entry;
  };

  return {
    async send(request, reply, answer) {
      const name = `${answer.tenantId}/${answer.key}`;
      const entry = await entryFor(name, answer);
      return sendKeptJson(request, reply, entry, counted(name, entry));
    },
    heldBytes: entries.weight,
  };
}
