/** Paging any list: pages of ten, the window shown, and the page buttons. */

export const PAGE_SIZE = 10;

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
