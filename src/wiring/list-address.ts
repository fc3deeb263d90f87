import type { AppServices } from '../platform/session-runtime.ts';

/**
 * A list's writeAddress action: the list's query replaces the address's (no new
 * history entry, so Back leaves the list instead of undoing each keystroke).
 */
export function listAddressWriter(services: Pick<AppServices, 'navigate'>, path: string) {
  return (_: unknown, { query }: { query: string }) => services.navigate(query === '' ? path : `${path}?${query}`, { replace: true });
}
