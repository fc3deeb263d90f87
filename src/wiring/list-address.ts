import type { AnyActorRef } from 'xstate';
import type { AppServices } from '../platform/session-runtime.ts';
import { afterNextPaint } from '../platform/after-paint.ts';

/**
 * A list's writeAddress action: the list's query replaces the address's (no new
 * history entry, so Back leaves the list instead of undoing each keystroke). As the
 * dashboard's filters do, the address follows once the list's new rows have been
 * painted: writing it is not free (the browser's history, the router's listeners), and
 * a person waits for the rows, not for the address bar. Of writes asked for before
 * a paint, the last one is made, and only while the list is still running: a person who
 * leaves the list before that paint has an address of another screen, not to be replaced.
 */
export function listAddressWriter(services: Pick<AppServices, 'navigate'>, path: string) {
  let cancel = () => {};
  return ({ self }: { self: AnyActorRef }, { query }: { query: string }) => {
    cancel();
    cancel = afterNextPaint(() => {
      if (self.getSnapshot().status !== 'active') return;
      services.navigate(query === '' ? path : `${path}?${query}`, { replace: true });
    });
  };
}
