import { type Granularity, periodsFor } from './periods.ts';
import { type PreparedOpportunities, UNITS_PER_CURRENCY_UNIT } from './prepare.ts';

/** The salesperson id that stands for every salesperson. */
export const ALL_SALESPERSONS = 0;

export interface RevenueFilters {
  granularity: Granularity;
  year: number;
  /** One salesperson's id, or ALL_SALESPERSONS. */
  salespersonId: number;
  /** Today on the local calendar: the current year's buckets end here. */
  today: Date;
}

/** One bar of the revenue chart. */
export interface Bucket {
  label: string;
  /** Local midnight of the first day. */
  start: Date;
  /** The last millisecond of the last day. */
  end: Date;
  /** In currency units; exact to the cent (see UNITS_PER_CURRENCY_UNIT). */
  revenue: number;
  /** How many opportunities the period holds (a zero-revenue one counts too). */
  count: number;
}

/**
 * The month view with every salesperson adds up raw revenue; every other view
 * weighs each opportunity by its probability (spec section 9).
 */
export function sumsRawRevenue(granularity: Granularity, salespersonId: number): boolean {
  return granularity === 'month' && salespersonId === ALL_SALESPERSONS;
}

/**
 * The entries' salespersons, for a filter that needs them: a day's sums (prepareDays)
 * hold every salesperson's together, so one salesperson's figures need the opportunities.
 */
export function salespersonsFor(prepared: PreparedOpportunities, salespersonId: number): Int32Array | null {
  if (salespersonId === ALL_SALESPERSONS) return null;
  if (prepared.salespersonIds === null) throw new Error("a day's sums cannot tell one salesperson's figures apart");
  return prepared.salespersonIds;
}

/**
 * The chart's buckets for one filter combination, in one pass over the
 * prepared opportunities. A lookup table maps each covered day to its bucket,
 * so the loop does integer arithmetic only; an opportunity dated outside the
 * covered days (another year, after today) lands nowhere. The opportunities
 * and the days of a year go through this one rule (a property test holds the
 * two to the same buckets).
 */
export function bucketRevenue(prepared: PreparedOpportunities, filters: RevenueFilters): Bucket[] {
  const periods = periodsFor(filters.granularity, filters.year, filters.today);
  if (periods.length === 0) return [];

  const firstDay = periods[0]!.firstDay;
  const span = periods[periods.length - 1]!.lastDay - firstDay;
  const bucketOfDay = new Int32Array(span + 1);
  periods.forEach((period, index) => {
    bucketOfDay.fill(index, period.firstDay - firstDay, period.lastDay - firstDay + 1);
  });

  const totals = new Float64Array(periods.length);
  const counts = new Int32Array(periods.length);
  const values = sumsRawRevenue(filters.granularity, filters.salespersonId)
    ? prepared.rawUnits
    : prepared.weightedUnits;
  const { days, count, opportunities } = prepared;
  const salespersonId = filters.salespersonId;
  const salespersonIds = salespersonsFor(prepared, salespersonId);

  for (let i = 0; i < count; i += 1) {
    const offset = days[i]! - firstDay;
    if (offset < 0 || offset > span) continue;
    if (salespersonIds !== null && salespersonIds[i] !== salespersonId) continue;
    const bucket = bucketOfDay[offset]!;
    totals[bucket]! += values[i]!;
    counts[bucket]! += opportunities === null ? 1 : opportunities[i]!;
  }

  return periods.map((period, index) => ({
    label: period.label,
    start: period.start,
    end: period.end,
    revenue: totals[index]! / UNITS_PER_CURRENCY_UNIT,
    count: counts[index]!,
  }));
}
