import type { OpportunityRecord } from '../../src/domain/revenue/index.ts';
import type { SalespersonOption } from '../../src/machines/dashboard.ts';

/** The dashboard machine's tests' tenant: two salespersons, two opportunities in each of 2025 and 2026. */
export const today = new Date(2026, 10, 22, 15, 30);
export const tenantId = 7;

export const salespersons: SalespersonOption[] = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Grace Hopper' },
];

export const opportunitiesOf: Record<number, OpportunityRecord[]> = {
  2025: [
    { created_date: '2025-03-10T12:00:00.000Z', revenue: 1000, probability: 50, salesperson_id: 1 },
    { created_date: '2025-07-01T12:00:00.000Z', revenue: 400, probability: 25, salesperson_id: 2 },
  ],
  2026: [
    { created_date: '2026-01-02T12:00:00.000Z', revenue: 2000, probability: 10, salesperson_id: 1 },
    { created_date: '2026-02-15T12:00:00.000Z', revenue: 800, probability: 50, salesperson_id: 2 },
  ],
};
