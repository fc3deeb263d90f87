import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { SortHeader } from './SortHeader.tsx';

/** A list machine that sorts by one column at a time: its `sort` (none yet, for some) and `sort.toggle`. */
export interface SortableList<Key extends string> extends Pick<AnyActorRef, 'subscribe'> {
  getSnapshot(): { context: { sort?: { key: Key; direction: 'ascending' | 'descending' } | null } };
  send(event: { type: 'sort.toggle'; key: Key }): void;
}

/** A list's sortable column header: its order read from the list machine, a press sends `sort.toggle`. */
export function ListSortHeader<Key extends string>({ list, column, label, numeric }: { list: SortableList<Key>; column: Key; label: string; numeric?: boolean }) {
  const direction = useSelector(list, (state) => (state.context.sort?.key === column ? state.context.sort.direction : 'none'));
  return <SortHeader label={label} numeric={numeric} direction={direction} onToggle={() => list.send({ type: 'sort.toggle', key: column })} />;
}

/** The one row of a table with nothing to show, across all its columns. */
export function EmptyRow({ columns, children = 'No data available' }: { columns: number; children?: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="table-empty">
        {children}
      </td>
    </tr>
  );
}
