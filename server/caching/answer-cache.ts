/**
 * Answers kept between calls, for the big reads that are asked far more often than
 * their data changes (the user list, the analysis of a year). An answer is sent again
 * only while the data's version (migration 007: bumped by triggers in the writing
 * transaction, read from the table by each request) is the one it was made from, so a
 * write through any route, in SQL or by another server process is in the very next
 * answer. Per server instance, keyed by tenant, and bounded in bytes (least recently
 * used go).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants, gunzip, gzip } from 'node:zlib';
import negotiator from '@fastify/accept-negotiator';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { createSendTurns } from '../http/send-turns.ts';
import { currentDataVersion, type DataSubject } from './data-versions.ts';
import { recentlyUsed } from './recently-used.ts';

/** Which answer: a tenant's, of one subject's data. */
export interface AnswerName {
  tenantId: number;
  subject: DataSubject;
  /** Tells apart the answers of one subject, e.g. `analysis-2025`; part of the ETag. */
  key: string;
}

/** An answer made compressed already (a year's, joined from its months: server/caching/gzip-pieces.ts). */
export interface GzipAnswer {
  gzip: Buffer;
  /** The length of its JSON. */
  plainLength: number;
}

export interface CachedAnswerRequest extends AnswerName {
  /** The answer as JSON (text or its UTF-8 bytes), or gzip of it, from the database as it is when called. */
  produce: () => Promise<string | Buffer | GzipAnswer>;
  /**
   * The version the answer is kept under, when it is not the subject's data version (a year's
   * answers: the newest of its months', server/caching/year-answers.ts). Undefined: keep nothing.
   */
  readVersion?: () => Promise<string | undefined>;
}

export interface AnswerCache {
  /**
   * Sends the tenant's answer: the one made earlier while the database's version of
   * `subject` is still the one it was made from, else a new one. Concurrent requests
   * for the same answer share one `produce` call. Compressed (br, gzip) as the
   * client accepts, each encoding made once per version.
   */
  send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswerRequest): Promise<FastifyReply>;
  /** Bytes held now (the JSON while it is kept, and its compressed copies), for tests. */
  heldBytes(): number;
}

export type Encoding = 'br' | 'gzip';

interface Entry {
  version: string;
  etag: string;
  /** The headers of each form of the answer (plain or an encoding), made once. */
  headers: Map<Encoding | 'plain', OutgoingHttpHeaders>;
  /**
   * The JSON as bytes (sent as they are, where a string would be encoded again for every
   * client), until its brotli encoding is made, which stands for it from then on.
   */
  plain: Buffer | undefined;
  plainLength: number;
  /** The encodings in the order this answer prefers them: gzip first for one made as gzip. */
  preference: Encoding[];
  /** The JSON being decoded again, shared by the clients that asked meanwhile. */
  decoding: Promise<Buffer> | undefined;
  encoded: Map<Encoding, Promise<Buffer>>;
  /** What it holds (its JSON while held, its encodings once made): its weight in the cache's budget. */
  bytes: number;
}

export const ENCODINGS: Encoding[] = ['br', 'gzip'];
// As the compress plugin (server/app.ts): answers under a kilobyte go plain.
const COMPRESSION_THRESHOLD_BYTES = 1024;
// Each form of an answer is encoded once per version, at the fastest setting: measured on
// the bench's answers, the user list (1.9 MB of JSON) is 151 KB as brotli quality 1 (2 ms)
// and 83 KB at quality 4 (100 ms); a year's analysis (8.5 MB) 1,470 KB at quality 1
// (75 ms) and 1,330 KB at quality 4 (400 ms), CPU the load budget cannot spare when
// opportunities change every second.
const brotli = (json: Buffer) =>
  promisify(brotliCompress)(json, {
    params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 1 },
  });
// A client taking no compression gets the JSON as it is: a megabyte or more (a year's
// analysis, a large user list) is a fresh copy held until the client has read it, so only
// a few go out at once (issue 19: clients asking and never reading).
const LARGE_PLAIN_BYTES = 1024 * 1024;
const LARGE_PLAIN_ANSWERS_AT_ONCE = 4;
export const encoders: Record<Encoding, (json: Buffer) => Promise<Buffer>> = { br: brotli, gzip: (json) => promisify(gzip)(json, { level: 1 }) };
// In one output chunk of the known size: at zlib's default of 16 KB, the main thread took a callback and a copy per chunk.
const decoders: Record<Encoding, (body: Buffer, plainLength: number) => Promise<Buffer>> = {
  br: (body, plainLength) => promisify(brotliDecompress)(body, { chunkSize: Math.max(64, plainLength) }),
  gzip: (body, plainLength) => promisify(gunzip)(body, { chunkSize: Math.max(64, plainLength) }),
};

export function createAnswerCache(db: Queryable, { maxBytes }: { maxBytes: number }): AnswerCache {
  const entries = recentlyUsed<Entry>(maxBytes, (entry) => entry.bytes);
  const plainTurns = createSendTurns(LARGE_PLAIN_ANSWERS_AT_ONCE);

  const remember = (name: string, entry: Entry) => {
    const held = entries.peek(name);
    // A slower request may finish after a faster one that saw a newer version.
    if (held && isOlder(entry.version, held.version)) return;
    entries.set(name, entry);
  };

  /** The making under way of each answer, and the version it is made for. */
  const making = new Map<string, { version: string; entry: Promise<Entry> }>();
  /** The one making that waits for it, shared by every request that read a newer version meanwhile. */
  const following = new Map<string, Promise<Entry>>();

  /**
   * The version is read before the data: the data is then at least as new as the
   * version, so an answer is never filed under a version newer than what it shows
   * (at worst under an older one, which the next request finds stale). An answer is
   * made once at a time: a request that read a newer version than the one being made
   * waits for it, then shares one making of the newest (issue 19: with a write every
   * second and a slow CPU, makings of ever newer versions piled up, each holding a year).
   */
  const entryFor = async (name: string, answer: CachedAnswerRequest, version: string): Promise<Entry> => {
    const cached = entries.get(name);
    if (cached && !isOlder(cached.version, version)) return cached;
    // An older version is never sent again: its bytes can go before the new answer's are made.
    if (cached) entries.delete(name);
    const current = making.get(name);
    if (!current) return make(name, answer, version);
    if (!isOlder(current.version, version)) return current.entry;
    let next = following.get(name);
    if (!next) {
      next = current.entry.then(nothing, nothing).then(async () => {
        following.delete(name);
        // Read again, so at least as new as what every request waiting here read.
        const newest = await versionOf(answer);
        return newest === undefined ? unkeptEntry(name, await answer.produce()) : entryFor(name, answer, newest);
      });
      following.set(name, next);
    }
    return next;
  };

  const make = (name: string, answer: CachedAnswerRequest, version: string): Promise<Entry> => {
    const entry = answer.produce().then((json) => {
      const made = newEntry(json, version, opaqueEtag(name, version));
      remember(name, made);
      return made;
    });
    const flight = { version, entry };
    making.set(name, flight);
    // Whether it succeeds or fails, the next request after this one asks again.
    const done = () => {
      if (making.get(name) === flight) making.delete(name);
    };
    void entry.then(done, done);
    return entry;
  };

  /** An answer of a tenant whose version went while it waited (a TRUNCATE): sent once, never kept. */
  const unkeptEntry = (name: string, json: string | Buffer | GzipAnswer): Entry => newEntry(json, '0', opaqueEtag(name, `unkept-${randomBytes(8).toString('hex')}`));

  const newEntry = (json: string | Buffer | GzipAnswer, version: string, etag: string): Entry => {
    if (isGzipAnswer(json)) {
      const encoded = new Map<Encoding, Promise<Buffer>>([['gzip', Promise.resolve(json.gzip)]]);
      return { version, etag, headers: new Map(), plain: undefined, plainLength: json.plainLength, preference: GZIP_FIRST, decoding: undefined, encoded, bytes: json.gzip.length };
    }
    const plain = typeof json === 'string' ? Buffer.from(json) : json;
    return { version, etag, headers: new Map(), plain, plainLength: plain.length, preference: ENCODINGS, decoding: undefined, encoded: new Map(), bytes: plain.length };
  };

  /** The JSON, decoded again from the form standing for it when it is no longer held. */
  const plainOf = (entry: Entry): Promise<Buffer> => {
    if (entry.plain) return Promise.resolve(entry.plain);
    const from: Encoding = entry.encoded.has('br') ? 'br' : 'gzip';
    entry.decoding ??= entry.encoded
      .get(from)!
      .then((body) => decoders[from](body, entry.plainLength))
      .finally(() => (entry.decoding = undefined));
    return entry.decoding;
  };

  const encodedBody = (name: string, entry: Entry, encoding: Encoding): Promise<Buffer> => {
    const existing = entry.encoded.get(encoding);
    if (existing) return existing;
    // Counted once it exists; an entry no longer held is gone with its encodings.
    const account = (bytes: number) => {
      entry.bytes += bytes;
      entries.weighAgain(name, entry);
    };
    const made = plainOf(entry).then(encoders[encoding]);
    entry.encoded.set(encoding, made);
    void made.then(
      (body) => {
        account(body.length);
        // From now on the brotli encoding stands for the JSON, decoded again for the rare
        // client that takes no compression: a year's analysis is 17 MB as JSON, 3 MB as brotli.
        if (encoding === 'br' && entry.plain) {
          entry.plain = undefined;
          account(-entry.plainLength);
        }
      },
      () => entry.encoded.delete(encoding),
    );
    return made;
  };

  const respond = (request: FastifyRequest, reply: FastifyReply, entry: Entry, body: Buffer, encoding: Encoding | undefined) => {
    if (request.method === 'GET' && matches(request.headers['if-none-match'], entry.etag)) {
      return reply.code(304).headers({ etag: entry.etag, vary: 'accept-encoding' }).send();
    }
    return reply.headers(answerHeaders(entry, body, encoding)).send(body);
  };

  const versionOf = (answer: CachedAnswerRequest) => answer.readVersion?.() ?? currentDataVersion(db, answer.tenantId, answer.subject);

  const send = async (request: FastifyRequest, reply: FastifyReply, answer: CachedAnswerRequest): Promise<FastifyReply> => {
    const version = await versionOf(answer);
    if (version === undefined) {
      // Its size is known only once made: a client taking no compression waits its turn first.
      if (!acceptedEncoding(request.headers['accept-encoding'], ENCODINGS)) await plainTurns.take(reply);
      return sendUncached(request, reply, await answer.produce());
    }
    const name = nameOf(answer);
    const entry = await entryFor(name, answer, version);
    const encoding = encodingFor(entry.plainLength, request.headers['accept-encoding'], entry.preference);
    if (encoding) return respond(request, reply, entry, await encodedBody(name, entry, encoding), encoding);
    if (entry.plainLength >= LARGE_PLAIN_BYTES) await plainTurns.take(reply);
    return respond(request, reply, entry, await plainOf(entry), undefined);
  };

  return {
    send,
    heldBytes: entries.weight,
  };
}

/** An answer that may not be kept (its tenant has no data version): made and compressed for this request alone. */
async function sendUncached(request: FastifyRequest, reply: FastifyReply, json: string | Buffer | GzipAnswer): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (isGzipAnswer(json)) {
    if (encodingFor(json.plainLength, request.headers['accept-encoding'], GZIP_FIRST) === 'gzip') return reply.header('content-encoding', 'gzip').send(json.gzip);
    return sendUncached(request, reply, await decoders.gzip(json.gzip, json.plainLength));
  }
  const plain = typeof json === 'string' ? Buffer.from(json) : json;
  const encoding = encodingFor(plain.length, request.headers['accept-encoding'], ENCODINGS);
  if (!encoding) return reply.send(plain);
  return reply.header('content-encoding', encoding).send(await encoders[encoding](plain));
}

/** Made once per entry and form of the body (its length differs between the plain and small encodings). */
function answerHeaders(entry: Entry, body: Buffer, encoding: Encoding | undefined): OutgoingHttpHeaders {
  const form = encoding ?? 'plain';
  let headers = entry.headers.get(form);
  if (headers === undefined || headers['content-length'] !== body.length) {
    headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      etag: entry.etag,
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    };
    entry.headers.set(form, headers);
  }
  return headers;
}

const nameOf = (answer: AnswerName) => `${answer.tenantId}/${answer.subject}/${answer.key}`;

/** Versions are numbers from one sequence, beyond what a JavaScript number holds exactly. */
const isOlder = (version: string, than: string) => BigInt(version) < BigInt(than);
const nothing = () => undefined;

const GZIP_FIRST: Encoding[] = ['gzip', 'br'];
const isGzipAnswer = (json: string | Buffer | GzipAnswer): json is GzipAnswer => typeof json === 'object' && !Buffer.isBuffer(json);

// Clients send one of a handful of Accept-Encoding values again and again.
const negotiated = new Map<string, Encoding | undefined>();
const NEGOTIATIONS_KEPT = 64;

/** How an answer of this many bytes of JSON goes to a client sending this Accept-Encoding, among the encodings in the answer's order. */
export function encodingFor(jsonLength: number, acceptEncoding: string | undefined, preference: Encoding[]): Encoding | undefined {
  return jsonLength < COMPRESSION_THRESHOLD_BYTES ? undefined : acceptedEncoding(acceptEncoding, preference);
}

/** The compress plugin's own negotiation, so cached and uncached answers agree: among equals, the first of `preference`. */
function acceptedEncoding(header: string | undefined, preference: Encoding[]): Encoding | undefined {
  if (header === undefined) return undefined;
  const key = `${preference[0]} ${header}`;
  if (negotiated.has(key)) return negotiated.get(key);
  const normalised = header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip');
  const chosen = negotiator.negotiate(normalised, preference);
  const encoding = chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
  if (negotiated.size >= NEGOTIATIONS_KEPT) negotiated.clear();
  negotiated.set(key, encoding);
  return encoding;
}

// Versions come from one sequence for every tenant: written into an ETag, the gap
// between two of a tenant's own ETags would count the other tenants' writes. An ETag is
// a keyed hash of the answer's name (tenant, subject and key) and version instead, under a key of this
// process (another process's ETags then only miss a 304, never match wrongly).
const ETAG_KEY = randomBytes(32);

export function opaqueEtag(name: string, version: string): string {
  return `W/"${createHmac('sha256', ETAG_KEY).update(`${name}@${version}`).digest('base64url').slice(0, 22)}"`;
}

export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}
