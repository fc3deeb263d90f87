import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { nextSort } from '../../../../src/domain/lists/sort.ts';
import { compareRows, rowMatches, toRows } from '../../../../src/domain/users/list-view';
import { makeUser } from '../../../support/fixtures/users';

const roles = ['Super Admin', 'Admin', 'User'] as const;
const userArbitrary = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    name: fc.string({ unit: fc.constantFrom(...'abAB éz '), maxLength: 6 }),
    email: fc.string({ unit: fc.constantFrom(...'abx@.'), maxLength: 6 }),
    role: fc.constantFrom(...roles),
  })
  .map(({ id, name, email, role }) => makeUser({ id, name, email, role_id: (roles.indexOf(role) + 1) as 1 | 2 | 3 }));
const usersArbitrary = fc.uniqueArray(userArbitrary, { selector: (user) => user.id, maxLength: 40 });

describe('search filters by name, email and role text', () => {
  test.prop([usersArbitrary, fc.string({ unit: fc.constantFrom(...'abAxé@. '), maxLength: 3 })])(
    'keeps exactly the users whose name, email or role contains the text, ignoring case, in order',
    (users, search) => {
      const needle = search.trim().toLowerCase();
      const expected = users.filter((user) =>
        [user.name, user.email, user.role].some((text) => text.toLowerCase().includes(needle)),
      );
      const found = toRows(users).filter((row) => needle === '' || rowMatches(row, needle));
      expect(found.map((row) => row.user)).toEqual(expected);
    },
  );

  test('finds users by their role label', () => {
    const users = [makeUser({ id: 1, role_id: 2 }), makeUser({ id: 2, role_id: 3 })];
    expect(
      toRows(users)
        .filter((row) => rowMatches(row, 'admin'))
        .map((row) => row.user.id),
    ).toEqual([1]);
  });
});

describe('Name, Email and Role headers sort ascending or descending', () => {
  test.prop([usersArbitrary, fc.constantFrom('name', 'email', 'role' as const)])(
    'ascending orders by the column, descending is its reverse on distinct values',
    (users, key) => {
      const rows = toRows(users);
      const ascending = rows
        .slice()
        .sort((a, b) => compareRows(a, b, key))
        .map((row) => row.user[key]);
      const descending = rows
        .slice()
        .sort((a, b) => compareRows(b, a, key))
        .map((row) => row.user[key]);
      const compare = new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare;
      for (let i = 1; i < ascending.length; i += 1) {
        expect(compare(ascending[i - 1]!, ascending[i]!)).toBeLessThanOrEqual(0);
        expect(compare(descending[i - 1]!, descending[i]!)).toBeGreaterThanOrEqual(0);
      }
    },
  );

  test('a first click sorts ascending, the next on the same header descending, another header ascending again', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ key: 'name', direction: 'ascending' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort(second, 'name')).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort(second, 'email')).toEqual({ key: 'email', direction: 'ascending' });
  });
});
