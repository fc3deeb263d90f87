import { fc } from '@fast-check/vitest';
import type { Granularity, OpportunityRecord } from '../../src/domain/revenue/index.ts';

export const SALESPERSON_IDS = [1, 2, 3, 4] as const;

/**
 * Local wall-clock moments, biased to the edges that break bucketing: the
 * first and last millisecond of a local day, month and year ends, and the
 * spring and autumn daylight-saving days of the northern zones.
 */
const localMoment = fc
  .record({
    year: fc.integer({ min: 2024, max: 2027 }),
    monthIndex: fc.integer({ min: 0, max: 11 }),
    day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(0, 1, 28, 29, 30, 31)),
    time: fc.oneof(
      fc.constant<[number, number, number, number]>([0, 0, 0, 0]),
      fc.constant<[number, number, number, number]>([23, 59, 59, 999]),
      fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.constant(0), fc.constant(0)),
    ),
  })
  .map(({ year, monthIndex, day, time: [hours, minutes, seconds, ms] }) => new Date(year, monthIndex, day, hours, minutes, seconds, ms));

const daylightSavingMoment = fc
  .record({
    day: fc.constantFrom<[number, number, number]>(
      [2025, 2, 9],
      [2025, 2, 30],
      [2025, 9, 26],
      [2025, 10, 2],
      [2026, 2, 8],
      [2026, 2, 29],
      [2026, 9, 25],
      [2026, 10, 1],
    ),
    minutes: fc.integer({ min: -60, max: 24 * 60 + 60 }),
  })
  .map(({ day: [year, monthIndex, date], minutes }) => new Date(year, monthIndex, date, 0, minutes));

const anyInstant = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((ms) => new Date(ms));

export const createdDate = fc.oneof(localMoment, daylightSavingMoment, anyInstant).map((d) => d.toISOString());

export const opportunity: fc.Arbitrary<OpportunityRecord> = fc.record({
  created_date: createdDate,
  revenue: fc.integer({ min: 0, max: 100_000_000_00 }).map((cents) => cents / 100),
  probability: fc.integer({ min: 0, max: 100 }),
  salesperson_id: fc.constantFrom(...SALESPERSON_IDS),
});

export const opportunities = fc.array(opportunity, { maxLength: 60 });

export const granularity: fc.Arbitrary<Granularity> = fc.constantFrom('week', 'month', 'year');

/** Today somewhere in 2025-2027, at any time of day. */
export const today = fc
  .record({
    dayOfYear: fc.integer({ min: 0, max: 3 * 365 }),
    minutes: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  })
  .map(({ dayOfYear, minutes }) => new Date(2025, 0, 1 + dayOfYear, 0, minutes));

/** A year up to one past today's, so past, current and not-yet-begun years all occur. */
export const yearAndToday = today.chain((now) =>
  fc.record({
    today: fc.constant(now),
    year: fc.integer({ min: 2024, max: now.getFullYear() + 1 }),
  }),
);

export const salespersonFilter = fc.constantFrom(0, ...SALESPERSON_IDS);

export const filters = fc
  .record({ granularity, salespersonId: salespersonFilter, yearAndToday })
  .map(({ granularity, salespersonId, yearAndToday }) => ({ granularity, salespersonId, ...yearAndToday }));
