import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Opportunity } from '../../../../src/api/client';
import { anyInYear, currencyOf, toOpportunityRows, totalUnits } from '../../../../src/domain/opportunities/rows';

/*
 * The opportunity screens show a year in the browser's own time zone, while the
 * server answers a wider window (every zone's year). These run in several zones.
 */

const salespersons = [
  { id: 1, name: 'Grace Hopper' },
  { id: 2, name: 'Alan Turing' },
];

const opportunity = (created_date: string, overrides: Partial<Opportunity> = {}): Opportunity => ({
  id: Date.parse(created_date),
  created_date,
  revenue: 1234.56,
  probability: 35,
  salesperson_id: 1,
  customer: 'Acme Corp',
  stage: 'proposal',
  ...overrides,
});

// The server's window for 2026: 14 hours either side of the UTC year.
const windowArbitrary = fc
  .integer({ min: Date.UTC(2026, 0, 1) - 14 * 3_600_000, max: Date.UTC(2027, 0, 1) + 14 * 3_600_000 - 1 })
  .map((ms) => new Date(ms).toISOString());

describe('a year of opportunities, as rows', () => {
  test.prop([fc.uniqueArray(windowArbitrary, { maxLength: 30 })])(
    'keeps exactly the opportunities created in the local calendar year, and anyInYear agrees',
    (dates) => {
      const data = { opportunities: dates.map((date) => opportunity(date)), salespersons };
      const rows = toOpportunityRows(data, 2026);
      const expected = dates.filter((date) => new Date(date).getFullYear() === 2026);
      expect(rows.map((row) => row.createdDate)).toEqual(expected);
      expect(anyInYear(data, 2026)).toBe(expected.length > 0);
    },
  );

  test.prop([fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 100 })])(
    'weighs revenue by probability exactly: revenue × probability / 100, to the cent',
    (cents, probability) => {
      const [row] = toOpportunityRows(
        { opportunities: [opportunity('2026-06-15T12:00:00.000Z', { revenue: cents / 100, probability })], salespersons },
        2026,
      );
      expect(currencyOf(row!.revenueUnits)).toBe(cents / 100);
      expect(currencyOf(row!.weightedUnits)).toBe(Math.round(cents * probability / 100) / 100);
    },
  );

  test.prop([fc.array(fc.record({ cents: fc.integer({ min: 0, max: 1_000_000_000 }), probability: fc.integer({ min: 0, max: 100 }) }), { maxLength: 50 })])(
    'totals are exact whatever the order: the sum of cents × probability',
    (deals) => {
      const opportunities = deals.map((deal, i) =>
        opportunity(new Date(Date.UTC(2026, 5, 1, 12) + i * 60_000).toISOString(), { revenue: deal.cents / 100, probability: deal.probability }),
      );
      const rows = toOpportunityRows({ opportunities, salespersons }, 2026);
      const expected = deals.reduce((sum, deal) => sum + BigInt(deal.cents) * BigInt(deal.probability), 0n);
      expect(BigInt(totalUnits(rows, 'weightedUnits'))).toBe(expected);
      expect(BigInt(totalUnits(rows.slice().reverse(), 'weightedUnits'))).toBe(expected);
      expect(BigInt(totalUnits(rows, 'revenueUnits'))).toBe(deals.reduce((sum, deal) => sum + BigInt(deal.cents) * 100n, 0n));
    },
  );

  test("names each opportunity's salesperson, and says so when the salesperson is not listed", () => {
    const rows = toOpportunityRows(
      {
        opportunities: [
          opportunity('2026-02-01T12:00:00.000Z', { salesperson_id: 2 }),
          opportunity('2026-02-02T12:00:00.000Z', { salesperson_id: 9 }),
        ],
        salespersons,
      },
      2026,
    );
    expect(rows.map((row) => row.salespersonName)).toEqual(['Alan Turing', 'Salesperson #9']);
  });

  test('a year with opportunities only in the neighbouring years is empty', () => {
    const data = { opportunities: [opportunity('2025-06-01T12:00:00.000Z'), opportunity('2027-06-01T12:00:00.000Z')], salespersons };
    expect(toOpportunityRows(data, 2026)).toEqual([]);
    expect(anyInYear(data, 2026)).toBe(false);
  });
});
