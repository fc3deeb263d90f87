/**
 * Lists the database writes as one JSON text on every request (the salesperson list, the
 * activity list, the customer list, the calendar's events), sent compressed from copies
 * kept under the text's SHA-256, which the database computes beside the text and compares
 * with the one this process holds: when they are equal the text itself never leaves the
 * database, and the kept compressed bytes go out. Nothing is filed under a version, so no
 * trigger has to move anything: the answer is the data as the statement reads it, however
 * it was written (route, SQL, another process, a restore without triggers).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { ENCODINGS, encoders, encodingFor, matches, opaqueEtag, type Encoding } from './answer-cache.ts';

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

interface Entry {
  tag: string;
  etag: string;
  plain: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
  bytes: number;
}

/**
 * The statement's text and its SHA-256 (base64), the text only when the hash is not the
 * one given as the last parameter: the database still makes the answer, but a kept one
 * is not sent across, decoded, compressed and collected again.
 */
export function taggedStatement(sql: string, heldTagParameter: number): string {
  return `select tag, case when tag is not distinct from $${heldTagParameter}::text then null else json end as json
    from (select encode(sha256(convert_to(json, 'UTF8')), 'base64') as tag, json from (${sql}) as answer) as tagged`;
}

export function createTaggedAnswers(db: Queryable, { maxBytes }: { maxBytes: number }): TaggedAnswers {
  // Least recently used first (a Map iterates in insertion order).
  const entries = new Map<string, Entry>();
  let heldBytes = 0;

  const forget = (name: string) => {
    const entry = entries.get(name);
    if (!entry) return;
    entries.delete(name);
    heldBytes -= entry.bytes;
  };
  const evictOverBudget = () => {
    for (const [oldest] of entries) {
      if (heldBytes <= maxBytes) break;
      forget(oldest);
    }
  };
  const keep = (name: string, entry: Entry) => {
    forget(name);
    // Larger than the whole budget: served, never held.
    if (entry.bytes > maxBytes) return;
    entries.set(name, entry);
    heldBytes += entry.bytes;
    evictOverBudget();
  };
  const use = (name: string, entry: Entry) => {
    if (entries.get(name) !== entry) return;
    entries.delete(name);
    entries.set(name, entry);
  };

  const encodedBody = (name: string, entry: Entry, encoding: Encoding): Promise<Buffer> => {
    let made = entry.encoded.get(encoding);
    if (made) return made;
    made = encoders[encoding](entry.plain);
    entry.encoded.set(encoding, made);
    void made.then(
      (body) => {
        entry.bytes += body.length;
        if (entries.get(name) !== entry) return;
        heldBytes += body.length;
        evictOverBudget();
      },
      () => entry.encoded.delete(encoding),
    );
    return made;
  };

  /** The held entry when the database says its text is the answer now, else a new one from the text it sent. */
  const entryFor = async (name: string, answer: TaggedAnswer): Promise<Entry> => {
    const held = entries.get(name);
    const [row] = await db.query<{ tag: string; json: string | null }>(taggedStatement(answer.sql, answer.params.length + 1), [...answer.params, held?.tag ?? null]);
    if (!row) throw new Error(`The answer ${answer.key} has no row`);
    // The entry read before the statement, even if another request has replaced it since:
    // the database said its text is the answer as of this request.
    if (row.json === null && held && held.tag === row.tag) {
      use(name, held);
      return held;
    }
    if (row.json === null) throw new Error(`The answer ${answer.key} came without its text`);
    const plain = Buffer.from(row.json);
    const entry: Entry = { tag: row.tag, etag: opaqueEtag(name, row.tag), plain, encoded: new Map(), bytes: plain.length };
    keep(name, entry);
    return entry;
  };

  return {
    async send(request, reply, answer) {
      const name = `${answer.tenantId}/${answer.key}`;
      const entry = await entryFor(name, answer);
      if (request.method === 'GET' && matches(request.headers['if-none-match'], entry.etag)) {
        return reply.code(304).headers({ etag: entry.etag, vary: 'accept-encoding' }).send();
      }
      const encoding = encodingFor(entry.plain.length, request.headers['accept-encoding'], ENCODINGS);
      const body = encoding ? await encodedBody(name, entry, encoding) : entry.plain;
      const headers: OutgoingHttpHeaders = {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
        etag: entry.etag,
        vary: 'accept-encoding',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      };
      return reply.headers(headers).send(body);
    },
    heldBytes: () => heldBytes,
  };
}
