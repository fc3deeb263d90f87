import {
  CUSTOMER_LIST_ORDER,
  CUSTOMER_SORT_KEYS,
  DEFAULT_CUSTOMER_SORT,
  matchesCustomerSearch,
  nextCustomerSort,
  type CustomerSortKey,
  type CustomerSummary,
} from '../domain/opportunities/customers.ts';
import { browserListMachine } from './browser-list.ts';

const YEAR = /^[0-9]{4}$/;

/**
 * The customer list (/customer): the tenant's customers, each with its count,
 * revenue and weighted revenue of the chosen year (0 when it had none; the
 * address's `year`, this year when it names none), searchable by name or company,
 * sortable by any figure (largest revenue first), paged by ten; the address keeps
 * what it shows. Another year loads again. Empty only when the tenant has no
 * customer at all.
 */
export const customerListMachine = browserListMachine<CustomerSummary, CustomerSortKey>({
  id: 'customerList',
  sortKeys: CUSTOMER_SORT_KEYS,
  defaultSort: DEFAULT_CUSTOMER_SORT,
  ...CUSTOMER_LIST_ORDER,
  toggle: nextCustomerSort,
  matches: (customer, needle) => matchesCustomerSearch(customer, needle),
  filters: {
    year: { initial: (now) => String(new Date(now).getFullYear()), accepts: (value) => YEAR.test(value) && Number(value) >= 1970, loads: true },
  },
});
