import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { customerOpportunitiesAddress, listFromSearch } from '../../../../src/domain/opportunities/address';

const years = [2025, 2026];

describe("the opportunity list's address", () => {
  test.prop([fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== ''), fc.constantFrom(...years)])(
    "a customer's link opens the list on that year with the customer's name searched, whatever the name holds",
    (customer, year) => {
      const address = customerOpportunitiesAddress(customer, year);
      expect(address.startsWith('/opportunity?')).toBe(true);
      expect(listFromSearch(address.slice('/opportunity'.length), years)).toEqual({ year, search: customer });
    },
  );

  test('a year the dropdown does not offer, or no search, is left to the defaults', () => {
    expect(listFromSearch('?year=2024&search=', years)).toEqual({});
    expect(listFromSearch('?year=20261', years)).toEqual({});
    expect(listFromSearch('', years)).toEqual({});
    expect(listFromSearch('?search=Acme%20Corp', years)).toEqual({ search: 'Acme Corp' });
  });
});
