import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  filterRows,
  nextSort,
  pageItems,
  pageSlice,
  pageWindow,
  showingText,
  sortRows,
  toRows,
} from '../../../src/domain/users/list-view';
import { makeUser } from './users';

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
      expect(filterRows(toRows(users), search).map((row) => row.user)).toEqual(expected);
    },
  );

  test('finds users by their role label', () => {
    const users = [makeUser({ id: 1, role_id: 2 }), makeUser({ id: 2, role_id: 3 })];
    expect(filterRows(toRows(users), 'admin').map((row) => row.user.id)).toEqual([1]);
  });
});

describe('Name, Email and Role headers sort ascending or descending', () => {
  test.prop([usersArbitrary, fc.constantFrom('name', 'email', 'role' as const)])(
    'ascending orders by the column, descending is its reverse on distinct values',
    (users, key) => {
      const rows = toRows(users);
      const ascending = sortRows(rows, { key, direction: 'ascending' }).map((row) => row.user[key]);
      const descending = sortRows(rows, { key, direction: 'descending' }).map((row) => row.user[key]);
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

  test('unsorted keeps the server order', () => {
    const users = [makeUser({ id: 3, name: 'c' }), makeUser({ id: 1, name: 'a' })];
    expect(sortRows(toRows(users), null).map((row) => row.user.id)).toEqual([3, 1]);
  });
});

describe("pages of 10 with 'Showing X to Y of Z results'", () => {
  test.prop([fc.integer({ min: 0, max: 500 }), fc.integer({ min: -3, max: 60 })])(
    'the window covers the page rows and no others',
    (total, page) => {
      const items = Array.from({ length: total }, (_, i) => i + 1);
      const slice = pageSlice(items, page);
      const window = pageWindow(page, total);
      expect(slice.length).toBeLessThanOrEqual(10);
      if (total === 0) expect(window).toEqual({ from: 0, to: 0, total: 0 });
      else expect([window.from, window.to]).toEqual([slice[0], slice[slice.length - 1]]);
    },
  );

  test('reads as the spec words it', () => {
    expect(showingText(pageWindow(3, 25))).toBe('Showing 21 to 25 of 25 results');
    expect(showingText(pageWindow(1, 25))).toBe('Showing 1 to 10 of 25 results');
  });
});

describe('page numbers with ellipses', () => {
  test.prop([fc.integer({ min: 1, max: 300 }).chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 1, max: count })))])(
    'always the first, the last and the current page with its neighbours, an ellipsis exactly where pages are skipped',
    ([count, current]) => {
      const items = pageItems(current, count);
      const pages = items.flatMap((item) => (item.kind === 'page' ? [item.page] : []));
      expect(pages[0]).toBe(1);
      expect(pages[pages.length - 1]).toBe(count);
      for (const near of [current - 1, current, current + 1]) if (near >= 1 && near <= count) expect(pages).toContain(near);
      expect(items.length).toBeLessThanOrEqual(7);
      items.forEach((item, i) => {
        if (item.kind !== 'ellipsis') return;
        const before = items[i - 1];
        const after = items[i + 1];
        expect(before?.kind === 'page' && after?.kind === 'page' && after.page - before.page > 1).toBe(true);
      });
      for (let i = 1; i < items.length; i += 1) {
        const [a, b] = [items[i - 1]!, items[i]!];
        if (a.kind === 'page' && b.kind === 'page') expect(b.page).toBe(a.page + 1);
      }
    },
  );

  test('three pages of Demo users show all three numbers', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3].map((page) => ({ kind: 'page', page })));
  });

  test('page 10 of 20 reads 1 … 9 10 11 … 20', () => {
    const text = pageItems(10, 20).map((item) => (item.kind === 'page' ? String(item.page) : '…'));
    expect(text).toEqual(['1', '…', '9', '10', '11', '…', '20']);
  });
});

