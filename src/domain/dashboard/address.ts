import type { Granularity } from '../revenue/index.ts';

/** What the dashboard shows: its granularity, year and salesperson. */
export interface DashboardFilters {
  granularity: Granularity;
  year: number;
  /** One salesperson's id, or 0 for All. */
  salespersonId: number;
}

const GRANULARITIES: readonly Granularity[] = ['week', 'month', 'year'];

/**
 * The filters named in the address (?granularity=month&year=2025&salesperson=3),
 * so a view can be shared and survives a reload. Anything unreadable, or a year
 * the dropdown does not offer, is left out and takes its default.
 */
export function filtersFromSearch(search: string, selectableYears: readonly number[]): Partial<DashboardFilters> {
  const params = new URLSearchParams(search);
  const filters: Partial<DashboardFilters> = {};

  const granularity = params.get('granularity');
  if (GRANULARITIES.includes(granularity as Granularity)) filters.granularity = granularity as Granularity;

  const year = wholeNumber(params.get('year'));
  if (year !== undefined && selectableYears.includes(year)) filters.year = year;

  const salespersonId = wholeNumber(params.get('salesperson'));
  if (salespersonId !== undefined) filters.salespersonId = salespersonId;

  return filters;
}

/** The address's query for a set of filters, in a fixed order. */
export function searchOfFilters(filters: DashboardFilters): string {
  return new URLSearchParams({
    granularity: filters.granularity,
    year: String(filters.year),
    salesperson: String(filters.salespersonId),
  }).toString();
}

function wholeNumber(text: string | null): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}
