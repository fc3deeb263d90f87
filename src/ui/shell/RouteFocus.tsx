import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/** How long a new screen may take to put up its heading (a lazily loaded chunk on a slow phone). */
const HEADING_WAIT_MS = 10_000;

/**
 * After every route change (not the first page load), focus moves to the new
 * screen's heading and a polite live region names it, so a screen reader says
 * that the page changed and where the person now is.
 */
export function RouteFocus() {
  const [path] = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const firstPath = useRef(path);

  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = '';
    let done = false;
    const place = (): boolean => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus();
      setAnnouncement(heading.textContent ?? '');
      return true;
    };
    if (place()) return;
    // The screen's chunk or its guard may still be on the way: wait for the heading.
    const observer = new MutationObserver(() => {
      if (!done && place()) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [path]);

  return (
    <div role="status" aria-label="Page announcements" className="visually-hidden">
      {announcement}
    </div>
  );
}
