import type { ListSort, SortDirection } from './sort.ts';

/**
 * What a list screen shows, as its address keeps it (?search=acme&sort=revenue&dir=desc&page=2&stage=proposal),
 * so a reload, the back button or a shared link opens the list as it was. Every list
 * writes and reads it through these two functions; values the list does not know are dropped.
 */
export interface ListAddress<Key extends string> {
  search: string;
  /** null: the list's own default order. */
  sort: ListSort<Key> | null;
  page: number;
  /** The list's own filters by name (year, stage, mine, view, ...), only those it names. */
  filters: Readonly<Record<string, string>>;
}

/** How one list reads its address: its sort columns and the filters it has. */
export interface ListAddressSpec<Key extends string> {
  sortKeys: readonly Key[];
  filters: readonly string[];
}

const DIRECTIONS: Readonly<Record<string, SortDirection>> = { asc: 'ascending', desc: 'descending' };
const MAX_PAGE = 1_000_000;

/** The list shown by an address's query (with or without its '?'). */
export function readListAddress<Key extends string>(query: string, spec: ListAddressSpec<Key>): ListAddress<Key> {
  const params = new URLSearchParams(query);
  const key = params.get('sort');
  const direction = DIRECTIONS[params.get('dir') ?? ''];
  const sort = key !== null && (spec.sortKeys as readonly string[]).includes(key) && direction ? { key: key as Key, direction } : null;
  const page = Number(params.get('page'));
  const filters: Record<string, string> = {};
  for (const name of spec.filters) {
    const value = params.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    sort,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    filters,
  };
}

/** The query (without '?') that shows this list; what is at its default is left out, so a plain list has a plain address. */
export function writeListAddress<Key extends string>(address: ListAddress<Key>): string {
  const params = new URLSearchParams();
  if (address.search.trim() !== '') params.set('search', address.search);
  if (address.sort) {
    params.set('sort', address.sort.key);
    params.set('dir', address.sort.direction === 'ascending' ? 'asc' : 'desc');
  }
  for (const [name, value] of Object.entries(address.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== '') params.set(name, value);
  }
  if (address.page > 1) params.set('page', String(address.page));
  return params.toString();
}
