import type { User } from '../../api/client';
import type { ListSort } from '../lists/sort.ts';
import { asciiCollationKeys } from './collation-key.ts';

/**
 * The user list's search and sort of one row as plain functions (the list kit's machine
 * pages, sorts and filters with them). Searching runs on every keystroke over up to
 * 10,000 users, so the expensive parts are done once: each row's lower-cased search
 * text and sort keys when the list loads.
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

/** Whether the row's name, e-mail or role label holds the search text (trimmed and lowercase already). */
export function rowMatches(row: UserRow, needle: string): boolean {
  return row.searchText.includes(needle);
}
