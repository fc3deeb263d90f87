/**
 * One row of the benchmark table: what was measured, the median of several runs,
 * the budget it is held to and whether it kept it. A figure that could not be
 * measured in this run says why instead of passing.
 */
export interface Figure {
  figure: string;
  /** The median of the runs, in `unit`; null when it could not be measured. */
  median: number | null;
  unit: 'KB' | 'ms' | 'MB' | 'score' | '' | 'req/s' | '%' | 'count';
  /** How the budget reads in the table, e.g. "≤ 120 KB". */
  budget: string;
  pass: boolean;
  /** The real value is above the median shown (a load run ended before the server caught up). */
  lowerBound?: boolean;
  /** How many runs the median is of, and anything a reader needs to judge it. */
  note?: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The nearest-rank percentile: the smallest value at least the fraction `p` of the values do not exceed (0.95 for the 95th). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  // A percent given for a fraction (95 for 0.95) would silently answer the largest value.
  if (!(p > 0 && p <= 1)) throw new RangeError(`percentile takes a fraction in (0, 1], not ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** A figure held to an upper bound (`≤ budget`). */
export function atMost(figure: string, median: number, unit: Figure['unit'], budget: number, note?: string): Figure {
  return { figure, median, unit, budget: `≤ ${budget} ${unit === 'count' ? '' : unit}`.trim(), pass: median <= budget, ...(note ? { note } : {}) };
}

/** A figure held to a lower bound (`≥ budget`). */
export function atLeast(figure: string, median: number, unit: Figure['unit'], budget: number, note?: string): Figure {
  return { figure, median, unit, budget: `≥ ${budget} ${unit}`.trim(), pass: median >= budget, ...(note ? { note } : {}) };
}

/** A figure this run could not measure: it fails, and the note says why. */
export function notMeasured(figure: string, budget: string, why: string): Figure {
  return { figure, median: null, unit: '', budget, pass: false, note: `not measured: ${why}` };
}

export function formatValue(figure: Figure): string {
  if (figure.median === null) return '—';
  const digits = figure.unit === 'score' || figure.unit === 'req/s' || figure.unit === 'count' ? 0 : figure.median < 10 ? 2 : 1;
  return `${figure.lowerBound ? '> ' : ''}${figure.median.toFixed(digits)}${figure.unit && figure.unit !== 'count' ? ` ${figure.unit}` : ''}`;
}

/** The table as Markdown, for the terminal and for docs/performance.md. */
export function markdownTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => `| ${f.figure} | ${formatValue(f)} | ${f.budget} | ${f.pass ? 'pass' : '**FAIL**'} | ${f.note ?? ''} |`);
  return ['| figure | median | budget | result | notes |', '|---|---|---|---|---|', ...rows].join('\n');
}
