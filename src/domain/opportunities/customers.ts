import type { CustomerYearSums } from '../../api/client';
import { sortListRows, type ListOrder, type ListSort } from '../lists/sort.ts';
import { dayNumberOfDateText } from '../revenue/calendar.ts';
import { UNITS_PER_CURRENCY_UNIT } from '../revenue/prepare.ts';
import type { OpportunityRow } from './rows.ts';

/** A stored customer, as far as the customer list needs it. */
export interface DirectoryCustomer {
  id: number;
  name: string;
  company: string;
}

/** A customer as the customer screen lists it: its opportunities of the year, summed. */
export interface CustomerSummary {
  /** The stored customer's id; null for a name only opportunities use (or none). */
  id: number | null;
  customer: string;
  company: string;
  opportunities: number;
  revenueUnits: number;
  weightedUnits: number;
  /** How many of them were won (stage 'closed won'). */
  won: number;
  /** The day number of its latest opportunity of the year; null when it has none. */
  latestDay: number | null;
}

/**
 * Whether the customer list shows a customer for a search: its name or its company
 * contains the text, ignoring case (as JavaScript folds it: the CSV export asks this
 * too, not SQL's ILIKE, whose case folding differs).
 */
export function matchesCustomerSearch(customer: Pick<CustomerSummary, 'customer' | 'company'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return customer.customer.toLowerCase().includes(needle) || customer.company.toLowerCase().includes(needle);
}

/** The customer list's columns that sort. */
export const CUSTOMER_SORT_KEYS = ['customer', 'opportunities', 'revenue', 'weighted', 'latest'] as const;
export type CustomerSortKey = (typeof CUSTOMER_SORT_KEYS)[number];
export type CustomerSort = ListSort<CustomerSortKey>;

/** Largest customers first: who matters most this year. */
export const DEFAULT_CUSTOMER_SORT: CustomerSort = { key: 'revenue', direction: 'descending' };

/**
 * The customer list's rows from the API's sums of a year (GET /api/customers/summaries,
 * summed by the server as summariseCustomers sums rows: a test puts the two face to face).
 */
export function customersOfSums(sums: readonly CustomerYearSums[]): CustomerSummary[] {
  return sums.map((sum) => ({
    id: sum.id,
    customer: sum.customer,
    company: sum.company,
    opportunities: sum.opportunities,
    revenueUnits: Math.round(sum.revenue * 100) * (UNITS_PER_CURRENCY_UNIT / 100),
    weightedUnits: Math.round(sum.weighted * UNITS_PER_CURRENCY_UNIT),
    won: sum.won,
    latestDay: sum.latest_date === null ? null : dayNumberOfDateText(sum.latest_date),
  }));
}

export const WON_STAGE = 'closed won';

/**
 * One summary per customer: every stored customer of the directory (with zeros when
 * it has no opportunity in the rows), and any other name the rows use. A customer is
 * its name regardless of case, as the database has it; the directory's spelling wins.
 * In no particular order.
 */
export function summariseCustomers(rows: readonly OpportunityRow[], directory: readonly DirectoryCustomer[] = []): CustomerSummary[] {
  const byName = new Map<string, CustomerSummary>();
  for (const customer of directory) {
    byName.set(customer.name.toLowerCase(), { ...emptySummary(customer.name), id: customer.id, company: customer.company });
  }
  for (const row of rows) {
    const key = row.customer.toLowerCase();
    let summary = byName.get(key);
    if (!summary) {
      summary = emptySummary(row.customer);
      byName.set(key, summary);
    }
    summary.opportunities += 1;
    summary.revenueUnits += row.revenueUnits;
    summary.weightedUnits += row.weightedUnits;
    if (row.stage === WON_STAGE) summary.won += 1;
    summary.latestDay = Math.max(summary.latestDay ?? row.day, row.day);
  }
  return [...byName.values()];
}

function emptySummary(customer: string): CustomerSummary {
  return { id: null, customer, company: '', opportunities: 0, revenueUnits: 0, weightedUnits: 0, won: 0, latestDay: null };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const comparisons: Record<CustomerSortKey, (a: CustomerSummary, b: CustomerSummary) => number> = {
  customer: (a, b) => collator.compare(a.customer, b.customer),
  opportunities: (a, b) => a.opportunities - b.opportunities,
  revenue: (a, b) => a.revenueUnits - b.revenueUnits,
  weighted: (a, b) => a.weightedUnits - b.weightedUnits,
  // A customer without opportunities in the year comes before the earliest one.
  latest: (a, b) => (a.latestDay ?? -1) - (b.latestDay ?? -1),
};

/** Ascending order of customers by a column. */
export function compareCustomers(key: CustomerSortKey): (a: CustomerSummary, b: CustomerSummary) => number {
  return comparisons[key];
}

/** The customer list's order: by a column, ties by name (then as loaded). */
export const CUSTOMER_LIST_ORDER: ListOrder<CustomerSummary, CustomerSortKey> = { compare: compareCustomers, ties: comparisons.customer };

/** The customers in the order of the sort, ties by name; a new array. */
export function sortCustomers(customers: readonly CustomerSummary[], sort: CustomerSort): CustomerSummary[] {
  return [...sortListRows(customers, sort, CUSTOMER_LIST_ORDER)];
}

/** Clicking a header: names sort from A, numbers largest first; the same column flips. */
export function nextCustomerSort(current: CustomerSort | null, key: CustomerSortKey): CustomerSort {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'customer' ? 'ascending' : 'descending' };
}
