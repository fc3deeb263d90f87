import { fromCallback, fromPromise } from 'xstate';
import { found } from '../api/client.ts';
import { writeOfActivity } from '../domain/activities/editor.ts';
import { activityListMachine, type ActivityListEvent } from '../machines/activity-list.ts';
import { logError, type Wiring } from './wiring.ts';

// Often enough that an activity turns overdue within the minute it falls due.
const CLOCK_INTERVAL_MS = 30_000;

export const activityListFlow: Wiring<typeof activityListMachine> = ({ api }) =>
  activityListMachine.provide({
    actors: {
      loadActivities: fromPromise(({ input }) =>
        found(api.GET('/api/activities/getAllData/{tenant_id}', { params: { path: { tenant_id: input.tenantId } } })),
      ),
      saveDone: fromPromise(({ input }) =>
        found(api.PUT('/api/activities/{id}', { params: { path: { id: input.activity.id } }, body: writeOfActivity(input.activity) })),
      ),
      clock: fromCallback<ActivityListEvent>(({ sendBack }) => {
        const timer = setInterval(() => sendBack({ type: 'clock.tick', now: Date.now() }), CLOCK_INTERVAL_MS);
        return () => clearInterval(timer);
      }),
    },
    actions: { logError },
  });
