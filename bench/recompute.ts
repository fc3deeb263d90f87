/**
 * How long the dashboard takes to recompute its buckets when a filter
 * changes, for a year of a sales floor and for ten times as many (the budgets
 * are in bench/run.ts). Data is prepared once, as when it loads; each filter
 * combination is then recomputed many times and the median and p90 reported.
 *
 * Run alone with `node --import tsx bench/recompute.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  type Granularity,
  type OpportunityRecord,
  bucketRevenue,
  prepareOpportunities,
} from '../src/domain/revenue/index.ts';
import { median, percentile } from './figures.ts';

export interface BenchFigure {
  figure: string;
  median: number;
  p90: number;
  budget: number;
  pass: boolean;
}

const YEAR = 2025;
const TODAY = new Date(2026, 10, 22);
const SALESPERSONS = 25;

/** A deterministic generator so every run measures the same data. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function opportunitiesOfOneYear(count: number): OpportunityRecord[] {
  const random = mulberry32(count);
  const from = new Date(YEAR, 0, 1).getTime();
  const span = new Date(YEAR + 1, 0, 1).getTime() - from;
  return Array.from({ length: count }, () => ({
    created_date: new Date(from + Math.floor(random() * span)).toISOString(),
    revenue: Math.round(random() * 50_000_00) / 100,
    probability: Math.floor(random() * 101),
    salesperson_id: 1 + Math.floor(random() * SALESPERSONS),
  }));
}

const COMBINATIONS: Array<{ granularity: Granularity; salespersonId: number; who: string }> = (
  ['week', 'month', 'year'] as const
).flatMap((granularity) => [
  { granularity, salespersonId: 0, who: 'All' },
  { granularity, salespersonId: 7, who: 'one salesperson' },
]);

export async function benchRecompute(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const { count, budget, runs } of [
    { count: 100_000, budget: 5, runs: 300 },
    { count: 1_000_000, budget: 50, runs: 60 },
  ]) {
    const prepared = prepareOpportunities(opportunitiesOfOneYear(count));
    for (const { granularity, salespersonId, who } of COMBINATIONS) {
      const filters = { granularity, year: YEAR, salespersonId, today: TODAY };
      for (let i = 0; i < 20; i += 1) bucketRevenue(prepared, filters);
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        bucketRevenue(prepared, filters);
        times.push(performance.now() - started);
      }
      const middle = median(times);
      figures.push({
        figure: `recompute ${count.toLocaleString('en-US')} opportunities, ${granularity}, ${who}`,
        median: middle,
        p90: percentile(times, 0.9),
        budget,
        pass: middle <= budget,
      });
    }
  }
  return figures;
}

function printTable(figures: BenchFigure[]): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.table(
    figures.map((f) => ({
      figure: f.figure,
      median: ms(f.median),
      p90: ms(f.p90),
      budget: `≤ ${f.budget} ms`,
      result: f.pass ? 'pass' : 'FAIL',
    })),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchRecompute();
  printTable(figures);
  if (figures.some((f) => !f.pass)) process.exitCode = 1;
}
