import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Activity } from '../api/client';
import { visibleActivities, type ActivityFilter } from '../domain/activities/list-view';
import { clampPage, pageCount } from '../domain/lists/paging.ts';

export interface ActivityListContext {
  tenantId: number;
  /** The clock's last reading (ms): what "overdue" is measured against. */
  now: number;
  activities: readonly Activity[];
  filter: ActivityFilter;
  search: string;
  /** Rows marked done or not done since the view was chosen; they stay shown. */
  kept: readonly number[];
  /** `activities` in the chosen view. */
  visible: readonly Activity[];
  /** The page of `visible` shown, ten rows each, from 1. */
  page: number;
  /** The row whose done mark is being saved, and what it was before. */
  pending: { id: number; done: boolean } | null;
}

export type ActivityListEvent =
  | { type: 'search.change'; value: string }
  | { type: 'filter.change'; filter: ActivityFilter }
  | { type: 'activity.done.toggle'; id: number }
  | { type: 'activities.reload' }
  | { type: 'clock.tick'; now: number }
  | { type: 'page.go'; page: number }
  | { type: 'page.previous' }
  | { type: 'page.next' };

/** The change with the rows it leaves in view, and a page that still exists. */
const withVisible = (context: ActivityListContext, change: Partial<ActivityListContext>): Partial<ActivityListContext> => {
  const next = { ...context, ...change };
  const visible = visibleActivities(next.activities, next);
  return { ...change, visible, page: clampPage(next.page, visible.length) };
};

const withDone = (activities: readonly Activity[], id: number, done: boolean) =>
  activities.map((activity) => (activity.id === id ? { ...activity, done } : activity));

/**
 * The activity list (/activity): the tenant's activities by due time, loaded once
 * per visit, in one of four views (To do, Overdue, Done, All), searchable and paged
 * by ten.
 * A row is marked done or not done right away and saved after; the row stays in
 * view until the view changes, and a failed save puts the mark back. The clock
 * is an actor, so "overdue" moves with time and tests can set the time.
 */
export const activityListMachine = setup({
  types: {
    input: {} as { tenantId: number; now: number },
    context: {} as ActivityListContext,
    events: {} as ActivityListEvent,
    tags: {} as 'loading' | 'saving',
  },
  actors: {
    loadActivities: fromPromise<Activity[], { tenantId: number }>(async () => {
      throw new Error('loadActivities must be provided');
    }),
    saveDone: fromPromise<Activity, { activity: Activity }>(async () => {
      throw new Error('saveDone must be provided');
    }),
    /** Sends clock.tick now and then; without one the time stays as given. */
    clock: fromCallback<ActivityListEvent>(() => {}),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    acceptActivities: assign(({ context }, params: { activities: readonly Activity[] }) =>
      withVisible(context, { activities: params.activities, kept: [] }),
    ),
    search: assign(({ context, event }) => {
      assertEvent(event, 'search.change');
      return withVisible(context, { search: event.value, kept: [], page: 1 });
    }),
    chooseFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.change');
      return withVisible(context, { filter: event.filter, kept: [], page: 1 });
    }),
    tick: assign(({ context, event }) => {
      assertEvent(event, 'clock.tick');
      return withVisible(context, { now: event.now });
    }),
    markRow: assign(({ context, event }) => {
      assertEvent(event, 'activity.done.toggle');
      const done = context.activities.find((activity) => activity.id === event.id)!.done;
      return withVisible(context, {
        activities: withDone(context.activities, event.id, !done),
        kept: context.kept.includes(event.id) ? context.kept : [...context.kept, event.id],
        pending: { id: event.id, done },
      });
    }),
    acceptSaved: assign(({ context }, params: { activity: Activity }) =>
      withVisible(context, {
        activities: context.activities.map((activity) => (activity.id === params.activity.id ? params.activity : activity)),
        pending: null,
      }),
    ),
    restoreRow: assign(({ context }) =>
      withVisible(context, { activities: withDone(context.activities, context.pending!.id, context.pending!.done), pending: null }),
    ),
    goToPage: assign(({ context, event }) => {
      assertEvent(event, 'page.go');
      return { page: clampPage(event.page, context.visible.length) };
    }),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
  },
  guards: {
    isEmpty: (_, params: { activities: readonly Activity[] }) => params.activities.length === 0,
    isListed: ({ context, event }) => {
      assertEvent(event, 'activity.done.toggle');
      return context.activities.some((activity) => activity.id === event.id);
    },
    hasPreviousPage: ({ context }) => context.page > 1,
    hasNextPage: ({ context }) => context.page < pageCount(context.visible.length),
  },
}).createMachine({
  id: 'activityList',
  context: ({ input }) => ({
    tenantId: input.tenantId,
    now: input.now,
    activities: [],
    filter: 'todo',
    search: '',
    kept: [],
    visible: [],
    page: 1,
    pending: null,
  }),
  invoke: { src: 'clock' },
  on: { 'clock.tick': { actions: 'tick' } },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadActivities',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        onDone: [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ activities: event.output }) }, target: 'empty' },
          { target: 'ready', actions: { type: 'acceptActivities', params: ({ event }) => ({ activities: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      on: {
        'search.change': { actions: 'search' },
        'filter.change': { actions: 'chooseFilter' },
        'page.go': { actions: 'goToPage' },
        'page.previous': { guard: 'hasPreviousPage', actions: 'previousPage' },
        'page.next': { guard: 'hasNextPage', actions: 'nextPage' },
      },
      initial: 'idle',
      states: {
        idle: {
          on: { 'activity.done.toggle': { guard: 'isListed', target: 'saving', actions: 'markRow' } },
        },
        // One save at a time: the marks wait, so two saves of one row never race.
        saving: {
          tags: ['saving'],
          invoke: {
            src: 'saveDone',
            input: ({ context }) => ({ activity: context.activities.find((activity) => activity.id === context.pending!.id)! }),
            onDone: { target: 'idle', actions: { type: 'acceptSaved', params: ({ event }) => ({ activity: event.output }) } },
            onError: {
              target: 'idle',
              actions: ['restoreRow', { type: 'logError', params: ({ event }) => ({ error: event.error }) }],
            },
          },
        },
      },
    },
    empty: { on: { 'activities.reload': 'loading' } },
    failed: { on: { 'activities.reload': 'loading' } },
  },
});
