/** What the dashboard costs a phone on the bench tenant. */
import { analysisBytesFigure } from './analysis-bytes.ts';
import { dashboardLighthouseFigure } from './dashboard-lighthouse.ts';
import type { Figure } from './figures.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, type LargeTenant } from './large-tenant.ts';

const DASHBOARD_RUNS = 3;

export async function phoneFigures(baseUrl: string, accessToken: string, tenant: LargeTenant): Promise<Figure[]> {
  console.error('[bench] analysis answer on the wire, and the dashboard under Lighthouse mobile throttling');
  return [
    await analysisBytesFigure(baseUrl, accessToken, tenant, tenant.size.previousYearOpportunities),
    await dashboardLighthouseFigure(baseUrl, BENCH_ADMIN_EMAIL, BENCH_PASSWORD, DASHBOARD_RUNS),
  ];
}
