import { fromPromise } from 'xstate';
import { found, type CalendarEvent, type CrmClient } from '../api/client.ts';
import type { YearRequest } from '../domain/opportunities/rows.ts';
import { calendarMachine } from '../machines/calendar.ts';
import { loadYearFrom } from './load-year.ts';
import { logError, type Wiring } from './wiring.ts';

export const calendarFlow: Wiring<typeof calendarMachine> = ({ api }) =>
  calendarMachine.provide({ actors: { loadYear: loadYearFrom(api), loadEvents: loadEventsFrom(api) }, actions: { logError } });


/** The calendar's loadEvents actor: the events that touch the year, as the API sends them. */
export function loadEventsFrom(api: CrmClient) {
  return fromPromise<readonly CalendarEvent[], YearRequest>(({ input }) =>
    found(api.GET('/api/calendar/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query: { year: input.year } } })),
  );
}
