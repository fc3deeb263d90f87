import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { asciiCollationKeys } from '../../../../src/domain/users/collation-key';
import { compareRows, toRows, type SortKey } from '../../../../src/domain/users/list-view';
import { makeUser } from '../../../support/fixtures/users';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const keyOf = asciiCollationKeys(collator)!;

const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
/** Every ASCII character, with digits, zeros, letters of both cases and a few non-ASCII ones more likely. */
const character = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ascii) },
  { weight: 3, arbitrary: fc.constantFrom(...'0000123456789') },
  { weight: 3, arbitrary: fc.constantFrom(...'aAbBzZ @.-_ ') },
  { weight: 1, arbitrary: fc.constantFrom(...'éÉßøŁ—') },
);
const text = fc.string({ unit: character, maxLength: 12 });
/** Texts that differ a little, as neighbouring names in a list do. */
const similarTexts = fc
  .tuple(text, text, text)
  .map(([common, a, b]) => [common + a, common + b] as const);

const sign = (n: number) => Math.sign(n) || 0;

describe('sorting by collation keys orders text as the collator does', () => {
  test('the collator used for the user list has ASCII keys', () => {
    expect(asciiCollationKeys(collator)).not.toBeNull();
  });

  test.prop([fc.oneof(fc.tuple(text, text), similarTexts)], { numRuns: 5000 })(
    'two ASCII texts compare by their keys exactly as the collator compares them',
    ([a, b]) => {
      const [keyA, keyB] = [keyOf(a), keyOf(b)];
      fc.pre(keyA !== null && keyB !== null);
      expect(sign(keyA! < keyB! ? -1 : keyA! > keyB! ? 1 : 0)).toBe(sign(collator.compare(a, b)));
    },
  );

  test.prop([text])('a text has a key exactly when it is ASCII without characters the collator ignores', (value) => {
    const plain = [...value].every((c) => c.charCodeAt(0) < 128 && collator.compare(c, '') !== 0);
    expect(keyOf(value) !== null).toBe(plain);
  });

  test('numbers compare by value, case and leading zeros do not count', () => {
    expect(keyOf('User 2')! < keyOf('User 10')!).toBe(true);
    expect(keyOf('user 007')).toBe(keyOf('USER 7'));
  });

  test('a run of digits longer than the collator reads as one number is left to the collator', () => {
    expect(keyOf('1'.repeat(255))).toBeNull();
  });
});

describe('compareRows with keys matches the collator-only sort', () => {
  const user = fc
    .record({ id: fc.nat(), name: text, email: text })
    .map(({ id, name, email }) => makeUser({ id, name, email }));

  test.prop([fc.uniqueArray(user, { selector: (u) => u.id, maxLength: 60 }), fc.constantFrom<SortKey>('name', 'email', 'role'), fc.boolean()])(
    'the same order, ties in the server order, both directions',
    (users, key, ascending) => {
      const direction = ascending ? 'ascending' : 'descending';
      const sign = direction === 'ascending' ? 1 : -1;
      const sorted = toRows(users)
        .sort((a, b) => sign * compareRows(a, b, key))
        .map((row) => row.user);
      // The obvious reference: a stable sort with the collator alone.
      const reference = users.slice().sort((a, b) => (ascending ? 1 : -1) * collator.compare(a[key], b[key]));
      expect(sorted).toEqual(reference);
    },
  );
});
