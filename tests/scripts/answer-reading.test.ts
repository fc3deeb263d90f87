import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { holdsText, json, rowOf } from '../../bench/answer-reading.ts';
import type { Answer } from '../../bench/browser-send.ts';

const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, name: `Person ${i + 1}`, notes: `{"not":"a row"} ${i}` }));
const text = JSON.stringify(rows);
const answers: Record<string, Answer> = {
  gzip: { status: 200, headers: { 'content-encoding': 'gzip' }, body: gzipSync(text) },
  br: { status: 200, headers: { 'content-encoding': 'br' }, body: brotliCompressSync(text) },
  none: { status: 200, headers: {}, body: Buffer.from(text) },
};

describe('the people read the answers they check off their event loop', () => {
  for (const [encoding, answer] of Object.entries(answers)) {
    it(`finds the row asked for in a list sent ${encoding === 'none' ? 'uncompressed' : `as ${encoding}`}`, async () => {
      expect(await rowOf(answer, 'id', 4321)).toEqual(rows[4320]);
      expect(await rowOf(answer, 'name', 'Person 7')).toEqual(rows[6]);
      expect(await rowOf(answer, 'id', 5001)).toBeUndefined();
    });

    it(`says whether an answer sent ${encoding === 'none' ? 'uncompressed' : `as ${encoding}`} holds a text`, async () => {
      expect(await holdsText(answer, '"name":"Person 4999"')).toBe(true);
      expect(await holdsText(answer, '"name":"Person 5001"')).toBe(false);
    });
  }

  it('answers many questions at once, each with its own answer', async () => {
    const ids = [17, 2500, 4999, 1];
    expect(await Promise.all(ids.map((id) => rowOf<{ id: number }>(answers.gzip!, 'id', id)))).toEqual(ids.map((id) => rows[id - 1]));
  });

  it('fails, and goes on answering, when an answer cannot be read', async () => {
    const broken: Answer = { status: 200, headers: { 'content-encoding': 'gzip' }, body: Buffer.from('not gzip') };
    await expect(rowOf(broken, 'id', 1)).rejects.toThrow();
    expect(await rowOf(answers.br!, 'id', 2)).toEqual(rows[1]);
  });

  it('reads a small answer on the loop as JSON', async () => {
    expect(await json(answers.gzip!)).toEqual(rows);
  });
});
