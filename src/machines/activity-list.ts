import type { Activity } from '../api/client';
import { kindLabel } from '../domain/activities/activity.ts';
import { ACTIVITY_FILTERS, matchesFilter, matchesSearch, type ActivityFilter } from '../domain/activities/list-view.ts';
import { browserListMachine } from './browser-list.ts';

/** The activity record the list shows, as the API sends it. */
export type { Activity };

export type ActivitySortKey = 'kind' | 'subject' | 'due' | 'salesperson';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
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
  sortKeys: ['kind', 'subject', 'due', 'salesperson'],
  defaultSort: { key: 'due', direction: 'ascending' },
  compare: (key) => {
    switch (key) {
      case 'kind':
        return (a, b) => collator.compare(kindLabel(a.kind), kindLabel(b.kind));
      case 'subject':
        return (a, b) => collator.compare(a.subject, b.subject);
      case 'due':
        return (a, b) => Date.parse(a.due_at) - Date.parse(b.due_at);
      case 'salesperson':
        return (a, b) => collator.compare(a.salesperson_name, b.salesperson_name);
    }
  },
  matches: (activity, needle) => matchesSearch(activity, needle),
  filters: { view: { initial: () => 'todo', accepts: isView } },
  shows: (activity, filters, now) => matchesFilter(activity, filters.view as ActivityFilter, now),
  idOf: (activity) => activity.id,
  savesRows: true,
  ticks: true,
});
