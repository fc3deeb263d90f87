import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { pageItems, pageSlice, pageWindow, showingText } from '../../../../src/domain/lists/paging.ts';

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

