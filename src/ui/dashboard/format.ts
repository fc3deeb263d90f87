const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Revenue as the dashboard shows it: two decimals and thousands separators, e.g. 12,345.60. */
export function formatRevenue(value: number): string {
  return money.format(value);
}
