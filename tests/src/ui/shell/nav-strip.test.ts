import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { hiddenEdges, scrollToShow } from '../../../../src/ui/shell/nav-strip.ts';

describe('the navigation strip on a phone', () => {
  test('fades no side when everything fits, the end before it is scrolled, both sides midway, the start at the end', () => {
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 375, clientWidth: 375 })).toBe('none');
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 2000, clientWidth: 375 })).toBe('end');
    expect(hiddenEdges({ scrollLeft: 800, scrollWidth: 2000, clientWidth: 375 })).toBe('both');
    expect(hiddenEdges({ scrollLeft: 1625, scrollWidth: 2000, clientWidth: 375 })).toBe('start');
    // A phone's fractional scrolling stops a hair short of either end.
    expect(hiddenEdges({ scrollLeft: 1624.6, scrollWidth: 2000, clientWidth: 375 })).toBe('start');
    expect(hiddenEdges({ scrollLeft: 0.4, scrollWidth: 2000, clientWidth: 375 })).toBe('end');
  });

  test.prop([fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 100, max: 1000 }), fc.integer({ min: 0, max: 3000 })])(
    'a side fades exactly when links lie beyond it',
    (contentWidth, clientWidth, wanted) => {
      const scrollWidth = Math.max(contentWidth, clientWidth);
      const scrollLeft = Math.min(wanted, scrollWidth - clientWidth);
      const edges = hiddenEdges({ scrollLeft, scrollWidth, clientWidth });
      const before = scrollLeft > 1;
      const after = scrollWidth - (scrollLeft + clientWidth) > 1;
      expect(edges === 'start' || edges === 'both').toBe(before);
      expect(edges === 'end' || edges === 'both').toBe(after);
    },
  );

  test.prop([fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: 20, max: 300 }), fc.integer({ min: 0, max: 37 })])(
    // A link and the fades at both sides fit in the strip (300 + 2 × 37 < 375).
    "the current page's link, scrolled by what it answers, shows whole and clear of the fades",
    (left, width, padding) => {
      const strip = { left: 0, right: 375 };
      const by = scrollToShow(strip, { left, right: left + width }, padding);
      const shown = { left: left - by, right: left + width - by };
      expect(shown.left).toBeGreaterThanOrEqual(strip.left + padding);
      expect(shown.right).toBeLessThanOrEqual(strip.right - padding);
      // A link already clear of the fades stays where it is.
      if (left >= padding && left + width <= 375 - padding) expect(by).toBe(0);
    },
  );
});
