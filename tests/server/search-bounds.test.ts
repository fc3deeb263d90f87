import { PGlite } from '@electric-sql/pglite';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, expect } from 'vitest';
import { literally } from '../../server/http/list-query.ts';
import { prefixBound } from '../../server/routes/search.ts';

// The global search finds the titles starting with its text as an index range in byte
// order (`prefix <= title < prefixBound(prefix)` in collation "C"), so that a plan made
// without the text can use it: the range must hold exactly the texts `like prefix%` finds.

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
});
afterAll(() => pg?.close());

// Pattern characters, letters of one to four bytes in UTF-8, and the code points at the
// edges: the last of all (U+10FFFF), those beside the surrogates, the last of two and three bytes.
const CHARACTERS = ['a', 'b', 'z', ' ', '%', '_', '\\', 'é', 'ü', 'Ω', '\u{7f}', '\u{80}', '\u{7ff}', '\u{800}', '\u{d7ff}', '\u{e000}', '\u{fffd}', '\u{ffff}', '\u{10000}', '\u{1f600}', '\u{10fffe}', '\u{10ffff}'];
const text = (maxLength: number) => fc.string({ unit: fc.constantFrom(...CHARACTERS), maxLength });

// Texts near the prefix: itself, longer, shorter, and with one character changed.
const near = (prefix: string) =>
  fc.oneof(
    text(4).map((suffix) => prefix + suffix),
    fc.nat().map((cut) => prefix.slice(0, prefix.length === 0 ? 0 : cut % prefix.length)),
    fc.tuple(fc.nat(), fc.constantFrom(...CHARACTERS), text(3)).map(([at, character, suffix]) => {
      const points = Array.from(prefix);
      if (points.length > 0) points[at % points.length] = character;
      return points.join('') + suffix;
    }),
    text(6),
  );

const EXAMPLES: [string, string[]][] = [
  ['\u{10ffff}', ['\u{10ffff}', '\u{10ffff}a', '\u{10fffe}\u{10ffff}', '']],
  ['a\u{10ffff}\u{10ffff}', ['a\u{10ffff}\u{10ffff}\u{10ffff}', 'b', 'a\u{10ffff}', 'a\u{10ffff}\u{10ffff}']],
  ['\u{d7ff}', ['\u{d7ff}', '\u{e000}', '\u{d7ff}\u{e000}']],
  ['%_\\', ['%_\\', '%_\\x', '%a\\', 'x%_\\']],
];

test.prop([text(5).chain((prefix) => fc.tuple(fc.constant(prefix), fc.array(near(prefix), { minLength: 1, maxLength: 30 })))], {
  numRuns: 300,
  examples: EXAMPLES.map((example): [[string, string[]]] => [example]),
})('a text is in the range from a prefix to its bound exactly when it starts with the prefix', async ([prefix, texts]) => {
  const { rows } = await pg.query<{ t: string; ranged: boolean; liked: boolean }>(
    `select t, (t collate "C") >= $1 and ($2::text is null or (t collate "C") < $2) as ranged, t like $3 as liked
     from unnest($4::text[]) as t`,
    [prefix, prefixBound(prefix), `${literally(prefix)}%`, texts],
  );
  for (const row of rows) expect(row.ranged, JSON.stringify([prefix, row.t])).toBe(row.liked);
  // Only the highest code points have no bound above them: every text from them on starts with them.
  expect(prefixBound(prefix) === null).toBe(Array.from(prefix).every((character) => character === '\u{10ffff}'));
});
