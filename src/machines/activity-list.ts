import type { Activity } from '../api/client';
import { ACTIVITY_FILTERS, ACTIVITY_LIST_ORDER, ACTIVITY_SORT_KEYS, matchesFilter, matchesSearch, type ActivityFilter, type ActivitySortKey } from '../domain/activities/list-view.ts';
import { browserListMachine } from './browser-list.ts';

/** The activity record the list shows, as the API sends it. */
export type { Activity, ActivitySortKey };

const isView = (value: string): value is ActivityFilter => ACTIVITY_FILTERS.some((entry) => entry.filter === value);

/**
 * The activity list (/activity): the tenant's activities, loaded once per visit,
 * in one of four views (To do, Overdue, Done, All; the address's `view`),
 * searchable, sortable (by due time first) and paged by ten; the address keeps
 * what it shows. A row is marked done or not done right away and saved after;
 * it stays in view until the view changes, and a failed save puts the mark back.
 * The clock is an actor, so "overdue" moves with time and tests can set the time.
 */
export const activityListMachine = browserListMachine<Activity, ActivitySortKey>({
  id: 'activityList',
  sortKeys: ACTIVITY_SORT_KEYS,
  defaultSort: { key: 'due', direction: 'ascending' },
  ...ACTIVITY_LIST_ORDER,
  matches: (activity, needle) => matchesSearch(activity, needle),
  filters: { view: { initial: () => 'todo', accepts: isView } },
  shows: (activity, filters, now) => matchesFilter(activity, filters.view as ActivityFilter, now),
  idOf: (activity) => activity.id,
  savesRows: true,
  ticks: true,
});
