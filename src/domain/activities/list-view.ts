import type { Activity } from '../../api/client';
import type { ListOrder } from '../lists/sort.ts';
import { isOverdue, kindLabel } from './activity.ts';

/** The list's views: what is still to do (overdue included), only the overdue, the done, or all. */
export type ActivityFilter = 'todo' | 'overdue' | 'done' | 'all';

export const ACTIVITY_FILTERS: readonly { filter: ActivityFilter; label: string }[] = [
  { filter: 'todo', label: 'To do' },
  { filter: 'overdue', label: 'Overdue' },
  { filter: 'done', label: 'Done' },
  { filter: 'all', label: 'All' },
];

export function matchesFilter(activity: Activity, filter: ActivityFilter, now: number): boolean {
  switch (filter) {
    case 'todo':
      return !activity.done;
    case 'overdue':
      return isOverdue(activity, now);
    case 'done':
      return activity.done;
    case 'all':
      return true;
  }
}

/** Whether the subject, kind, salesperson or linked customer contains the search text, ignoring case. */
export function matchesSearch(activity: Pick<Activity, 'subject' | 'kind' | 'salesperson_name' | 'customer'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [activity.subject, kindLabel(activity.kind), activity.salesperson_name, activity.customer ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** How many activities each view holds, for the filter buttons. */
export function countsByFilter(activities: readonly Activity[], now: number): Record<ActivityFilter, number> {
  const counts: Record<ActivityFilter, number> = { todo: 0, overdue: 0, done: 0, all: 0 };
  for (const activity of activities) {
    for (const { filter } of ACTIVITY_FILTERS) if (matchesFilter(activity, filter, now)) counts[filter] += 1;
  }
  return counts;
}

/** The activity list's columns that sort. */
export const ACTIVITY_SORT_KEYS = ['kind', 'subject', 'due', 'salesperson'] as const;
export type ActivitySortKey = (typeof ACTIVITY_SORT_KEYS)[number];

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** What the activity list sorts by. */
export type SortedActivity = Pick<Activity, 'kind' | 'subject' | 'due_at' | 'salesperson_name'>;

/** The activity list's order: by a column (the kind as people read it), ties as loaded (by due time, then id). */
export const ACTIVITY_LIST_ORDER: ListOrder<SortedActivity, ActivitySortKey> = {
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
};
