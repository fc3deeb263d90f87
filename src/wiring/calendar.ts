import { fromCallback, fromPromise } from 'xstate';
import { found, type CalendarEvent, type CrmClient } from '../api/client.ts';
import { dayTotalsOfDays } from '../domain/opportunities/calendar.ts';
import type { YearRequest } from '../domain/opportunities/rows.ts';
import { calendarMachine, type CalendarMachineEvent, type YearDays } from '../machines/calendar.ts';
import type { DataYears } from '../platform/data-years.ts';
import { logError, type Wiring } from './wiring.ts';

export const calendarFlow: Wiring<typeof calendarMachine> = ({ api, dataYears }) =>
  calendarMachine.provide({
    actors: { loadYear: loadDaysFrom(api), loadEvents: loadEventsFrom(api), watchYears: watchYearsOf(dataYears) },
    actions: { logError },
  });

/** The calendar's loadYear actor: the opportunities of each day of the year, counted and summed by the server, in the browser's time zone. */
function loadDaysFrom(api: CrmClient) {
  return fromPromise<YearDays, YearRequest>(async ({ input }) => {
    const query = { year: input.year, zone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    return dayTotalsOfDays(await found(api.GET('/api/opportunities/days/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query } })));
  });
}

/** The calendar's loadEvents actor: the events that touch the year, as the API sends them. */
export function loadEventsFrom(api: CrmClient) {
  return fromPromise<readonly CalendarEvent[], YearRequest>(({ input }) =>
    found(api.GET('/api/calendar/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query: { year: input.year } } })),
  );
}

/** The calendar's watchYears actor: the years holding data as the app's store knows them, asked again as the calendar opens. */
function watchYearsOf(dataYears: DataYears) {
  return fromCallback<CalendarMachineEvent, { tenantId: number }>(({ sendBack, input }) => {
    const tell = () => sendBack({ type: 'years.change', years: dataYears.current() });
    const stop = dataYears.subscribe(tell);
    tell();
    dataYears.refresh(input.tenantId);
    return stop;
  });
}
