import { fromCallback, fromPromise } from 'xstate';
import { found, type Activity } from '../api/client.ts';
import { writeOfActivity } from '../domain/activities/editor.ts';
import type { BrowserListEvent, ListLoadRequest } from '../machines/browser-list.ts';
import { activityListMachine, type ActivitySortKey } from '../machines/activity-list.ts';
import { addressKeeperOf } from './address-keeper.ts';
import { logError, type Wiring } from './wiring.ts';

// Often enough that an activity turns overdue within the minute it falls due.
const CLOCK_INTERVAL_MS = 30_000;

export const activityListFlow: Wiring<typeof activityListMachine> = (services) =>
  activityListMachine.provide({
    actors: {
      keepAddress: addressKeeperOf(services, '/activity'),
      loadRows: fromPromise<readonly Activity[], ListLoadRequest>(({ input }) =>
        found(services.api.GET('/api/activities/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
      saveRow: fromPromise<Activity, { row: Activity }>(({ input }) =>
        found(services.api.PUT('/api/activities/{id}', { params: { path: { id: input.row.id } }, body: writeOfActivity(input.row) })),
      ),
      clock: fromCallback<BrowserListEvent<Activity, ActivitySortKey>>(({ sendBack }) => {
        const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), CLOCK_INTERVAL_MS);
        return () => clearInterval(timer);
      }),
    },
    actions: { logError },
  });
