/**
 * One Lighthouse 13 run, under the Node 24 of this folder's package (Lighthouse 13 needs
 * Node 22.19 or later; the project runs on 20), started by bench/lighthouse-node.ts with
 * the job as its one argument. It drives a Chromium the bench started with a debugging
 * port and prints the run's figures to stdout as one line of JSON. Node runs this file
 * as it is, its types stripped: only erasable TypeScript here.
 */
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { AuditJob, DashboardFigures, PerformanceFigures } from './jobs.ts';

async function performanceRun(url: string, port: number): Promise<PerformanceFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  const tbt = lhr.audits['total-blocking-time']?.numericValue;
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  const fcp = lhr.audits['first-contentful-paint']?.numericValue;
  if (score == null || tbt === undefined || cls === undefined || fcp === undefined) throw new Error(`Lighthouse left figures out for ${url}`);
  return { performance: score * 100, totalBlockingTime: tbt, cumulativeLayoutShift: cls, firstContentfulPaint: fcp, lighthouseVersion: lhr.lighthouseVersion };
}

/**
 * The dashboard signed in first in the same tab (the session's tokens live in its session
 * storage, which Lighthouse keeps with `disableStorageReset`), then Lighthouse's mobile
 * preset applied through DevTools, so the app really runs that slowly and its own mark of
 * the drawn chart is a throttled time from the navigation's start.
 */
async function dashboard(job: Extract<AuditJob, { kind: 'dashboard' }>): Promise<DashboardFigures> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${job.port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${job.baseUrl}/dashboard`);
    await page.waitForSelector('#email', { timeout: job.signInTimeoutMs });
    await page.type('#email', job.email);
    await page.type('#password', job.password);
    await Promise.all([page.waitForNavigation({ timeout: job.signInTimeoutMs }), page.click('button[type="submit"]')]);
    await page.waitForFunction((mark: string) => performance.getEntriesByName(mark).length > 0, { timeout: job.signInTimeoutMs }, job.chartDrawnMark);

    const result = await lighthouse(
      `${job.baseUrl}/dashboard`,
      { output: 'json', logLevel: 'error', throttlingMethod: 'devtools', disableStorageReset: true, onlyAudits: ['user-timings', 'network-requests'] },
      undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no result for /dashboard');
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit /dashboard: ${lhr.runtimeError.message}`);
    const items = (lhr.audits['user-timings']?.details as { items?: { name: string; startTime: number }[] } | undefined)?.items ?? [];
    const drawn = items.find((item) => item.name === job.chartDrawnMark);
    if (!drawn) throw new Error('the chart was not drawn while Lighthouse watched');
    return { chartDrawnAt: drawn.startTime, timeline: timeline(lhr.audits['network-requests']?.details), lighthouseVersion: lhr.lighthouseVersion };
  } finally {
    await browser.disconnect();
  }
}

/** Where the time went: each request of the page's own origin but its scripts and styles, from the navigation's start (ms). */
function timeline(details: unknown): string {
  const items = (details as { items?: { url: string; networkRequestTime?: number; networkEndTime?: number; transferSize?: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => !/\.(js|css|woff2?)$/.test(new URL(item.url).pathname))
    .map((item) => `${new URL(item.url).pathname} ${Math.round(item.networkRequestTime ?? 0)}→${Math.round(item.networkEndTime ?? 0)} (${Math.round((item.transferSize ?? 0) / 1024)} KB)`)
    .join(', ');
}

const job = JSON.parse(process.argv[2] ?? '{}') as AuditJob;
const figures = job.kind === 'performance' ? await performanceRun(job.url, job.port) : await dashboard(job);
process.stdout.write(`${JSON.stringify(figures)}\n`);
