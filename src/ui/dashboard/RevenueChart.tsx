import { useLayoutEffect, useRef } from 'react';
import type { Bucket } from '../../domain/revenue/index.ts';
import { CHART_HEIGHT, buildRevenueChart } from './revenue-chart.ts';
import { useSettledWidth } from './use-settled-width.ts';

/** Set once the first chart is in the page: the bench times the dashboard on a phone to it (bench/dashboard-lighthouse.ts). */
const CHART_DRAWN_MARK = 'crm:chart-drawn';

/** Mounts the built chart and swaps it when the buckets, the currency or the settled width change. */
export function RevenueChart({ buckets, currency }: { buckets: readonly Bucket[]; currency: string }) {
  const container = useRef<HTMLDivElement>(null);
  const width = useSettledWidth(container);

  // Drawn before the browser paints the commit that shows it: the dashboard's flow asks the year's
  // analysis after the next paint, and the chart must already be in that frame.
  useLayoutEffect(() => {
    const host = container.current;
    if (!host || width === 0) return;
    const chart = buildRevenueChart(buckets, { width, currency });
    host.append(chart);
    if (performance.getEntriesByName(CHART_DRAWN_MARK).length === 0) performance.mark(CHART_DRAWN_MARK);
    return () => chart.remove();
  }, [buckets, currency, width]);

  return <div ref={container} className="revenue-chart" style={{ height: CHART_HEIGHT }} />;
}
