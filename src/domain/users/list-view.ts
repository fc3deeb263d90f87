import type { User } from '../../api/client';
import { asciiCollationKeys } from './collation-key.ts';

/**
 * The user list's search, sort and paging as plain functions. Searching runs on
 * every keystroke over up to 10,000 users, so the expensive parts are done once:
 * each row's lower-cased search text and sort keys when the list loads, and the
 * sort when the sort changes. A keystroke then only filters an already sorted array.
 */

export const PAGE_SIZE = 10;

export type SortKey = 'name' | 'email' | 'role';
export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** A user with what searching and sorting it need, computed once. */
export interface UserRow {
  user: User;
  searchText: string;
  /** Per sortable column, the collation key of its text (see collation-key.ts), or null for the collator. */
  sortKeys: Record<SortKey, string | null>;
}

/** Names and e-mails sort as people read them: case ignored, numbers by value ('User 2' before 'User 10'). */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const collationKeyOf = asciiCollationKeys(collator) ?? (() => null);

export function toRows(users: readonly User[]): UserRow[] {
  return users.map((user) => ({
    user,
    // The unit separator cannot be typed into the search box, so no match spans two fields.
    searchText: `${user.name}\u001f${user.email}\u001f${user.role}`.toLowerCase(),
    sortKeys: { name: collationKeyOf(user.name), email: collationKeyOf(user.email), role: collationKeyOf(user.role) },
  }));
}

/** The collator's order of two rows' texts in a column, through their keys where both have one. */
export function compareRows(a: UserRow, b: UserRow, key: SortKey): number {
  const keyA = a.sortKeys[key];
  const keyB = b.sortKeys[key];
  if (keyA === null || keyB === null) return collator.compare(a.user[key], b.user[key]);
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}

/** The rows in the order of the sort, or as the server sent them when unsorted; a new array. */
export function sortRows(rows: readonly UserRow[], sort: Sort | null): UserRow[] {
  if (!sort) return rows.slice();
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const key = sort.key;
  // Array.prototype.sort is stable, so equal values keep the server's order.
  return rows.slice().sort((a, b) => sign * compareRows(a, b, key));
}

/** The rows whose name, e-mail or role label contains the search text, in their order. */
export function filterRows(rows: readonly UserRow[], search: string): readonly UserRow[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return rows;
  return rows.filter((row) => row.searchText.includes(needle));
}

/** Clicking a header: a new column sorts ascending, the same column flips direction. */
export function nextSort(current: Sort | null, key: SortKey): Sort {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: 'ascending' };
}

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** A page number kept within 1..pageCount. */
export function clampPage(page: number, total: number, size = PAGE_SIZE): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), pageCount(total, size));
}

export interface PageWindow {
  /** 1-based number of the first row shown, 0 when there is none. */
  from: number;
  /** 1-based number of the last row shown, 0 when there is none. */
  to: number;
  total: number;
}

export function pageWindow(page: number, total: number, size = PAGE_SIZE): PageWindow {
  if (total === 0) return { from: 0, to: 0, total };
  const first = (clampPage(page, total, size) - 1) * size;
  return { from: first + 1, to: Math.min(first + size, total), total };
}

/** 'Showing X to Y of Z results' */
export function showingText({ from, to, total }: PageWindow): string {
  return `Showing ${from} to ${to} of ${total} results`;
}

export function pageSlice<T>(rows: readonly T[], page: number, size = PAGE_SIZE): readonly T[] {
  const first = (clampPage(page, rows.length, size) - 1) * size;
  return rows.slice(first, first + size);
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'ellipsis'; key: 'before' | 'after' };

/**
 * The page buttons: all of them when there are at most seven, otherwise the
 * first, the last, and the current page with its neighbours, with an ellipsis
 * wherever pages are left out. Near either end five pages show so that the
 * number of buttons stays the same while paging.
 */
export function pageItems(current: number, count: number): PageItem[] {
  const page = (n: number): PageItem => ({ kind: 'page', page: n });
  if (count <= 7) return Array.from({ length: count }, (_, i) => page(i + 1));
  const at = Math.min(Math.max(1, current), count);
  let start = Math.max(2, at - 1);
  let end = Math.min(count - 1, at + 1);
  if (at <= 4) {
    start = 2;
    end = 5;
  } else if (at >= count - 3) {
    start = count - 4;
    end = count - 1;
  }
  const items: PageItem[] = [page(1)];
  if (start > 2) items.push({ kind: 'ellipsis', key: 'before' });
  for (let n = start; n <= end; n += 1) items.push(page(n));
  if (end < count - 1) items.push({ kind: 'ellipsis', key: 'after' });
  items.push(page(count));
  return items;
}
