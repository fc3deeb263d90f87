// @vitest-environment jsdom
import axe from 'axe-core';
import { describe, expect, test } from 'vitest';
import { CHART_BLUES, CHART_HEIGHT, buildRevenueChart } from '../../../../src/ui/dashboard/revenue-chart.ts';
import type { Bucket } from '../../../../src/domain/revenue/index.ts';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
const revenues = [12_345.6, 0, 98_000, 1_234_567.89, 45.5, 7_000];
const buckets: Bucket[] = months.map((label, month) => ({
  label,
  start: new Date(2025, month, 1),
  end: new Date(2025, month + 1, 0, 23, 59, 59, 999),
  revenue: revenues[month]!,
  count: revenues[month] === 0 ? 0 : month + 1,
}));
const drawn = buckets.filter((bucket) => bucket.revenue > 0);

const chart = (data: readonly Bucket[] = buckets) => buildRevenueChart(data, { width: 640, currency: 'EUR', document });
const tickLabels = (svg: Element, axis: 'x' | 'y') =>
  [...svg.querySelectorAll(`[aria-label="${axis}-axis tick label"] text`)].map((text) => text.textContent);

describe('revenue chart', () => {
  test('the SVG for a fixed data set matches its snapshot', async () => {
    await expect(chart().outerHTML).toMatchFileSnapshot('__snapshots__/revenue-chart.svg');
  });

  test('brings no stylesheet of its own into the page (its rules are in dashboard.css, once)', () => {
    expect(chart().querySelector('style')).toBeNull();
  });

  test('is 350 px high with one bar per period that has revenue', () => {
    const svg = chart();
    expect(svg.getAttribute('height')).toBe('350');
    expect(svg.querySelectorAll('rect')).toHaveLength(drawn.length);
    // The empty period keeps its place on the axis.
    expect(tickLabels(svg, 'x')).toEqual(months);
  });

  test('a range without revenue draws no bar at all, and its axis still starts at 0', () => {
    const svg = chart(buckets.map((bucket) => ({ ...bucket, revenue: 0, count: 0 })));
    expect(svg.querySelectorAll('rect')).toHaveLength(0);
    expect(tickLabels(svg, 'y')[0]).toBe('€0');
  });

  test('the y axis starts at 0 with compact amounts in the currency, text at 12 px', () => {
    const svg = chart();
    const ticks = tickLabels(svg, 'y');
    expect(ticks[0]).toBe('€0');
    expect(ticks).toContain('€1M');
    expect(svg.getAttribute('style')).toContain('font-size: 12px');
    const dollars = buildRevenueChart(buckets, { width: 640, currency: 'USD', document });
    expect(tickLabels(dollars, 'y')).toContain('$1M');
  });

  test('each bar is a quarter of its band wide (to the pixel Plot rounds to)', () => {
    const rects = [...chart().querySelectorAll('rect')];
    const step = Number(rects[2]!.getAttribute('x')) - Number(rects[1]!.getAttribute('x'));
    for (const rect of rects) expect(Math.abs(Number(rect.getAttribute('width')) - step / 4)).toBeLessThanOrEqual(1);
  });

  test('bars alternate between two blues by period', () => {
    const fills = [...chart().querySelectorAll('rect')].map((rect) => rect.getAttribute('fill'));
    expect(fills).toEqual([0, 2, 3, 4, 5].map((month) => CHART_BLUES[month % 2]));
  });

  test('each bar has a tooltip and a keyboard stop giving its period, amount and count', () => {
    const rects = [...chart().querySelectorAll('rect')];
    expect(rects[0]!.querySelector('title')!.textContent).toBe('Jan\nRevenue: €12,345.60\n1 opportunity');
    expect(rects[2]!.querySelector('title')!.textContent).toBe('Apr\nRevenue: €1,234,567.89\n4 opportunities');
    for (const rect of rects) {
      expect(rect.getAttribute('tabindex')).toBe('0');
      expect(rect.getAttribute('aria-label')).toMatch(/^\w+, Revenue: €[\d,.]+, \d+ opportunit/);
    }
  });

  test('axe finds nothing wrong with it', async () => {
    const host = document.createElement('main');
    host.append(chart());
    document.body.replaceChildren(host);
    const results = await axe.run(host, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
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
      revenue: (i + 1) * 100,
      count: 1,
    }));
    const svg = buildRevenueChart(weeks, { width: 640, currency: 'EUR', document });
    expect(svg.querySelectorAll('rect')).toHaveLength(53);
    const xTicks = svg.querySelectorAll('[aria-label="x-axis tick label"] text');
    expect(xTicks.length).toBeGreaterThan(5);
    expect(xTicks.length).toBeLessThanOrEqual(Math.floor(640 / 56));
  });
});

test("on a phone, a year's weeks turn their labels and leave room under them for the axis's own label", () => {
  const weeks: Bucket[] = Array.from({ length: 48 }, (_, i) => ({
    label: `May ${10 + (i % 9)}-May ${17 + (i % 9)}`,
    start: new Date(2025, 0, 1 + 7 * i),
    end: new Date(2025, 0, 7 + 7 * i, 23, 59, 59, 999),
    revenue: (i + 1) * 100,
    count: 1,
  }));
  const svg = buildRevenueChart(weeks, { width: 300, currency: 'EUR', document });
  const tick = svg.querySelector('[aria-label="x-axis tick"] path')!;
  const axisY = Number(/translate\([^,]+,\s*([\d.]+)\)/.exec(tick.getAttribute('transform') ?? '')?.[1]);
  // 'May 18-May 24' turned by 40°: its drop, the tick and a line for 'Period'.
  const drop = 'May 18-May 24'.length * 12 * 0.6 * Math.sin((40 * Math.PI) / 180);
  expect(CHART_HEIGHT - axisY).toBeGreaterThanOrEqual(drop + 24);
});
