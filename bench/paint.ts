/**
 * First and largest contentful paint of a page in headless Chromium, unthrottled,
 * each run in a fresh context (empty cache, as on a first visit).
 */
import type { Browser } from 'playwright-core';
import { median } from './figures.ts';

export interface Paints {
  fcp: number;
  lcp: number;
  /** Where the page ended up, after any redirects (/signin lands on the provider's login page). */
  landedOn: string;
}

/**
 * `settlesOn` names the page to measure when the address first opened sends the
 * browser on (the app's /signin hands over to the provider's login page): the
 * paints are then those of that page, timed from its own navigation.
 */
export async function measurePaints(browser: Browser, url: string, runs: number, settlesOn?: RegExp): Promise<Paints> {
  const fcps: number[] = [];
  const lcps: number[] = [];
  let landedOn = url;
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    if (settlesOn) await page.waitForURL(settlesOn, { waitUntil: 'load' });
    landedOn = page.url();
    // Buffered observers see the entries recorded before they were made. LCP is
    // final once nothing larger paints; a short quiet spell after load settles it.
    const { fcp, lcp } = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number }>((resolve) => {
          let fcp = Number.NaN;
          let lcp = Number.NaN;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') fcp = entry.startTime;
          }).observe({ type: 'paint', buffered: true });
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            lcp = entries[entries.length - 1]!.startTime;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve({ fcp, lcp }), 500);
        }),
    );
    await context.close();
    if (!Number.isFinite(fcp) || !Number.isFinite(lcp)) throw new Error(`${url} reported no contentful paint (fcp ${fcp}, lcp ${lcp})`);
    fcps.push(fcp);
    lcps.push(lcp);
  }
  return { fcp: median(fcps), lcp: median(lcps), landedOn };
}
