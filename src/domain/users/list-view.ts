import type { User } from '../../api/client';
import type { ListSort } from '../lists/sort.ts';
import { asciiCollationKeys } from './collation-key.ts';

/**
 * The user list's search and sort as plain functions (paging is in domain/lists). Searching runs on
 * every keystroke over up to 10,000 users, so the expensive parts are done once:
 * each row's lower-cased search text and sort keys when the list loads, and the
 * sort when the sort changes. A keystroke then only filters an already sorted array.
 */

export type SortKey = 'name' | 'email' | 'role';
export type Sort = ListSort<SortKey>;

/**
 * What the Password column and the Update modal show when a password is set: a
 * fixed mask, whatever the API answered. A company API that returns the stored
 * value (or a hash) must not have it printed.
 */
export const PASSWORD_MASK = '••••••••';

/** The mask when a password is set, else nothing. */
export function maskedPassword(user: Pick<User, 'password'>): string {
  return user.password ? PASSWORD_MASK : '';
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
