import { useEffect, useRef } from 'react';
import type { Bucket } from '../../domain/revenue/index.ts';
import { CHART_HEIGHT, buildRevenueChart } from './revenue-chart.ts';
import { useSettledWidth } from './use-settled-width.ts';
import { FALLBACK_CURRENCY } from '../../domain/money.ts';

/** Mounts the built chart and swaps it when the buckets or the settled width change. */
export function RevenueChart({ buckets }: { buckets: readonly Bucket[] }) {
  const container = useRef<HTMLDivElement>(null);
  const width = useSettledWidth(container);

  useEffect(() => {
    const host = container.current;
    if (!host || width === 0) return;
    const chart = buildRevenueChart(buckets, { width, currency: FALLBACK_CURRENCY });
    host.append(chart);
    return () => chart.remove();
  }, [buckets, width]);

  return <div ref={container} className="revenue-chart" style={{ minHeight: CHART_HEIGHT }} />;
}
