/**
 * Holds the person on a page with unsaved changes: a click on a link of the app and
 * the browser's Back or Forward are stopped and handed to `onLeave` with the address
 * they were going to (the page asks, then moves there itself); a reload, closing the
 * tab or a link out of the app get the browser's own question. Returns the release.
 */
const popGuards = new WeakMap<Window, { current: ((event: PopStateEvent) => void) | null }>();

/**
 * The one listener through which a guard sees Back and Forward. A window's listeners
 * of an event run in the order they were added, whatever their capture flag, so only
 * a listener added before the router's can keep the router from seeing the move:
 * main.tsx calls this before anything renders.
 */
export function listenForLeaving(win: Window = window): { current: ((event: PopStateEvent) => void) | null } {
  let slot = popGuards.get(win);
  if (!slot) {
    const created: { current: ((event: PopStateEvent) => void) | null } = { current: null };
    win.addEventListener('popstate', (event) => created.current?.(event));
    popGuards.set(win, created);
    slot = created;
  }
  return slot;
}

export function guardLeaving(onLeave: (to: string) => void, win: Window = window): () => void {
  const { document, history, location } = win;
  const here = () => location.pathname + location.search + location.hash;
  const current = here();

  // Capturing on the document runs before the router's own click handling.
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
    if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    // A link out of the app unloads the page, which beforeunload asks about.
    if (url.origin !== location.origin) return;
    const to = url.pathname + url.search + url.hash;
    if (to === current) return;
    event.preventDefault();
    event.stopPropagation();
    onLeave(to);
  };

  // The address has already changed when popstate comes: the router must not see it
  // (listenForLeaving runs before it), and the form's address goes back into the
  // address bar while the person decides.
  const onPopState = (event: PopStateEvent) => {
    const to = here();
    if (to === current) return;
    event.stopImmediatePropagation();
    history.pushState(history.state, '', current);
    onLeave(to);
  };

  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  };

  const backAndForward = listenForLeaving(win);
  document.addEventListener('click', onClick, true);
  backAndForward.current = onPopState;
  win.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    document.removeEventListener('click', onClick, true);
    if (backAndForward.current === onPopState) backAndForward.current = null;
    win.removeEventListener('beforeunload', onBeforeUnload);
  };
}
