import type { components } from '../../api/schema';

export type SavedView = components['schemas']['SavedView'];
export type SavedViewBody = components['schemas']['SavedViewBody'];
export type ViewList = SavedView['list'];

/** The list screens a view can be saved of, by route. */
export const VIEW_LIST_ROUTES: Readonly<Record<ViewList, string>> = {
  opportunity: '/opportunity',
  customer: '/customer',
  activity: '/activity',
  salesperson: '/salesperson',
  team: '/team',
  user: '/user',
};

/** Where a saved view opens: its list with its query. */
export function hrefOfView(view: Pick<SavedView, 'list' | 'query'>): string {
  const path = VIEW_LIST_ROUTES[view.list];
  return view.query === '' ? path : `${path}?${view.query}`;
}

/** A view's name, checked as the server does (1 to 80 characters, not only spaces); the problem in words, or null. */
export function viewNameProblem(name: string, views: readonly Pick<SavedView, 'name'>[]): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'The view needs a name.';
  if (trimmed.length > 80) return 'A view name has at most 80 characters.';
  if (views.some((view) => view.name.toLowerCase() === trimmed.toLowerCase())) return `You already have a view named "${trimmed}".`;
  return null;
}
