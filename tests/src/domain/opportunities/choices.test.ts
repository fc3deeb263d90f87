import { describe, expect, test } from 'vitest';
import { opportunityChoiceOf, opportunityLabelOf } from '../../../../src/domain/opportunities/choices';

describe('an opportunity as a choice', () => {
  // Noon UTC: the same calendar day in every time zone these tests run in.
  const deal = { id: 7, customer: 'Acme Corp', created_date: '2026-02-03T12:00:00.000Z', stage: 'proposal' };

  test('is named by its customer and the day it was created, and told apart by its stage and salesperson', () => {
    expect(opportunityChoiceOf({ ...deal, salesperson_name: 'Riley Rep' })).toEqual({ value: '7', label: 'Acme Corp — 3 Feb 2026', detail: 'proposal · Riley Rep' });
  });

  test('without a salesperson name (a stored opportunity answers with the id only) the stage alone tells it apart', () => {
    expect(opportunityChoiceOf(deal)).toEqual({ value: '7', label: 'Acme Corp — 3 Feb 2026', detail: 'proposal' });
  });

  test('a deal without a customer still has a name', () => {
    expect(opportunityLabelOf({ customer: '', created_date: deal.created_date })).toBe('No customer — 3 Feb 2026');
  });
});
