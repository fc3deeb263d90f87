import type { OpportunityRow } from './rows.ts';

/** A customer as the customer screen lists it: its opportunities of the year, summed. */
export interface CustomerSummary {
  customer: string;
  opportunities: number;
  revenueUnits: number;
  weightedUnits: number;
  /** How many of them were won (stage 'closed won'). */
  won: number;
  /** The day number of its latest opportunity. */
  latestDay: number;
}

export type CustomerSortKey = 'customer' | 'opportunities' | 'revenue' | 'weighted' | 'latest';
export interface CustomerSort {
  key: CustomerSortKey;
  direction: 'ascending' | 'descending';
}

/** Largest customers first: who matters most this year. */
export const DEFAULT_CUSTOMER_SORT: CustomerSort = { key: 'revenue', direction: 'descending' };

export const WON_STAGE = 'closed won';

/** One summary per distinct customer name, in no particular order. */
export function summariseCustomers(rows: readonly OpportunityRow[]): CustomerSummary[] {
  const byName = new Map<string, CustomerSummary>();
  for (const row of rows) {
    let summary = byName.get(row.customer);
    if (!summary) {
      summary = { customer: row.customer, opportunities: 0, revenueUnits: 0, weightedUnits: 0, won: 0, latestDay: row.day };
      byName.set(row.customer, summary);
    }
    summary.opportunities += 1;
    summary.revenueUnits += row.revenueUnits;
    summary.weightedUnits += row.weightedUnits;
    if (row.stage === WON_STAGE) summary.won += 1;
    summary.latestDay = Math.max(summary.latestDay, row.day);
  }
  return [...byName.values()];
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const compare: Record<CustomerSortKey, (a: CustomerSummary, b: CustomerSummary) => number> = {
  customer: (a, b) => collator.compare(a.customer, b.customer),
  opportunities: (a, b) => a.opportunities - b.opportunities,
  revenue: (a, b) => a.revenueUnits - b.revenueUnits,
  weighted: (a, b) => a.weightedUnits - b.weightedUnits,
  latest: (a, b) => a.latestDay - b.latestDay,
};

/** The customers in the order of the sort, ties by name; a new array. */
export function sortCustomers(customers: readonly CustomerSummary[], sort: CustomerSort): CustomerSummary[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const byKey = compare[sort.key];
  return customers.slice().sort((a, b) => sign * byKey(a, b) || collator.compare(a.customer, b.customer));
}

/** Clicking a header: names sort from A, numbers largest first; the same column flips. */
export function nextCustomerSort(current: CustomerSort, key: CustomerSortKey): CustomerSort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'customer' ? 'ascending' : 'descending' };
}
