import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  DEFAULT_CUSTOMER_SORT,
  nextCustomerSort,
  sortCustomers,
  summariseCustomers,
  type CustomerSortKey,
} from '../../../../src/domain/opportunities/customers';
import { makeOpportunity, opportunitiesArbitrary, rowsOf } from '../../../support/fixtures/opportunities';

describe('the customers of a year', () => {
  test.prop([opportunitiesArbitrary])(
    'are the distinct customer names regardless of case, each with its number of opportunities, revenue, weighted revenue, wins and latest day',
    (opportunities) => {
      const rows = rowsOf(opportunities);
      const summaries = summariseCustomers(rows);
      const key = (name: string) => name.toLowerCase();
      expect(summaries.map((summary) => key(summary.customer)).sort()).toEqual([...new Set(rows.map((row) => key(row.customer)))].sort());
      for (const summary of summaries) {
        const own = rows.filter((row) => key(row.customer) === key(summary.customer));
        expect(summary.customer).toBe(own[0]!.customer);
        expect(summary.id).toBeNull();
        expect(summary.opportunities).toBe(own.length);
        expect(summary.revenueUnits).toBe(own.reduce((sum, row) => sum + Math.round(row.revenue * 100) * 100, 0));
        expect(summary.weightedUnits).toBe(own.reduce((sum, row) => sum + Math.round(row.revenue * 100) * row.probability, 0));
        expect(summary.won).toBe(own.filter((row) => row.stage === 'closed won').length);
        expect(summary.latestDay).toBe(Math.max(...own.map((row) => row.day)));
      }
    },
  );

  test.prop([opportunitiesArbitrary, fc.uniqueArray(fc.string({ maxLength: 12 }), { selector: (name) => name.toLowerCase(), maxLength: 6 })])(
    'list every stored customer once, by its stored spelling and id, with zeros when the year has none of its opportunities',
    (opportunities, names) => {
      const rows = rowsOf(opportunities);
      const directory = names.map((name, index) => ({ id: index + 1, name, company: `${name} Ltd` }));
      const summaries = summariseCustomers(rows, directory);
      for (const customer of directory) {
        const listed = summaries.filter((summary) => summary.customer.toLowerCase() === customer.name.toLowerCase());
        expect(listed).toHaveLength(1);
        expect(listed[0]).toMatchObject({ id: customer.id, customer: customer.name, company: customer.company });
        const own = rows.filter((row) => row.customer.toLowerCase() === customer.name.toLowerCase());
        expect(listed[0]!.opportunities).toBe(own.length);
        if (own.length === 0) expect(listed[0]).toMatchObject({ revenueUnits: 0, weightedUnits: 0, won: 0, latestDay: null });
      }
      // Nothing is lost: the totals are those of every row.
      expect(summaries.reduce((sum, summary) => sum + summary.opportunities, 0)).toBe(rows.length);
    },
  );

  test('open with the largest revenue first', () => {
    const rows = rowsOf([
      makeOpportunity({ customer: 'Initech', revenue: 10 }),
      makeOpportunity({ customer: 'Hooli', revenue: 30 }),
      makeOpportunity({ customer: 'Initech', revenue: 25 }),
    ]);
    expect(sortCustomers(summariseCustomers(rows), DEFAULT_CUSTOMER_SORT).map((summary) => summary.customer)).toEqual([
      'Initech',
      'Hooli',
    ]);
  });

  const keys: CustomerSortKey[] = ['customer', 'opportunities', 'revenue', 'weighted', 'latest'];
  test.prop([opportunitiesArbitrary, fc.constantFrom(...keys), fc.constantFrom('ascending' as const, 'descending' as const)])(
    'sort by any column in either direction, keeping every customer',
    (opportunities, key, direction) => {
      const summaries = summariseCustomers(rowsOf(opportunities));
      const sorted = sortCustomers(summaries, { key, direction });
      expect(sorted).toHaveLength(summaries.length);
      const value = (summary: (typeof sorted)[number]) =>
        key === 'customer' ? summary.customer.toLowerCase() : key === 'opportunities' ? summary.opportunities : key === 'revenue' ? summary.revenueUnits : key === 'weighted' ? summary.weightedUnits : (summary.latestDay ?? -1);
      for (let i = 1; i < sorted.length; i += 1) {
        const [a, b] = [value(sorted[i - 1]!), value(sorted[i]!)];
        if (a !== b) expect(direction === 'ascending' ? a < b : a > b).toBe(true);
      }
    },
  );

  test('a new number column sorts largest first, the name column from A; the same column flips', () => {
    expect(nextCustomerSort(DEFAULT_CUSTOMER_SORT, 'customer')).toEqual({ key: 'customer', direction: 'ascending' });
    expect(nextCustomerSort(DEFAULT_CUSTOMER_SORT, 'weighted')).toEqual({ key: 'weighted', direction: 'descending' });
    expect(nextCustomerSort(DEFAULT_CUSTOMER_SORT, 'revenue')).toEqual({ key: 'revenue', direction: 'ascending' });
  });
});
