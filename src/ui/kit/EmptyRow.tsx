import type { ReactNode } from 'react';

/** A table's one row when nothing matches: a cell across every column with what to say. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="table-empty">
        {children}
      </td>
    </tr>
  );
}
