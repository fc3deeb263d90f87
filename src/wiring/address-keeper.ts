import { fromCallback } from 'xstate';
import type { AddressWrite } from '../machines/address-keeper.ts';
import type { AppServices } from '../platform/session-runtime.ts';
import { afterNextPaint } from '../platform/after-paint.ts';

/**
 * A screen's keepAddress actor: the screen's query replaces the address's (no new
 * history entry, so Back leaves the screen instead of undoing each keystroke). The
 * address follows once the screen's new rows or chart have been painted: writing it
 * is not free (the browser's history, the router's listeners), and a person waits for
 * what they asked to see, not for the address bar. Of writes asked for before a
 * paint, the last one is made; the keeper stops with the screen's machine, and a write
 * not yet made is dropped then: a person who leaves before that paint has the address
 * of another screen, not to be replaced.
 */
export function addressKeeperOf(services: Pick<AppServices, 'navigate'>, path: string) {
  return fromCallback<AddressWrite>(({ receive }) => {
    let cancel = () => {};
    receive(({ query }) => {
      cancel();
      cancel = afterNextPaint(() => services.navigate(query === '' ? path : `${path}?${query}`, { replace: true }));
    });
    return () => cancel();
  });
}
