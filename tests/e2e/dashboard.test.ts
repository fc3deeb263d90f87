import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { UNITS_PER_CURRENCY_UNIT, type Granularity, type OpportunityRecord } from '../../src/domain/revenue/index.ts';
import { referenceBuckets } from '../support/revenue-reference.ts';
import { formatMoney } from '../../src/domain/money.ts';
import { openBrowser, signIn, type BrowserSession, type TrackedPage } from '../support/browser.ts';

/**
 * The dashboard's table for the Demo tenant, checked against the slow reference
 * bucketing applied to the API's own answer, for every view of 2025 and 2026, for
 * All and for one salesperson.
 */
/** The demo tenant counts in euros (migration 013). */
const money = (amount: number) => formatMoney(amount, 'EUR');
const granularities: Granularity[] = ['week', 'month', 'year'];
const label = (granularity: Granularity) => granularity[0]!.toUpperCase() + granularity.slice(1);

let browser: BrowserSession;
let tracked: TrackedPage;
let page: Page;
let api: (path: string, body?: unknown) => Promise<unknown>;
let tenantId: number;

beforeAll(async () => {
  browser = await openBrowser();
  tracked = await browser.newPage({ width: 1280, height: 900 });
  page = tracked.page;
  await signIn(page, 'manager@demo.test');
  await page.getByRole('table', { name: 'Revenue by period' }).waitFor();
  const session = await page.evaluate(() => ({
    token: JSON.parse(sessionStorage.getItem('crm.session.tokens')!).accessToken as string,
    tenantId: JSON.parse(localStorage.getItem('user-storage')!).tenant_id as number,
  }));
  tenantId = session.tenantId;
  api = async (path, body) => {
    const response = await fetch(browser.baseUrl + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(200);
    return response.json();
  };
});

afterAll(async () => {
  await browser?.close();
});

async function tableRows(): Promise<string[][]> {
  return page
    .getByRole('table', { name: 'Revenue by period' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].slice(0, 2).map((cell) => cell.textContent ?? '')));
}

describe('the revenue dashboard of the Demo tenant', () => {
  test('shows Total Revenue for this year from 01 Jan to today', async () => {
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${today.getFullYear()}.01.01 - ${today.getFullYear()}.${pad(today.getMonth() + 1)}.${pad(today.getDate())}`;
    await expect.poll(() => page.getByText(expected).count()).toBeGreaterThan(0);
  });

  for (const year of [2025, 2026]) {
    test(`the table of ${year} matches the API's answer for week, month and year, All and one salesperson`, async () => {
      const records = (await api('/api/opportunities/anlaysis', { year, tenantId })) as OpportunityRecord[];
      const salespersons = (await api(`/api/salespersons/getAllData/${tenantId}`)) as Array<{ id: number }>;
      expect(records.length).toBeGreaterThan(0);
      await page.getByLabel('Year').selectOption(String(year));
      for (const salespersonId of [0, salespersons[1]!.id]) {
        await page.getByLabel('Salesperson').selectOption(String(salespersonId));
        for (const granularity of granularities) {
          await page.getByRole('button', { name: label(granularity) }).click();
          const expected = referenceBuckets(records, { granularity, year, salespersonId, today: new Date() }).map(
            (bucket) => [bucket.label, money(Number(bucket.units) / UNITS_PER_CURRENCY_UNIT)],
          );
          await expect.poll(tableRows, { timeout: 10_000 }).toEqual(expected);
        }
      }
    });
  }

  test('a salesperson without revenue shows no bars, and says so, in every view', async () => {
    // Wren Weber is seeded without opportunities.
    await page.getByLabel('Salesperson').selectOption({ label: 'Wren Weber' });
    const bars = page.getByRole('img', { name: /Revenue: / });
    for (const granularity of granularities) {
      await page.getByRole('button', { name: label(granularity) }).click();
      await page.getByText('No revenue in this period').waitFor();
      await expect.poll(() => bars.count()).toBe(0);
    }
    // The same bars are there for everyone's revenue.
    await page.getByLabel('Salesperson').selectOption('0');
    await expect.poll(() => bars.count()).toBeGreaterThan(0);
    expect(await page.getByText('No revenue in this period').count()).toBe(0);
  });

  test('the view states whether its figures are weighted: month with All is not, every other view is', async () => {
    await page.getByLabel('Salesperson').selectOption('0');
    await page.getByRole('button', { name: 'Month' }).click();
    await page.getByText('Unweighted: the month view of all salespersons adds up revenue as it is.').waitFor();
    await page.getByRole('button', { name: 'Week' }).click();
    await page.getByText('Weighted: each opportunity counts its revenue × probability ÷ 100.').waitFor();
  });

  test('the filters live in the address and survive a reload', async () => {
    await page.getByLabel('Year').selectOption('2025');
    await page.getByRole('button', { name: 'Month' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('granularity')).toBe('month');
    await page.reload();
    await page.getByRole('table', { name: 'Revenue by period' }).waitFor();
    await expect.poll(() => page.getByLabel('Year').inputValue()).toBe('2025');
    expect(await page.getByRole('button', { name: 'Month' }).getAttribute('aria-pressed')).toBe('true');
    expect(tracked.cspViolations).toEqual([]);
    expect(tracked.pageErrors).toEqual([]);
  });

  test("with the API's days of a year the chart is drawn from them, and the year's analysis is asked for only after", async () => {
    await page.goto(`${browser.baseUrl}/dashboard`);
    await page.getByRole('table', { name: 'Revenue by period' }).waitFor();
    const timings = () =>
      page.evaluate(() => ({
        drawn: performance.getEntriesByName('crm:chart-drawn')[0]?.startTime ?? null,
        days: performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/opportunities/days/')).map((entry) => entry.startTime),
        analysis: performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/opportunities/anlaysis')).map((entry) => entry.startTime),
      }));
    await expect.poll(async () => (await timings()).analysis.length).toBe(1);
    const { drawn, days, analysis } = await timings();
    // This year's and last year's days, both before the chart; the analysis after it.
    expect(days).toHaveLength(2);
    expect(Math.max(...days)).toBeLessThan(drawn!);
    expect(analysis[0]).toBeGreaterThan(drawn!);
  });
});
