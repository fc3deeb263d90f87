import * as Plot from '@observablehq/plot';
import type { Bucket } from '../../domain/revenue/index.ts';
import { formatRevenue } from './format.ts';

/** Spec section 9: the chart is 350 px high. */
export const CHART_HEIGHT = 350;

/** Two blues, alternating from bar to bar so neighbouring periods stay apart. */
export const CHART_BLUES = ['#1d4ed8', '#60a5fa'] as const;

/** Bars fill a quarter of their band ("column width 25%"). */
const BAR_SHARE_OF_BAND = 0.25;

/** Roughly the room one horizontal period label needs. */
const LABEL_ROOM_PX = 56;

export interface RevenueChartOptions {
  width: number;
  /** Plot builds with this document; tests pass a jsdom one. */
  document?: Document;
}

interface Bar {
  period: string;
  revenue: number;
  series: 'Revenue';
  shade: 'first' | 'second';
}

/**
 * Every nth period label, so that labels never overlap however many weeks the
 * year has; the bars themselves all stay.
 */
function labelledPeriods(periods: readonly string[], width: number): string[] {
  const fitting = Math.max(1, Math.floor(width / LABEL_ROOM_PX));
  const every = Math.ceil(periods.length / fitting);
  return periods.filter((_, index) => index % every === 0);
}

/**
 * The revenue chart for a set of buckets: one stacked bar series 'Revenue',
 * a band per period, each bar carrying its period and value as its tooltip.
 * A pure function of its arguments; the screen only mounts the result.
 */
export function buildRevenueChart(buckets: readonly Bucket[], options: RevenueChartOptions): SVGSVGElement | HTMLElement {
  const bars: Bar[] = buckets.map((bucket, index) => ({
    period: bucket.label,
    revenue: bucket.revenue,
    series: 'Revenue',
    shade: index % 2 === 0 ? 'first' : 'second',
  }));
  const periods = bars.map((bar) => bar.period);
  const manyPeriods = periods.length > Math.floor(options.width / LABEL_ROOM_PX);

  return Plot.plot({
    width: options.width,
    height: CHART_HEIGHT,
    marginLeft: 72,
    marginBottom: manyPeriods ? 64 : 36,
    ariaLabel: 'Revenue by period',
    ...(options.document ? { document: options.document } : {}),
    x: {
      type: 'band',
      domain: periods,
      paddingInner: 1 - BAR_SHARE_OF_BAND,
      paddingOuter: (1 - BAR_SHARE_OF_BAND) / 2,
      label: 'Period',
      ticks: labelledPeriods(periods, options.width),
      tickRotate: manyPeriods ? -40 : 0,
    },
    y: {
      label: 'Revenue',
      grid: true,
      nice: true,
      zero: true,
      tickFormat: (value: number) => formatRevenue(value).replace(/\.00$/, ''),
    },
    color: { type: 'ordinal', domain: ['first', 'second'], range: [...CHART_BLUES] },
    marks: [
      Plot.barY(
        bars,
        Plot.stackY({
          x: 'period',
          y: 'revenue',
          z: 'series',
          fill: 'shade',
          title: (bar: Bar) => `${bar.period}\n${bar.series}: ${formatRevenue(bar.revenue)}`,
        }),
      ),
      Plot.ruleY([0]),
    ],
  });
}
