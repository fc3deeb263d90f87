import { describe, expect, test } from 'vitest';
import { filtersFromSearch, searchOfFilters } from '../../../../src/ui/dashboard/address.ts';

const years = [2025, 2026];

describe('dashboard filters in the address', () => {
  test('?granularity=month&year=2025&salesperson=3 opens that view', () => {
    expect(filtersFromSearch('?granularity=month&year=2025&salesperson=3', years)).toEqual({
      granularity: 'month',
      year: 2025,
      salespersonId: 3,
    });
  });

  test('a view written to the address reads back the same', () => {
    const filters = { granularity: 'year', year: 2026, salespersonId: 0 } as const;
    expect(searchOfFilters(filters)).toBe('granularity=year&year=2026&salesperson=0');
    expect(filtersFromSearch(searchOfFilters(filters), years)).toEqual(filters);
  });

  test('missing or unreadable filters are left to their defaults', () => {
    expect(filtersFromSearch('', years)).toEqual({});
    expect(filtersFromSearch('?granularity=day&year=20x5&salesperson=-1', years)).toEqual({});
  });

  test('a year the dropdown does not offer is ignored', () => {
    expect(filtersFromSearch('?year=2024', years)).toEqual({});
    expect(filtersFromSearch('?year=2027', years)).toEqual({});
  });
});
