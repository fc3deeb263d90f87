import { type RefObject, useLayoutEffect, useState } from 'react';

/** Spec section 9: the chart redraws 150 ms after a resize. */
export const REDRAW_DELAY_MS = 150;

/**
 * The element's width, updated only once resizing has paused for the delay,
 * so a drag of the window edge redraws the chart once, not on every frame.
 */
export function useSettledWidth(element: RefObject<HTMLElement | null>, delayMs = REDRAW_DELAY_MS): number {
  const [width, setWidth] = useState(0);
  // Measured before the first paint, so the first chart is drawn in the frame that shows its container.
  useLayoutEffect(() => {
    const target = element.current;
    if (!target) return;
    setWidth(target.clientWidth);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(target.clientWidth), delayMs);
    });
    observer.observe(target);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [element, delayMs]);
  return width;
}
