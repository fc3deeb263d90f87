/** The opportunity list's sort (the server searches, sorts and pages: GET /api/opportunities/page). */

export type OpportunitySortKey = 'date' | 'customer' | 'salesperson' | 'stage' | 'revenue' | 'weighted';
export type SortDirection = 'ascending' | 'descending';
export interface OpportunitySort {
  key: OpportunitySortKey;
  direction: SortDirection;
}

/** Newest first: what a person opening the list wants to see. */
export const DEFAULT_OPPORTUNITY_SORT: OpportunitySort = { key: 'date', direction: 'descending' };

// Amounts and dates are read largest or latest first; names from A.
const FIRST_DIRECTION: Record<OpportunitySortKey, SortDirection> = {
  date: 'descending',
  revenue: 'descending',
  weighted: 'descending',
  customer: 'ascending',
  salesperson: 'ascending',
  stage: 'ascending',
};

/** Clicking a header: a new column sorts in its natural direction, the same column flips. */
export function nextOpportunitySort(current: OpportunitySort, key: OpportunitySortKey): OpportunitySort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: FIRST_DIRECTION[key] };
}
