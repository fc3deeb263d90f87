import { fromPromise } from 'xstate';
import { found, type CalendarEvent, type CrmClient } from '../api/client.ts';
import type { YearRequest } from '../domain/opportunities/rows.ts';

/** The calendar's loadEvents actor: the events that touch the year, as the API sends them. */
export function loadEventsFrom(api: CrmClient) {
  return fromPromise<readonly CalendarEvent[], YearRequest>(({ input }) =>
    found(api.GET('/api/calendar/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query: { year: input.year } } })),
  );
}
