import type { Salesperson } from '../api/client';
import { browserListMachine } from './browser-list.ts';

export type SalespersonSortKey = 'name' | 'email' | 'latest_login';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The salesperson list (/salesperson): where Edit Salesperson returns after a save.
 * The tenant's salespersons, loaded once per visit, searchable by name, e-mail, phone
 * and mobile, sortable by name, e-mail and latest sign-in, paged by ten; the
 * address keeps what it shows.
 */
export const salespersonListMachine = browserListMachine<Salesperson, SalespersonSortKey>({
  id: 'salespersonList',
  sortKeys: ['name', 'email', 'latest_login'],
  defaultSort: { key: 'name', direction: 'ascending' },
  compare: (key) =>
    key === 'latest_login'
      ? (a, b) => Date.parse(a.latest_login ?? '1970-01-01') - Date.parse(b.latest_login ?? '1970-01-01')
      : (a, b) => collator.compare(a[key], b[key]),
  matches: (person, needle) => [person.name, person.email, person.phone, person.mobile].some((field) => field.toLowerCase().includes(needle)),
});
