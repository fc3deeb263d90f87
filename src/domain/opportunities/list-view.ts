import type { OpportunityRow } from './rows.ts';

/**
 * The opportunity list's search and sort as plain functions. Paging is the
 * lists' (domain/lists/paging.ts), which works on any rows.
 */

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

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compareBy(key: OpportunitySortKey): (a: OpportunityRow, b: OpportunityRow) => number {
  switch (key) {
    case 'date':
      return (a, b) => a.createdAt - b.createdAt;
    case 'revenue':
      return (a, b) => a.revenueUnits - b.revenueUnits;
    case 'weighted':
      return (a, b) => a.weightedUnits - b.weightedUnits;
    case 'customer':
      return (a, b) => collator.compare(a.customer, b.customer);
    case 'salesperson':
      return (a, b) => collator.compare(a.salespersonName, b.salespersonName);
    case 'stage':
      return (a, b) => collator.compare(a.stage, b.stage);
  }
}

/** The rows in the order of the sort, ties by id (ascending) so the order never depends on the server's; a new array. */
export function sortOpportunities(rows: readonly OpportunityRow[], sort: OpportunitySort): OpportunityRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const compare = compareBy(sort.key);
  return rows.slice().sort((a, b) => sign * compare(a, b) || a.id - b.id);
}

/** The rows whose customer, salesperson or stage contains the search text, in their order. */
export function searchOpportunities(rows: readonly OpportunityRow[], search: string): readonly OpportunityRow[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return rows;
  return rows.filter((row) => row.searchText.includes(needle));
}
