/** The address of the opportunity list showing one customer's opportunities of a year. */
export function customerOpportunitiesAddress(customer: string, year: number): string {
  return `/opportunity?${new URLSearchParams({ year: String(year), search: customer }).toString()}`;
}
