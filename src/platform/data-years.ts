import { found, type CrmClient } from '../api/client.ts';

/**
 * The years holding any of the tenant's opportunities or calendar events, for the year
 * choices of the lists, the board, the counts and the calendar (GET /api/opportunities/years),
 * so that a deal or an event dated in any year can be found. Asked again each time a year choice appears, since a save elsewhere
 * may have added a year; against an API without the board's part, none (the choices then
 * offer 2025 to the current year, as the dashboard does).
 */
export interface DataYears {
  current(): readonly number[];
  subscribe(listener: () => void): () => void;
  /** Asks the API for the tenant's years. */
  refresh(tenantId: number): void;
}

const NONE: readonly number[] = [];

export function createDataYears(quietApi: CrmClient, offersYears: () => Promise<boolean>): DataYears {
  let years = NONE;
  const listeners = new Set<() => void>();
  return {
    current: () => years,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh(tenantId) {
      if (tenantId === 0) return;
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      offersYears()
        .then((offered) =>
          offered ? found(quietApi.GET('/api/opportunities/years/{tenant_id}', { params: { path: { tenant_id: tenantId }, query: { zone } } })) : undefined,
        )
        .then(
          (answer) => {
            if (!answer || answer.join() === years.join()) return;
            years = answer;
            for (const listener of listeners) listener();
          },
          (error: unknown) => console.info('The years holding opportunities are unknown; the year choices offer 2025 to now', error),
        );
    },
  };
}
