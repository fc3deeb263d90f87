import { useEffect, useState } from 'react';

/** The sides of a strip that scrolls sideways beyond which it holds more than it shows. */
export type HiddenEdges = 'none' | 'start' | 'end' | 'both';

export interface StripMeasure {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

// Zoomed and phone screens scroll by fractions of a pixel, so the very end may stay a hair away.
const SLACK_PX = 1;

export function hiddenEdges({ scrollLeft, scrollWidth, clientWidth }: StripMeasure): HiddenEdges {
  const before = scrollLeft > SLACK_PX;
  const after = scrollLeft + clientWidth < scrollWidth - SLACK_PX;
  if (before) return after ? 'both' : 'start';
  return after ? 'end' : 'none';
}

/**
 * How far to scroll a strip so that an item in it shows whole, clear of the strip's
 * `padding` at either side (where its fades are); 0 when it already does.
 */
export function scrollToShow(strip: { left: number; right: number }, item: { left: number; right: number }, padding: number): number {
  if (item.left < strip.left + padding) return item.left - (strip.left + padding);
  if (item.right > strip.right - padding) return Math.min(item.right - (strip.right - padding), item.left - (strip.left + padding));
  return 0;
}

/**
 * The navigation as a strip on a phone: which of its sides hide more links (the
 * screen fades those sides, so a cut link reads as "more this way"), kept in step
 * as it scrolls, resizes and gains links; and the current page's link scrolled
 * into view when the page changes, so the strip shows where the person is.
 */
export function useNavStrip(strip: HTMLElement | null, path: string): HiddenEdges {
  const [edges, setEdges] = useState<HiddenEdges>('none');

  useEffect(() => {
    if (!strip) return;
    let shownFor: string | null = null;
    const update = () => {
      const current = strip.querySelector<HTMLElement>('[aria-current="page"]');
      if (current && shownFor !== path) {
        shownFor = path;
        const padding = parseFloat(getComputedStyle(strip).scrollPaddingInlineStart) || 0;
        strip.scrollLeft += scrollToShow(strip.getBoundingClientRect(), current.getBoundingClientRect(), padding);
      }
      setEdges(hiddenEdges(strip));
    };
    update();
    strip.addEventListener('scroll', update, { passive: true });
    // Links appear as the API's parts become known, saved views come and go, the window turns.
    const resized = new ResizeObserver(update);
    resized.observe(strip);
    const changed = new MutationObserver(update);
    changed.observe(strip, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-current'] });
    return () => {
      strip.removeEventListener('scroll', update);
      resized.disconnect();
      changed.disconnect();
    };
  }, [strip, path]);

  return edges;
}
