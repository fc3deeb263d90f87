import { crc32, gunzipSync } from 'node:zlib';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { crc32Combine, deflatePiece, gzipJsonArray } from '../../server/caching/gzip-pieces.ts';

// A year's answer is gzip joined from its months, each deflated on its own when it changed
// (server/caching/year-answers.ts): what any gzip reader makes of it must be the JSON array.

const entries = fc.array(fc.record({ created_date: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), note: fc.string({ unit: 'binary' }) }), { maxLength: 40 });
const pieceText = entries.map((list) => list.map((entry) => JSON.stringify(entry)).join(','));

describe('gzip joined from pieces deflated apart', () => {
  test.prop([fc.array(pieceText, { maxLength: 14 })])('decodes, checksum and length checked by zlib, to the array of the non-empty pieces', async (texts) => {
    const pieces = await Promise.all(texts.map((text) => deflatePiece(Buffer.from(text))));
    const { gzip, plainLength } = gzipJsonArray(pieces);
    const json = `[${texts.filter((text) => text.length > 0).join(',')}]`;
    expect(gunzipSync(gzip).toString('utf8')).toBe(json);
    expect(plainLength).toBe(Buffer.byteLength(json));
  });

  test('a piece of a megabyte and more, among small ones, with a gzip tool made by another hand (zlib) as reader', async () => {
    const large = Array.from({ length: 12_000 }, (_, n) => `{"created_date":"2025-03-01T00:00:${String(n % 60).padStart(2, '0')}Z","revenue":${(n * 7919) % 100_000}}`).join(',');
    const texts = ['{"a":1}', '', large, '{"b":"ü"}'];
    const { gzip } = gzipJsonArray(await Promise.all(texts.map((text) => deflatePiece(Buffer.from(text)))));
    expect(JSON.parse(gunzipSync(gzip).toString('utf8'))).toHaveLength(12_002);
  });

  test.prop([fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 })])("the CRC-32 of two texts one after the other is their CRC-32s combined", (first, second) => {
    expect(crc32Combine(crc32(first), crc32(second), second.length)).toBe(crc32(Buffer.concat([first, second])));
  });
});
