// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { CHART_BLUES, buildRevenueChart } from '../../../../src/ui/dashboard/revenue-chart.ts';
import type { Bucket } from '../../../../src/domain/revenue/index.ts';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
const buckets: Bucket[] = months.map((label, month) => ({
  label,
  start: new Date(2025, month, 1),
  end: new Date(2025, month + 1, 0, 23, 59, 59, 999),
  revenue: [12_345.6, 0, 98_000, 1_234_567.89, 45.5, 7_000][month]!,
}));

const chart = () => buildRevenueChart(buckets, { width: 640, document });

describe('revenue chart', () => {
  test('the SVG for a fixed data set matches its snapshot', async () => {
    await expect(chart().outerHTML).toMatchFileSnapshot('__snapshots__/revenue-chart.svg');
  });

  test('is 350 px high with one bar per period', () => {
    const svg = chart();
    expect(svg.getAttribute('height')).toBe('350');
    expect(svg.querySelectorAll('rect')).toHaveLength(buckets.length);
  });

  test('each bar is a quarter of its band wide (to the pixel Plot rounds to)', () => {
    const rects = [...chart().querySelectorAll('rect')];
    const xs = rects.map((rect) => Number(rect.getAttribute('x')));
    const step = xs[1]! - xs[0]!;
    for (const rect of rects) expect(Math.abs(Number(rect.getAttribute('width')) - step / 4)).toBeLessThanOrEqual(1);
  });

  test('bars alternate between two blues', () => {
    const fills = [...chart().querySelectorAll('rect')].map((rect) => rect.getAttribute('fill'));
    expect(fills).toEqual(months.map((_, i) => CHART_BLUES[i % 2]));
  });

  test('each bar has a tooltip with its period and value', () => {
    const titles = [...chart().querySelectorAll('rect > title')].map((title) => title.textContent);
    expect(titles[0]).toBe('Jan\nRevenue: 12,345.60');
    expect(titles[3]).toBe('Apr\nRevenue: 1,234,567.89');
  });

  test('its axes are labelled Period and Revenue', () => {
    const text = chart().textContent ?? '';
    expect(text).toContain('Period');
    expect(text).toContain('Revenue');
  });

  test('a 53-week year keeps every bar but thins its labels so they do not overlap', () => {
    const weeks: Bucket[] = Array.from({ length: 53 }, (_, i) => ({
      label: `W${i + 1}`,
      start: new Date(2025, 0, 1 + 7 * i),
      end: new Date(2025, 0, 7 + 7 * i, 23, 59, 59, 999),
      revenue: i * 100,
    }));
    const svg = buildRevenueChart(weeks, { width: 640, document });
    expect(svg.querySelectorAll('rect')).toHaveLength(53);
    const xTicks = svg.querySelectorAll('[aria-label="x-axis tick label"] text');
    expect(xTicks.length).toBeGreaterThan(5);
    expect(xTicks.length).toBeLessThanOrEqual(Math.floor(640 / 56));
  });
});
