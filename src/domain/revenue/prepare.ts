import { dayNumberOf, dayNumberOfLocalDate } from './calendar.ts';

/** An opportunity as the dashboard reads it from POST /api/opportunities/anlaysis: the spec's four fields. */
export interface OpportunityRecord {
  created_date: string;
  revenue: number;
  probability: number;
  salesperson_id: number;
}

/**
 * Money is counted in hundredths of a cent ("units"). Revenue has two decimals
 * (numeric(14, 2)) and probability is a whole percent, so revenue × probability
 * / 100 is always a whole number of units: cents × probability. Summing whole
 * numbers in doubles is exact below 2^53 units (about 900 billion per bucket),
 * so every bucket is exact to the cent and beyond, in any order of addition;
 * the one rounding happens when a total is turned back into currency.
 */
export const UNITS_PER_CURRENCY_UNIT = 10_000;

/** A day number no bucket can contain: marks a date that could not be read. */
const UNREADABLE_DAY = -2_147_483_648;

/**
 * Opportunities laid out for fast recomputation: each created_date read once
 * into a local day number, each value converted once into units.
 */
export interface PreparedOpportunities {
  readonly count: number;
  readonly days: Int32Array;
  readonly salespersonIds: Int32Array;
  /** revenue × probability / 100, in units. */
  readonly weightedUnits: Float64Array;
  /** revenue, in units. */
  readonly rawUnits: Float64Array;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The local calendar day of a created_date. A date-time is an instant, read in
 * the local time zone; a bare date is already a local calendar date (Date.parse
 * would read it as UTC midnight, which is the previous day west of Greenwich).
 */
export function localDayOfCreatedDate(createdDate: string): number {
  const dateOnly = DATE_ONLY.exec(createdDate);
  if (dateOnly) {
    return dayNumberOfLocalDate(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  }
  const instant = Date.parse(createdDate);
  if (Number.isNaN(instant)) return UNREADABLE_DAY;
  return dayNumberOf(new Date(instant));
}

export function prepareOpportunities(records: readonly OpportunityRecord[]): PreparedOpportunities {
  const count = records.length;
  const days = new Int32Array(count);
  const salespersonIds = new Int32Array(count);
  const weightedUnits = new Float64Array(count);
  const rawUnits = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const record = records[i]!;
    const cents = Math.round(record.revenue * 100);
    days[i] = localDayOfCreatedDate(record.created_date);
    salespersonIds[i] = record.salesperson_id;
    weightedUnits[i] = cents * record.probability;
    rawUnits[i] = cents * 100;
  }
  return { count, days, salespersonIds, weightedUnits, rawUnits };
}
