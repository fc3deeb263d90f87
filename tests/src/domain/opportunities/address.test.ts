import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { customerOpportunitiesAddress } from '../../../../src/domain/opportunities/address';
import { readListAddress } from '../../../../src/domain/lists/address';

describe("the opportunity list's address", () => {
  test.prop([fc.string({ minLength: 1, maxLength: 20 }).filter((text) => text.trim() !== ''), fc.constantFrom(2025, 2026)])(
    "a customer's link opens the list on that year with the customer's name searched, whatever the name holds",
    (customer, year) => {
      const address = customerOpportunitiesAddress(customer, year);
      expect(address.startsWith('/opportunity?')).toBe(true);
      const read = readListAddress(address.slice('/opportunity'.length), { sortKeys: [], filters: ['year'] });
      expect(read).toMatchObject({ search: customer, filters: { year: String(year) } });
    },
  );
});
