/**
 * The answers made of a whole year of a tenant's opportunities (the analysis, the year's
 * opportunities), kept in pieces of a calendar month. Each piece is sent again while its
 * month's version (migration 080: bumped by triggers in the writing transaction, read
 * from the table by each request) is the one it was read at, so a save makes anew the
 * month it touched, not the year. The whole answer is its pieces joined, kept by the
 * answer cache under the sum of its months' versions: a month's version only grows, so
 * the sum grows whenever any month moves, in whatever order the writing transactions
 * commit (the newest version alone would miss a write that drew its version before
 * another month's writer and committed after it). Each piece is kept deflated, and the
 * answer is sent as gzip joined from them (gzip-pieces.ts): a save deflates one month
 * again, where compressing the whole year took more CPU than everything else of the save.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { keptPrepared } from '../db/kept-prepared.ts';
import { createAnswerCache, type GzipAnswer } from './answer-cache.ts';
import { deflatePiece, gzipJsonArray, type DeflatedPiece } from './gzip-pieces.ts';
import { recentlyUsed } from './recently-used.ts';
import type { SharedPieces } from './shared-pieces.ts';

/**
 * A year's window (14 hours wider than the UTC year on each side, for every time zone)
 * in pieces: 0 is the last 14 hours of December of the year before, 1–12 the months,
 * 13 the first 14 hours of January of the year after. Each lies in one calendar month.
 */
export const YEAR_PIECES = Array.from({ length: 14 }, (_, piece) => piece);

/** Reads one piece of a year: its entries as JSON texts joined by commas, oldest first ('' when it has none). */
export type PieceReader = (db: Queryable, tenantId: number, year: number, piece: number) => Promise<string>;

export interface YearAnswerRequest {
  tenantId: number;
  year: number;
  /** Tells apart the answers of one kind; part of the ETag. */
  key: string;
}

export interface YearAnswers {
  /** Sends the year's answer, made of pieces read anew only where their month changed since. */
  send(request: FastifyRequest, reply: FastifyReply, answer: YearAnswerRequest): Promise<FastifyReply>;
}

interface Piece {
  version: string;
  deflated: DeflatedPiece;
}

/**
 * A look-up by key (the table's primary key, tenant and month) that every kept year answer
 * makes on each request: kept prepared (server/db/kept-prepared.ts), so it is planned once.
 */
const PIECE_VERSIONS = keptPrepared(
  `select (extract(year from month)::int - $2) * 12 + extract(month from month)::int as piece, version
   from opportunity_month_versions
   where tenant_id = $1 and month >= make_date($2::int - 1, 12, 1) and month <= make_date($2::int + 1, 1, 1)`,
);

/**
 * Lets the event loop turn before a piece is made. PGlite runs each statement on the server's
 * one thread and hands its lock on in promise continuations, so the pieces a request makes one
 * after another (and those of every request waiting for the lock) ran as one uninterrupted
 * stretch: a fresh server's first dashboards made two years of the calendar's days in one
 * stretch, every request read meanwhile waiting behind it. With a turn before each
 * making, the requests that arrived meanwhile run between the pieces; a piece found kept takes
 * no turn (README, Performance, issue 19, session 16).
 */
export const turnBeforeMaking = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The version of each month of the year's window that has one, by piece. */
export async function pieceVersions(db: Queryable, tenantId: number, year: number): Promise<Map<number, string>> {
  const rows = await db.query<{ piece: number; version: number | string }>(PIECE_VERSIONS, [tenantId, year]);
  return new Map(rows.map((row) => [Number(row.piece), String(row.version)]));
}

/** The sum of the months' versions, or undefined when none has one (then nothing may be kept). */
function versionSum(versions: Map<number, string>): string | undefined {
  if (versions.size === 0) return undefined;
  let sum = 0n;
  for (const version of versions.values()) sum += BigInt(version);
  return String(sum);
}

/** A year's answer as one JSON array: every piece read now, nothing kept (what the kept answer must equal). */
export async function wholeYearJson(db: Queryable, tenantId: number, year: number, readPiece: PieceReader): Promise<Buffer> {
  const texts: string[] = [];
  for (const piece of YEAR_PIECES) texts.push(await readPiece(db, tenantId, year, piece));
  return Buffer.from(`[${texts.filter((text) => text.length > 0).join(',')}]`);
}

export function createYearAnswers(db: Queryable, readPiece: PieceReader, { maxBytes, shared }: { maxBytes: number; shared?: SharedPieces }): YearAnswers {
  const answers = createAnswerCache(db, { maxBytes });
  // Bounded like the answers, by the deflated bytes.
  const pieces = recentlyUsed<Piece>(maxBytes, (piece) => piece.deflated.deflated.length);
  const keep = (name: string, version: string, deflated: DeflatedPiece) => {
    const held = pieces.peek(name);
    if (held && BigInt(held.version) > BigInt(version)) return;
    pieces.set(name, { version, deflated });
  };

  /**
   * Each piece's version is read before its text, so a piece is never kept under a version
   * newer than what it holds. The versions are read again here, after the answer cache read
   * their sum: the pieces are then at least as new as the versions the answer is
   * filed under (server/caching/README.md, invariant 3).
   */
  const produce = async ({ tenantId, year, key }: YearAnswerRequest): Promise<GzipAnswer> => {
    const versions = await pieceVersions(db, tenantId, year);
    const deflated: Promise<DeflatedPiece>[] = [];
    for (const piece of YEAR_PIECES) {
      const name = `${tenantId}/${key}/${piece}`;
      // A month without a version has held no opportunity since the table was last emptied
      // (the first write into it gives it one): version 0, kept as any other.
      const version = versions.get(piece) ?? '0';
      const held = pieces.get(name);
      if (held?.version === version) {
        deflated.push(Promise.resolve(held.deflated));
        continue;
      }
      // Made by another process for this version (shared-pieces.ts): taken as it is.
      const taken = await shared?.take(tenantId, name, version);
      if (taken && taken.crc !== null && taken.length !== null) {
        const piece = { deflated: taken.body, crc: taken.crc, length: taken.length };
        keep(name, version, piece);
        deflated.push(Promise.resolve(piece));
        continue;
      }
      // Read one after another: PGlite runs every statement on the server's one thread, and the
      // event loop turns before each piece. Each piece is deflated on libuv's threads meanwhile.
      await turnBeforeMaking();
      const made = deflatePiece(Buffer.from(await readPiece(db, tenantId, year, piece))).then(async (piece) => {
        keep(name, version, piece);
        // Stored for the other processes before the answer goes out, so that a request the
        // answer leads to finds it there; one not stored is made again by them, as before.
        await shared?.store(tenantId, name, version, { body: piece.deflated, crc: piece.crc, length: piece.length }).catch(() => undefined);
        return piece;
      });
      // Awaited below; a failure is the answer's, not an unhandled rejection before that.
      made.catch(() => undefined);
      deflated.push(made);
    }
    return gzipJsonArray(await Promise.all(deflated));
  };

  return {
    send: (request, reply, answer) =>
      answers.send(request, reply, {
        tenantId: answer.tenantId,
        subject: 'opportunities',
        key: answer.key,
        readVersion: async () => versionSum(await pieceVersions(db, answer.tenantId, answer.year)),
        produce: () => produce(answer),
      }),
  };
}

/** Reads one piece of a year for a time zone's calendar year (what the sums over the year add up). */
export type ZonePieceReader<Piece> = (db: Queryable, tenantId: number, year: number, piece: number, zone: string) => Promise<Piece>;

export interface YearZonePieces<Piece> {
  /** Every piece of the zone's year, each read anew only where its month changed since. */
  piecesOf(tenantId: number, year: number, zone: string): Promise<Piece[]>;
}

/**
 * Sums of a year kept in the same pieces as the year answers (each under its month's version),
 * for answers that are sums over the year (the calendar's days, the customers' totals): a save
 * sums one month anew, and the routes add the pieces' sums up. A piece is any JSON value.
 */
export function createYearZonePieces<Piece>(
  db: Queryable,
  readPiece: ZonePieceReader<Piece>,
  { maxPieces, shared }: { maxPieces: number; shared?: { pieces: SharedPieces; as: string } },
): YearZonePieces<Piece> {
  const pieces = recentlyUsed<{ version: string; piece: Piece }>(maxPieces);
  // A piece being read for a version, shared by every request that finds that version
  // meanwhile: when a month changes (or a process starts) many requests find it at once.
  // Sharing misses no write: the read began after its version was found, and while the
  // month's version is still that one no write to the month has committed since.
  const reading = new Map<string, Promise<Piece>>();
  const readOnce = (name: string, version: string, read: () => Promise<Piece>): Promise<Piece> => {
    const key = `${name}@${version}`;
    const underWay = reading.get(key);
    if (underWay) return underWay;
    const made = read().finally(() => reading.delete(key));
    reading.set(key, made);
    return made;
  };
  // A piece another process read for this version (shared-pieces.ts), else read and stored for them.
  const sharedPiece = async (tenantId: number, name: string, version: string, read: () => Promise<Piece>): Promise<Piece> => {
    if (!shared) return read();
    const taken = await shared.pieces.take(tenantId, name, version);
    if (taken) return JSON.parse(taken.body.toString()) as Piece;
    const piece = await read();
    await shared.pieces.store(tenantId, name, version, { body: Buffer.from(JSON.stringify(piece)), crc: null, length: null }).catch(() => undefined);
    return piece;
  };
  return {
    async piecesOf(tenantId, year, zone) {
      const versions = await pieceVersions(db, tenantId, year);
      const all: Piece[] = [];
      for (const piece of YEAR_PIECES) {
        const name = `${tenantId}/${year}/${zone}/${piece}`;
        const version = versions.get(piece) ?? '0';
        const held = pieces.get(name);
        if (held?.version === version) {
          all.push(held.piece);
          continue;
        }
        const made = await readOnce(name, version, () =>
          sharedPiece(tenantId, `${shared?.as}/${name}`, version, async () => {
            await turnBeforeMaking();
            return readPiece(db, tenantId, year, piece, zone);
          }),
        );
        const newer = pieces.peek(name);
        if (!newer || BigInt(newer.version) <= BigInt(version)) pieces.set(name, { version, piece: made });
        all.push(made);
      }
      return all;
    },
  };
}

/**
 * What an answer makes of a year's pieces (their sums added up), made again only when a piece
 * is not the one it was made from: `piecesOf` hands out a kept piece itself while its month's
 * version is unchanged, so the same pieces are the same data. Keyed by the answer's name
 * (tenant, year, zone), bounded in entries, least recently used first.
 */
export function madeOncePerPieces<Piece, Made>(make: (pieces: Piece[], name: string) => Made, { maxKept }: { maxKept: number }): (name: string, pieces: Piece[]) => Made {
  const kept = recentlyUsed<{ pieces: Piece[]; made: Made }>(maxKept);
  return (name, pieces) => {
    const held = kept.get(name);
    if (held && held.pieces.length === pieces.length && held.pieces.every((piece, index) => piece === pieces[index])) return held.made;
    const made = make(pieces, name);
    kept.set(name, { pieces, made });
    return made;
  };
}
