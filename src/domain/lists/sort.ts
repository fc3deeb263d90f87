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

/** How a list orders its rows by a column. */
export interface ListOrder<Row, Key extends string> {
  /** Ascending order of a column; ties go by `ties`, then by the rows' order as loaded. */
  compare: (key: Key) => (a: Row, b: Row) => number;
  /** The order of rows a column holds alike, whichever way the column sorts. */
  ties?: (a: Row, b: Row) => number;
}

/**
 * The rows in a list's sort (as loaded when there is none): the column in its
 * direction, then the ties' order, then the order they were loaded in. The list
 * machines sort with it, and the CSV export writes a list's rows in its order with it.
 */
export function sortListRows<Row, Key extends string>(rows: readonly Row[], sort: ListSort<Key> | null, order: ListOrder<Row, Key>): readonly Row[] {
  if (!sort) return rows;
  const compare = order.compare(sort.key);
  const ties = order.ties ?? (() => 0);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => sign * compare(a.row, b.row) || ties(a.row, b.row) || a.index - b.index)
    .map(({ row }) => row);
}
