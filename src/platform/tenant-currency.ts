import { found, type CrmClient } from '../api/client.ts';

/**
 * The tenant's currency for every amount on every screen: asked of the API once
 * per signed-in page (GET /api/tenant/settings) when the API offers that part;
 * against an API without tenant settings, or while the answer is on its way, the configured default.
 */
export interface TenantCurrency {
  current(): string;
  subscribe(listener: () => void): () => void;
  /** Asks the API, once; later calls do nothing. */
  load(): void;
  /** What the settings screen saved. */
  set(code: string): void;
}

export function createTenantCurrency(quietApi: CrmClient, fallback: string, offersSettings: () => Promise<boolean>): TenantCurrency {
  let currency = fallback;
  let asked = false;
  const listeners = new Set<() => void>();
  const set = (code: string) => {
    if (code === currency) return;
    currency = code;
    for (const listener of listeners) listener();
  };
  return {
    current: () => currency,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load() {
      if (asked) return;
      asked = true;
      offersSettings()
        .then((offered) => (offered ? found(quietApi.GET('/api/tenant/settings')) : undefined))
        .then(
          (settings) => settings && set(settings.currency),
          (error: unknown) => console.info('No tenant settings; amounts are in the default currency', error),
        );
    },
    set,
  };
}
