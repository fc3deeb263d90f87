/**
 * The dashboard on a phone: Lighthouse's mobile preset (a mid-range phone, slow 4G,
 * 4× slower CPU) applied to Chromium through DevTools (`throttlingMethod: 'devtools'`),
 * so the app really runs that slowly and its own mark of the drawn chart
 * ('crm:chart-drawn', set by the chart once its bars are in the page) is a throttled
 * time, from the navigation's start. Signed in first in the same tab, since the
 * session's tokens live in that tab's session storage, which Lighthouse keeps
 * (`disableStorageReset`).
 */
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { atMost, median, notMeasured, type Figure } from './figures.ts';
import { withDebuggingChromium } from './lighthouse.ts';

export const CHART_DRAWN_MARK = 'crm:chart-drawn';
const BUDGET_MS = 4000;
const SIGN_IN_TIMEOUT_MS = 90_000;

async function oneRun(baseUrl: string, email: string, password: string): Promise<number> {
  return withDebuggingChromium(async (port) => {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
    try {
      const page = await browser.newPage();
      await page.goto(`${baseUrl}/dashboard`);
      await page.waitForSelector('#email', { timeout: SIGN_IN_TIMEOUT_MS });
      await page.type('#email', email);
      await page.type('#password', password);
      await Promise.all([page.waitForNavigation({ timeout: SIGN_IN_TIMEOUT_MS }), page.click('button[type="submit"]')]);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, { timeout: SIGN_IN_TIMEOUT_MS }, CHART_DRAWN_MARK);

      const result = await lighthouse(
        `${baseUrl}/dashboard`,
        { output: 'json', logLevel: 'error', throttlingMethod: 'devtools', disableStorageReset: true, onlyAudits: ['user-timings', 'network-requests'] },
        undefined,
        page,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse gave no result for /dashboard');
      if (lhr.runtimeError) throw new Error(`Lighthouse could not audit /dashboard: ${lhr.runtimeError.message}`);
      const items = ((lhr.audits['user-timings']?.details as { items?: { name: string; startTime: number }[] } | undefined)?.items ?? []);
      const drawn = items.find((item) => item.name === CHART_DRAWN_MARK);
      if (!drawn) throw new Error('the chart was not drawn while Lighthouse watched');
      console.error(`[bench] dashboard on a phone: chart drawn at ${Math.round(drawn.startTime)} ms; ${timeline(lhr.audits['network-requests']?.details)}`);
      return drawn.startTime;
    } finally {
      await browser.disconnect();
    }
  });
}

/** Where the time went: each request of the page's own origin but its scripts and styles, from the navigation's start (ms). */
function timeline(details: unknown): string {
  const items = (details as { items?: { url: string; networkRequestTime?: number; networkEndTime?: number; transferSize?: number }[] } | undefined)?.items ?? [];
  return items
    .filter((item) => !/\.(js|css|woff2?)$/.test(new URL(item.url).pathname))
    .map((item) => `${new URL(item.url).pathname} ${Math.round(item.networkRequestTime ?? 0)}→${Math.round(item.networkEndTime ?? 0)} (${Math.round((item.transferSize ?? 0) / 1024)} KB)`)
    .join(', ');
}

export async function dashboardLighthouseFigure(baseUrl: string, email: string, password: string, runs: number): Promise<Figure> {
  const figure = 'dashboard on a phone (Lighthouse mobile throttling): navigation to the drawn chart';
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await oneRun(baseUrl, email, password));
    return atMost(figure, median(times), 'ms', BUDGET_MS, `${runs} runs, the bench tenant's current year, slow 4G and 4× CPU applied`);
  } catch (error) {
    return notMeasured(figure, `≤ ${BUDGET_MS} ms`, (error as Error).message.split('\n')[0]!);
  }
}
