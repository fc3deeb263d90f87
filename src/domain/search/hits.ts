import type { components } from '../../api/schema';

/** One record the global search found. */
export type SearchHit = components['schemas']['SearchHit'];
export type SearchKind = SearchHit['kind'];

/** The global search asks the server only from this many characters on: fewer find nearly everything. */
export const MIN_SEARCH_LENGTH = 2;

/** Each kind in people's words, as a hit's label reads. */
export const KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  opportunity: 'Opportunity',
  customer: 'Customer',
  activity: 'Activity',
  event: 'Event',
  salesperson: 'Salesperson',
  user: 'User',
};

/**
 * Where a hit opens: the record pages of opportunities and customers, the editors of
 * activities and events, Edit Salesperson for those who may open it (section 6) and
 * otherwise the salesperson list searched for the name, and the user list searched
 * for the user's e-mail (users are edited in its modal).
 */
export function hrefOfHit(hit: SearchHit, { manager }: { manager: boolean }): string {
  switch (hit.kind) {
    case 'opportunity':
      return `/opportunity/${hit.id}`;
    case 'customer':
      return `/customer/${hit.id}`;
    case 'activity':
      return `/edit-Activity/${hit.id}`;
    case 'event':
      return `/edit-Calendar/${hit.id}`;
    case 'salesperson':
      return manager ? `/edit-Salesperson/${hit.id}` : `/salesperson?${new URLSearchParams({ search: hit.title })}`;
    case 'user':
      return `/user?${new URLSearchParams({ search: hit.detail })}`;
  }
}
