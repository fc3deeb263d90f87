/**
 * The opportunity list's address: /opportunity?year=2025&search=Acme opens the
 * list on that year with that search, so other screens (the customer list) can
 * link to a customer's opportunities. A year the dropdown does not offer is ignored.
 */
export function listFromSearch(search: string, selectableYears: readonly number[]): { year?: number; search?: string } {
  const params = new URLSearchParams(search);
  const found: { year?: number; search?: string } = {};
  const year = params.get('year');
  if (year !== null && /^\d{4}$/.test(year) && selectableYears.includes(Number(year))) found.year = Number(year);
  const text = params.get('search');
  if (text !== null && text.trim() !== '') found.search = text;
  return found;
}

/** The address of the opportunity list showing one customer's opportunities of a year. */
export function customerOpportunitiesAddress(customer: string, year: number): string {
  return `/opportunity?${new URLSearchParams({ year: String(year), search: customer }).toString()}`;
}
