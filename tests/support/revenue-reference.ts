/**
 * A slow, obviously-correct revenue bucketing to hold the fast one to.
 *
 * It shares no code with src/domain/revenue: it walks the year one local day
 * at a time with plain Date constructors, labels with Intl, finds each
 * opportunity's bucket by comparing instants, and sums in BigInt hundredths of
 * a cent so its totals are exact by construction.
 */
import { format } from 'date-fns';
import type { DayRecord, Granularity, OpportunityRecord } from '../../src/domain/revenue/index.ts';

export interface ReferenceBucket {
  label: string;
  start: Date;
  end: Date;
  /** Hundredths of a cent. */
  units: bigint;
}

export interface ReferenceFilters {
  granularity: Granularity;
  year: number;
  salespersonId: number;
  today: Date;
}

const shortMonthDay = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
const shortMonth = (date: Date) => date.toLocaleDateString('en-US', { month: 'short' });

function lastDate(year: number, today: Date): Date | null {
  if (year > today.getFullYear()) return null;
  if (year === today.getFullYear()) return new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return new Date(year, 11, 31);
}

function startsNewBucket(granularity: Granularity, day: Date): boolean {
  if (granularity === 'week') return day.getDay() === 1;
  if (granularity === 'month') return day.getDate() === 1;
  return false;
}

export function referencePeriods(
  granularity: Granularity,
  year: number,
  today: Date,
): Array<{ label: string; start: Date; end: Date }> {
  const last = lastDate(year, today);
  if (last === null) return [];
  const runs: Array<{ first: Date; last: Date }> = [];
  for (
    let day = new Date(year, 0, 1);
    day.getTime() <= last.getTime();
    day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)
  ) {
    const current = runs[runs.length - 1];
    if (current === undefined || startsNewBucket(granularity, day)) runs.push({ first: day, last: day });
    else current.last = day;
  }
  return runs.map((run) => {
    const end = new Date(run.last.getFullYear(), run.last.getMonth(), run.last.getDate(), 23, 59, 59, 999);
    const label =
      granularity === 'week'
        ? `${shortMonthDay(run.first)}-${shortMonthDay(run.last)}`
        : granularity === 'month'
          ? shortMonth(run.first)
          : String(year);
    return { label, start: run.first, end };
  });
}

export function referenceValueUnits(record: OpportunityRecord, raw: boolean): bigint {
  const cents = BigInt(Math.round(record.revenue * 100));
  return raw ? cents * 100n : cents * BigInt(record.probability);
}

export function referenceBuckets(records: readonly OpportunityRecord[], filters: ReferenceFilters): ReferenceBucket[] {
  const buckets: ReferenceBucket[] = referencePeriods(filters.granularity, filters.year, filters.today).map(
    (period) => ({ ...period, units: 0n }),
  );
  const raw = filters.granularity === 'month' && filters.salespersonId === 0;
  for (const record of records) {
    if (filters.salespersonId !== 0 && record.salesperson_id !== filters.salespersonId) continue;
    const instant = new Date(record.created_date).getTime();
    const bucket = buckets.find((b) => b.start.getTime() <= instant && instant <= b.end.getTime());
    if (bucket) bucket.units += referenceValueUnits(record, raw);
  }
  return buckets;
}

/**
 * The days of a year as GET /api/opportunities/days sums them in the browser's time zone
 * (server/routes/opportunities.ts: grouped by the local date, revenue and revenue ×
 * probability / 100 summed exactly as numeric, then written as doubles), made here the
 * obvious way: BigInt cents, a local date text per opportunity.
 */
export function daysAsTheServerSumsThem(records: readonly OpportunityRecord[]): DayRecord[] {
  const byDate = new Map<string, { opportunities: number; cents: bigint; weightedUnits: bigint }>();
  for (const record of records) {
    const date = format(new Date(record.created_date), 'yyyy-MM-dd');
    const cents = BigInt(Math.round(record.revenue * 100));
    const day = byDate.get(date) ?? { opportunities: 0, cents: 0n, weightedUnits: 0n };
    day.opportunities += 1;
    day.cents += cents;
    day.weightedUnits += cents * BigInt(record.probability);
    byDate.set(date, day);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, day]) => ({ date, opportunities: day.opportunities, revenue: Number(day.cents) / 100, weighted: Number(day.weightedUnits) / 10_000 }));
}
