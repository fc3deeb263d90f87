import { fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { dashboardMachine } from '../machines/dashboard.ts';
import { afterNextPaint } from '../platform/after-paint.ts';
import { addressKeeperOf } from './address-keeper.ts';
import type { Wiring } from './wiring.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The dashboard's flow; its calls fail quietly (the screen shows the failure), and the address follows the filters. */
export const dashboardFlow: Wiring<typeof dashboardMachine> = (services) => {
  const { quietApi } = services;
  return dashboardMachine.provide({
    actors: {
      keepAddress: addressKeeperOf(services, '/dashboard'),
      // A load the machine has stopped (another year chosen, the screen left) is given up, so
      // its megabytes do not hold the line the next one needs.
      loadOpportunities: fromPromise(async ({ input, signal }) => {
        // The chart reaches the screen first: the analysis's answer is megabytes to read.
        if (input.behindChart) await new Promise<void>((resolve) => afterNextPaint(resolve));
        return found(quietApi.POST('/api/opportunities/anlaysis', { body: { year: input.year, tenantId: input.tenantId }, signal }));
      }),
      // The year's days and the year before's side by side: a few kilobytes each, in the browser's time zone.
      loadDays: fromPromise(async ({ input, signal }) => {
        const daysOf = (year: number) =>
          found(quietApi.GET('/api/opportunities/days/{tenant_id}', { params: { path: { tenant_id: input.tenantId }, query: { year, zone: browserZone() } }, signal }));
        const [year, lastYear] = await Promise.all([daysOf(input.year), daysOf(input.year - 1)]);
        return { year, lastYear };
      }),
      loadSalespersons: fromPromise(({ input }) =>
        found(quietApi.GET('/api/salespersons/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
    },
    actions: {
      logError: (_, { error }) => console.error('The dashboard data could not be loaded', error),
    },
  });
};
