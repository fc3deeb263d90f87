import { fc } from '@fast-check/vitest';
import type { Opportunity } from '../../../src/api/client';
import { toOpportunityRows, type OpportunityRow } from '../../../src/domain/opportunities/rows';

export const SALESPERSONS = [
  { id: 1, name: 'Grace Hopper' },
  { id: 2, name: 'Alan Turing' },
  { id: 3, name: 'Ada Lovelace' },
];

let nextId = 1000;

/** An opportunity of the analysis answer, with what a test does not care about filled in. */
export function makeOpportunity(overrides: Partial<Opportunity> = {}): Opportunity {
  nextId += 1;
  return {
    id: nextId,
    created_date: '2026-03-10T12:00:00.000Z',
    revenue: 1000,
    probability: 50,
    salesperson_id: 1,
    customer: 'Acme Corp',
    stage: 'proposal',
    ...overrides,
  };
}

/** Rows of 2026 (UTC noon dates, so every test zone agrees) from opportunities. */
export function rowsOf(opportunities: Opportunity[]): OpportunityRow[] {
  return toOpportunityRows({ opportunities, salespersons: SALESPERSONS }, 2026);
}

export const opportunityArbitrary = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  created_date: fc
    .integer({ min: Date.UTC(2026, 0, 1, 12), max: Date.UTC(2026, 11, 31, 12) })
    .map((ms) => new Date(ms).toISOString()),
  revenue: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
  probability: fc.integer({ min: 0, max: 100 }),
  salesperson_id: fc.constantFrom(1, 2, 3, 4),
  customer: fc.constantFrom('Acme Corp', 'acme corp', 'Initech', 'Hooli', ''),
  stage: fc.constantFrom('qualification', 'proposal', 'negotiation', 'closed won', 'closed lost', 'on hold'),
});

export const opportunitiesArbitrary = fc.uniqueArray(opportunityArbitrary, { selector: (o) => o.id, maxLength: 40 });
