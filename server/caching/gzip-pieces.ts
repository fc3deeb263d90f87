/**
 * One gzip answer joined from pieces deflated apart, as pigz joins its blocks: each piece is
 * raw deflate ending in a sync flush (byte-aligned, not final), so pieces made at different
 * times follow each other in one deflate stream, and joining them compresses nothing. The
 * stream's CRC-32 is combined from the pieces' own. A year's answer is its months joined
 * (server/caching/year-answers.ts): after a save one month is deflated again, not the year.
 */
import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

/** A piece of the answer: its deflated bytes, and the CRC-32 and length of its text. */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

// Each piece is deflated once per version of its month, on libuv's threads, and again by each
// server process that finds it changed: level 5, the last of zlib's levels whose bytes are
// within 1 % of the default's (6) on the bench's analysis, for less CPU per month (README,
// Performance); still fewer bytes than the whole year's brotli at its fastest.
const LEVEL = 5;
const deflateAsync = promisify(deflateRaw);

/** The piece's text deflated on libuv's threads, ready to be joined. */
export async function deflatePiece(text: Buffer): Promise<DeflatedPiece> {
  const deflated = await deflateAsync(text, { level: LEVEL, finishFlush: zlibConstants.Z_SYNC_FLUSH });
  return { deflated, crc: crc32(text), length: text.length };
}

function deflatedNow(text: string): DeflatedPiece {
  const bytes = Buffer.from(text);
  return { deflated: deflateRawSync(bytes, { finishFlush: zlibConstants.Z_SYNC_FLUSH }), crc: crc32(bytes), length: bytes.length };
}

const OPEN = deflatedNow('[');
const COMMA = deflatedNow(',');
const CLOSE = deflatedNow(']');
// gzip's header (RFC 1952): deflate, no name, no time, unknown system.
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A last, empty block of fixed codes: ends the stream after the last piece's sync flush.
const LAST_BLOCK = Buffer.from([3, 0]);

/** The JSON array whose elements are the pieces' texts (each entries joined by commas; empty ones left out), as gzip. */
export function gzipJsonArray(pieces: readonly DeflatedPiece[]): { gzip: Buffer; plainLength: number } {
  const parts: DeflatedPiece[] = [OPEN];
  for (const piece of pieces) {
    if (piece.length === 0) continue;
    if (parts.length > 1) parts.push(COMMA);
    parts.push(piece);
  }
  parts.push(CLOSE);
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  // ISIZE: the length modulo 2^32 (RFC 1952).
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return { gzip: Buffer.concat([HEADER, ...parts.map((part) => part.deflated), LAST_BLOCK, trailer]), plainLength: length };
}

/**
 * The CRC-32 of two texts one after the other, from each one's CRC-32 and the second's
 * length (zlib's crc32_combine): the first CRC is carried over the second text's length of
 * zero bits by squaring the matrix of one zero bit, then the second CRC is added.
 */
export function crc32Combine(first: number, second: number, secondLength: number): number {
  // An empty second text has the CRC 0 and leaves the first as it is.
  if (secondLength === 0) return first >>> 0;
  const even = new Array<number>(32);
  const odd = new Array<number>(32);
  // The operator for one zero bit: the reflected polynomial, then a shift.
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n += 1, row <<= 1) odd[n] = row;
  square(even, odd); // two zero bits
  square(odd, even); // four
  let crc = first;
  let length = secondLength;
  // Each round applies the operator of one byte, two, four… where the length has a one bit.
  for (;;) {
    square(even, odd);
    if (length % 2 === 1) crc = times(even, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
    square(odd, even);
    if (length % 2 === 1) crc = times(odd, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
  }
  return (crc ^ second) >>> 0;
}

function times(matrix: number[], vector: number): number {
  let sum = 0;
  for (let bits = vector >>> 0, row = 0; bits !== 0; bits >>>= 1, row += 1) {
    if (bits & 1) sum ^= matrix[row]!;
  }
  return sum >>> 0;
}

function square(result: number[], matrix: number[]): void {
  for (let n = 0; n < 32; n += 1) result[n] = times(matrix, matrix[n]!);
}
