import { dayNumberOf, dayNumberOfDateText, dayNumberOfLocalDate } from './calendar.ts';

/** An opportunity as the dashboard reads it from POST /api/opportunities/anlaysis: the spec's four fields. */
export interface OpportunityRecord {
  created_date: string;
  revenue: number;
  probability: number;
  salesperson_id: number;
}

/**
 * A day's opportunities as GET /api/opportunities/days sums them (the optional part
 * `day-totals`): the date in the browser's time zone, how many, their revenue and
 * their revenue × probability / 100.
 */
export interface DayRecord {
  date: string;
  opportunities: number;
  revenue: number;
  weighted: number;
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
 * into a local day number, each value converted once into units. An entry is
 * one opportunity (from the analysis) or one day's sum of them (from the days
 * of a year): the chart's and the headline's rules read both alike.
 */
export interface PreparedOpportunities {
  /** How many entries. */
  readonly count: number;
  readonly days: Int32Array;
  /** Each entry's salesperson; null when each entry sums a day of every salesperson. */
  readonly salespersonIds: Int32Array | null;
  /** How many opportunities each entry stands for; null when each is one. */
  readonly opportunities: Int32Array | null;
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
  return { count, days, salespersonIds, opportunities: null, weightedUnits, rawUnits };
}

/** A sum of revenue as the API writes it (two decimals), in units. */
const revenueUnits = (revenue: number) => Math.round(revenue * 100) * (UNITS_PER_CURRENCY_UNIT / 100);

/**
 * The days of a year laid out as the opportunities are, one entry per day: the
 * same buckets and totals for every salesperson together, from a few hundred
 * entries instead of the year's opportunities. A day's weighted sum has at most
 * four decimals (cents × a whole percent), so rounding it to units is exact.
 */
export function prepareDays(records: readonly DayRecord[]): PreparedOpportunities {
  const count = records.length;
  const days = new Int32Array(count);
  const opportunities = new Int32Array(count);
  const weightedUnits = new Float64Array(count);
  const rawUnits = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const record = records[i]!;
    days[i] = dayNumberOfDateText(record.date);
    opportunities[i] = record.opportunities;
    weightedUnits[i] = Math.round(record.weighted * UNITS_PER_CURRENCY_UNIT);
    rawUnits[i] = revenueUnits(record.revenue);
  }
  return { count, days, salespersonIds: null, opportunities, weightedUnits, rawUnits };
}
