/** A list's sort: a column and a direction. */

export type SortDirection = 'ascending' | 'descending';
export interface ListSort<Key extends string> {
  key: Key;
  direction: SortDirection;
}

/** Clicking a header: a new column sorts ascending, the same column flips direction. */
export function nextSort<Key extends string>(current: ListSort<Key> | null, key: Key): ListSort<Key> {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: 'ascending' };
}
