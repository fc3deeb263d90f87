import * as Plot from '@observablehq/plot';
import type { Bucket } from '../../domain/revenue/index.ts';
import { formatMoney, formatMoneyCompact } from '../../domain/money.ts';

/** Spec section 9: the chart is 350 px high. */
export const CHART_HEIGHT = 350;

/** Two blues, alternating from bar to bar so neighbouring periods stay apart. */
export const CHART_BLUES = ['#1d4ed8', '#60a5fa'] as const;

/** Bars fill a quarter of their band ("column width 25%"). */
const BAR_SHARE_OF_BAND = 0.25;

/** Roughly the room one horizontal period label needs. */
const LABEL_ROOM_PX = 56;

/** Axis text, at the smallest size people read comfortably. */
const FONT_SIZE_PX = 12;

/** How far period labels turn when they are many, and roughly how wide a character of them is. */
const LABEL_ROTATION_DEG = 40;
const CHAR_WIDTH_PX = FONT_SIZE_PX * 0.6;

export interface RevenueChartOptions {
  width: number;
  /** The tenant's ISO 4217 currency code. */
  currency: string;
  /** Plot builds with this document; tests pass a jsdom one. */
  document?: Document;
}

interface Bar {
  period: string;
  revenue: number;
  count: number;
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
 * The room under the chart for turned period labels: the drop of the longest, its
 * tick, and the axis's own label ('Period') below them, which they ran into on a phone.
 */
function turnedLabelsMargin(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const drop = longest * CHAR_WIDTH_PX * Math.sin((LABEL_ROTATION_DEG * Math.PI) / 180);
  return Math.max(64, Math.ceil(drop) + 30);
}

function opportunitiesLabel(count: number): string {
  return count === 1 ? '1 opportunity' : `${count.toLocaleString('en-US')} opportunities`;
}

/** What a bar says on hover and to a screen reader when it has focus: period, amount and count. */
export function barDescription(bar: Pick<Bar, 'period' | 'revenue' | 'count'>, currency: string): string {
  return `${bar.period}\nRevenue: ${formatMoney(bar.revenue, currency)}\n${opportunitiesLabel(bar.count)}`;
}

/**
 * Each bar becomes a stop for the keyboard, named by its own tooltip, so a
 * person without a mouse reads the same period, amount and count.
 */
function focusableBars(chart: SVGSVGElement | HTMLElement): void {
  for (const rect of chart.querySelectorAll('rect')) {
    const title = rect.querySelector('title')?.textContent;
    if (!title) continue;
    rect.setAttribute('tabindex', '0');
    rect.setAttribute('role', 'img');
    rect.setAttribute('aria-label', title.replaceAll('\n', ', '));
  }
}

/**
 * Plot puts a stylesheet in every chart it draws. Each new sheet in the page makes
 * the browser rebuild its style rules, on every filter change; the same rules live
 * once in dashboard.css instead (`.revenue-chart`).
 */
function withoutOwnStylesheet(chart: SVGSVGElement | HTMLElement): void {
  for (const sheet of chart.querySelectorAll(':scope > style')) sheet.remove();
}

/**
 * The revenue chart for a set of buckets: one stacked bar series 'Revenue',
 * a band per period. A period without revenue draws no bar (its band stays, so
 * the gap shows), and the y axis starts at 0 whatever the data. Each bar
 * carries its period, amount and count as its tooltip and accessible name.
 * A pure function of its arguments; the screen only mounts the result.
 */
export function buildRevenueChart(buckets: readonly Bucket[], options: RevenueChartOptions): SVGSVGElement | HTMLElement {
  const bars: Bar[] = buckets.flatMap((bucket, index) =>
    bucket.revenue > 0
      ? [
          {
            period: bucket.label,
            revenue: bucket.revenue,
            count: bucket.count,
            series: 'Revenue' as const,
            shade: index % 2 === 0 ? ('first' as const) : ('second' as const),
          },
        ]
      : [],
  );
  const periods = buckets.map((bucket) => bucket.label);
  const { currency } = options;
  // With nothing to draw the axis still needs a span; 0 stays at the bottom.
  const highest = Math.max(0, ...bars.map((bar) => bar.revenue));
  const manyPeriods = periods.length > Math.floor(options.width / LABEL_ROOM_PX);
  const ticks = labelledPeriods(periods, options.width);

  const chart = Plot.plot({
    width: options.width,
    height: CHART_HEIGHT,
    style: { fontSize: `${FONT_SIZE_PX}px` },
    marginLeft: 64,
    marginBottom: manyPeriods ? turnedLabelsMargin(ticks) : 36,
    ariaLabel: 'Revenue by period',
    ...(options.document ? { document: options.document } : {}),
    x: {
      type: 'band',
      domain: periods,
      paddingInner: 1 - BAR_SHARE_OF_BAND,
      paddingOuter: (1 - BAR_SHARE_OF_BAND) / 2,
      label: 'Period',
      ticks,
      tickRotate: manyPeriods ? -LABEL_ROTATION_DEG : 0,
    },
    y: {
      label: 'Revenue',
      grid: true,
      nice: true,
      domain: [0, highest > 0 ? highest : 1],
      ticks: 6,
      tickFormat: (value: number) => formatMoneyCompact(value, currency),
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
          title: (bar: Bar) => barDescription(bar, currency),
        }),
      ),
      // The baseline is drawing, not content: named, Plot's group would carry an
      // aria-label on an element whose role forbids one (axe: aria-prohibited-attr).
      Plot.ruleY([0], { ariaHidden: 'true' }),
    ],
  });
  focusableBars(chart);
  withoutOwnStylesheet(chart);
  return chart;
}
