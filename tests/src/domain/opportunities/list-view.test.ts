import { describe, expect, test } from 'vitest';
import { DEFAULT_OPPORTUNITY_SORT, nextOpportunitySort } from '../../../../src/domain/opportunities/list-view';

describe('sorting the opportunity list', () => {
  test('opens newest first', () => {
    expect(DEFAULT_OPPORTUNITY_SORT).toEqual({ key: 'date', direction: 'descending' });
  });

  test('a new amount or date column sorts largest first, a name column from A; the same column flips', () => {
    expect(nextOpportunitySort(DEFAULT_OPPORTUNITY_SORT, 'revenue')).toEqual({ key: 'revenue', direction: 'descending' });
    expect(nextOpportunitySort(DEFAULT_OPPORTUNITY_SORT, 'customer')).toEqual({ key: 'customer', direction: 'ascending' });
    expect(nextOpportunitySort(DEFAULT_OPPORTUNITY_SORT, 'date')).toEqual({ key: 'date', direction: 'ascending' });
    expect(nextOpportunitySort({ key: 'stage', direction: 'ascending' }, 'stage')).toEqual({ key: 'stage', direction: 'descending' });
  });
});
