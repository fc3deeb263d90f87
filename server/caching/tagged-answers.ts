/**
 * Lists the database writes as one JSON text (the salesperson list, the activity list, the
 * customer list, the calendar's events), sent compressed from copies kept under the text's
 * SHA-256. Each list names the data versions of what it reads (`subjects`, migration 200):
 * a request first reads those versions, and while they are the ones a kept copy was made
 * under the copy goes out and the list is not made at all. Otherwise the database makes the
 * list; on PostgreSQL it computes the hash beside the text and compares it with the one this
 * process holds, so an unchanged text never crosses the socket; on PGlite the text is handed
 * over in-process and hashed here (`tagOf`). The versions move by statement triggers in the
 * writing transaction, whatever wrote (route, SQL, another process); what they cannot see is in
 * server/caching/README.md.
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { ENCODINGS, encoders, encodingFor, matches, opaqueEtag, type Encoding } from './answer-cache.ts';
import { currentListVersion, type ListSubject } from './data-versions.ts';
import { recentlyUsed } from './recently-used.ts';

export interface TaggedAnswer {
  tenantId: number;
  /** Tells apart a tenant's answers, e.g. `calendar-2026`; part of the ETag. */
  key: string;
  /** A statement answering one row whose column `json` is the whole answer as JSON text. */
  sql: string;
  params: readonly unknown[];
  /** The data versions covering every table (or column) `sql` reads (tests/server/cache-trigger-coverage.test.ts). */
  subjects: readonly ListSubject[];
}

/** A list's statement and what it reads: what a route keeps as one tagged list. */
export type TaggedList = Pick<TaggedAnswer, 'sql' | 'subjects'>;

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
  /** The list's versions read before its text was; undefined when the tenant lacked one. */
  version: string | undefined;
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
 * WebAssembly, on the server's one thread: on V8's baseline compiler it cost several times
 * what making the list does (and it runs there until V8 has optimised it), where
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

  /**
   * The held entry when its versions are the ones read now, or when the database says its
   * text is the answer now; else a new one from the text it sent.
   */
  const entryFor = async (name: string, answer: TaggedAnswer): Promise<Entry> => {
    const held = entries.get(name);
    // Read before the text: an entry is never filed under versions newer than what it shows.
    const version = await currentListVersion(db, answer.tenantId, answer.subjects);
    if (version !== undefined && held?.version === version) {
      use(name, held);
      return held;
    }
    const row = await taggedRow(db, answer, held?.tag ?? null);
    if (!row) throw new Error(`The answer ${answer.key} has no row`);
    // The entry read before the statement, even if another request has replaced it since:
    // the database said its text is the answer as of this request.
    if (row.json === null && held && held.tag === row.tag) {
      held.version = version;
      use(name, held);
      return held;
    }
    if (row.json === null) throw new Error(`The answer ${answer.key} came without its text`);
    const kept = keptJson(name, row.json, row.tag);
    const entry: Entry = { ...kept, bytes: kept.plain.length, version };
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
