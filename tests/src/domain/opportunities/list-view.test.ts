import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  DEFAULT_OPPORTUNITY_SORT,
  nextOpportunitySort,
  searchOpportunities,
  sortOpportunities,
  type OpportunitySortKey,
} from '../../../../src/domain/opportunities/list-view';
import type { OpportunityRow } from '../../../../src/domain/opportunities/rows';
import { makeOpportunity, opportunitiesArbitrary, rowsOf } from '../../../support/fixtures/opportunities';

const keys: OpportunitySortKey[] = ['date', 'customer', 'salesperson', 'stage', 'revenue', 'weighted'];

/** The value a column sorts by, read the slow obvious way. */
function valueOf(row: OpportunityRow, key: OpportunitySortKey): number | string {
  switch (key) {
    case 'date':
      return Date.parse(row.createdDate);
    case 'revenue':
      return row.revenue;
    case 'weighted':
      return (row.revenue * row.probability) / 100;
    case 'customer':
      return row.customer.toLowerCase();
    case 'salesperson':
      return row.salespersonName.toLowerCase();
    case 'stage':
      return row.stage.toLowerCase();
  }
}

describe('sorting the opportunity list', () => {
  test.prop([opportunitiesArbitrary, fc.constantFrom(...keys), fc.constantFrom('ascending' as const, 'descending' as const)])(
    'orders every row by the column, ties by id, and keeps every row',
    (opportunities, key, direction) => {
      const rows = rowsOf(opportunities);
      const sorted = sortOpportunities(rows, { key, direction });
      expect(sorted.map((row) => row.id).sort()).toEqual(rows.map((row) => row.id).sort());
      const sign = direction === 'ascending' ? 1 : -1;
      for (let i = 1; i < sorted.length; i += 1) {
        const [a, b] = [valueOf(sorted[i - 1]!, key), valueOf(sorted[i]!, key)];
        if (a === b) expect(sorted[i - 1]!.id).toBeLessThan(sorted[i]!.id);
        else expect(sign * (a < b ? -1 : 1)).toBe(-1);
      }
    },
  );

  test('opens newest first', () => {
    const rows = rowsOf([
      makeOpportunity({ created_date: '2026-01-05T12:00:00.000Z' }),
      makeOpportunity({ created_date: '2026-09-05T12:00:00.000Z' }),
    ]);
    expect(sortOpportunities(rows, DEFAULT_OPPORTUNITY_SORT).map((row) => row.createdDate)).toEqual([
      '2026-09-05T12:00:00.000Z',
      '2026-01-05T12:00:00.000Z',
    ]);
  });

  test('a new amount or date column sorts largest first, a name column from A; the same column flips', () => {
    expect(nextOpportunitySort(DEFAULT_OPPORTUNITY_SORT, 'revenue')).toEqual({ key: 'revenue', direction: 'descending' });
    expect(nextOpportunitySort(DEFAULT_OPPORTUNITY_SORT, 'customer')).toEqual({ key: 'customer', direction: 'ascending' });
    expect(nextOpportunitySort(DEFAULT_OPPORTUNITY_SORT, 'date')).toEqual({ key: 'date', direction: 'ascending' });
    expect(nextOpportunitySort({ key: 'stage', direction: 'ascending' }, 'stage')).toEqual({ key: 'stage', direction: 'descending' });
  });
});

describe('searching the opportunity list', () => {
  test.prop([opportunitiesArbitrary, fc.string({ unit: fc.constantFrom(...'acmeIn hopturg#9'), maxLength: 3 })])(
    'keeps exactly the rows whose customer, salesperson or stage contains the text, ignoring case, in order',
    (opportunities, search) => {
      const rows = rowsOf(opportunities);
      const needle = search.trim().toLowerCase();
      const expected = rows.filter((row) =>
        [row.customer, row.salespersonName, row.stage].some((text) => text.toLowerCase().includes(needle)),
      );
      expect(searchOpportunities(rows, search)).toEqual(expected);
    },
  );

  test('finds opportunities by salesperson name and by stage', () => {
    const rows = rowsOf([
      makeOpportunity({ salesperson_id: 2, stage: 'closed won' }),
      makeOpportunity({ salesperson_id: 3, stage: 'proposal' }),
    ]);
    expect(searchOpportunities(rows, 'turing').map((row) => row.salespersonName)).toEqual(['Alan Turing']);
    expect(searchOpportunities(rows, 'WON').map((row) => row.stage)).toEqual(['closed won']);
  });
});
