import type { Activity, ActivityKind } from '../../api/client';
import { ACTIVITY_KIND_IDS } from '../rules/records.ts';

/** The kinds in the order the editor offers them, with the words the screens use. */
export const ACTIVITY_KINDS: readonly { kind: ActivityKind; label: string }[] = [
  { kind: 'call', label: 'Call' },
  { kind: 'meeting', label: 'Meeting' },
  { kind: 'email', label: 'E-mail' },
  { kind: 'task', label: 'Task' },
  { kind: 'deadline', label: 'Deadline' },
];

export function kindLabel(kind: ActivityKind): string {
  return ACTIVITY_KINDS.find((entry) => entry.kind === kind)?.label ?? kind;
}

export function isActivityKind(value: string): value is ActivityKind {
  return (ACTIVITY_KIND_IDS as readonly string[]).includes(value);
}

/**
 * Overdue: not done and due before now. `now` is passed in, never read here, so
 * the rule is the same in tests, in the list and on any clock.
 */
export function isOverdue(activity: Pick<Activity, 'done' | 'due_at'>, now: number): boolean {
  return !activity.done && Date.parse(activity.due_at) < now;
}
