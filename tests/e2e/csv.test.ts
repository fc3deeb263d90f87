import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/domain/csv/csv.ts';
import { axeViolations } from '../support/axe.ts';
import { browserForFile, chooseIn, signInAndOpen } from '../support/browser.ts';

const browser = browserForFile();
const run = Date.now().toString(36);

/** The opportunity list's figures (count, revenue, weighted revenue) as numbers, whatever the currency. */
async function figures(page: Page): Promise<number[]> {
  const texts = await page.getByRole('definition').allInnerTexts();
  return texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
}

async function listFigures(page: Page, address: string): Promise<number[]> {
  await page.goto(address);
  await page.getByRole('heading', { name: 'Opportunities', level: 1 }).waitFor();
  await page.getByRole('table').waitFor();
  return figures(page);
}

describe('CSV export and import (issue 17)', () => {
  test('a CSV exported from the opportunity list (in its sort) re-imports into another tenant with the same figures', async () => {
    const address = '/opportunity?year=2025&search=negotiation&sort=revenue&dir=asc';
    const demo = await browser.newPage();
    await signInAndOpen(demo.page, 'admin@demo.test', '/dashboard');
    const exported = await listFigures(demo.page, address);
    expect(exported[0]).toBeGreaterThan(0);
    const [download] = await Promise.all([demo.page.waitForEvent('download'), demo.page.getByRole('button', { name: 'Export CSV' }).click()]);
    const file = readFileSync((await download.path())!);
    await demo.context.close();
    const rows = parseCsv(file.toString('utf8')).slice(1);
    expect(rows.length).toBe(exported[0]);
    // In the list's order: revenue, smallest first (the file's sixth column).
    const revenues = rows.map((row) => Number(row[5]));
    expect(revenues.length).toBeGreaterThan(2);
    expect(revenues).toEqual([...revenues].sort((a, b) => a - b));

    const globex = await browser.newPage();
    await signInAndOpen(globex.page, 'admin@globex.test', '/dashboard');
    const before = await listFigures(globex.page, address);
    await globex.page.getByRole('link', { name: 'Import CSV' }).click();
    await globex.page.getByRole('heading', { name: 'Import opportunities', level: 1 }).waitFor();
    await globex.page.getByLabel('CSV file').setInputFiles({ name: `demo-${run}.csv`, mimeType: 'text/csv', buffer: file });
    // Demo's salespersons are not Globex's: their deals go to one Globex salesperson.
    await chooseIn(globex.page, 'Salesperson for rows naming none of yours', 'scorp', 'Hank Scorpio');
    await globex.page.getByRole('button', { name: 'Check the rows' }).click();
    await globex.page.getByText(`${exported[0]} rows can be imported; 0 rows have a problem`).waitFor();
    await globex.page.getByRole('button', { name: `Import ${exported[0]} rows` }).click();
    await globex.page.getByRole('dialog', { name: `Import ${exported[0]} rows?` }).getByRole('button', { name: 'Import', exact: true }).click();
    await globex.page.getByRole('link', { name: 'Open the opportunity list' }).waitFor();
    await expect(globex.page.getByRole('main').getByRole('status').filter({ hasText: 'imported' }).innerText()).resolves.toBe(`${exported[0]} rows imported.`);

    const after = await listFigures(globex.page, address);
    const added = after.map((figure, at) => Math.round((figure - before[at]!) * 100) / 100);
    // Count and revenue exactly; the weighted totals are shown rounded to the cent, each on its own.
    expect(added.slice(0, 2)).toEqual(exported.slice(0, 2));
    expect(Math.abs(added[2]! - exported[2]!)).toBeLessThanOrEqual(0.011);
    expect(globex.pageErrors).toEqual([]);
    await globex.context.close();
  });

  test("the customer and activity lists' CSV files come in the list's sort", async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'admin@demo.test', '/dashboard');
    /** The list's first page (the cells the rows are known by) and the file its Export CSV gives. */
    const pageAndFile = async (address: string, heading: string, shown: () => Promise<string[]>) => {
      await page.goto(address);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('table').waitFor();
      const onPage = await shown();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      return { onPage, file: parseCsv(readFileSync((await download.path())!).toString('utf8')).slice(1) };
    };
    // Smallest revenue of the year first: the customers without any tie on it, and go by name.
    const customers = await pageAndFile('/customer?year=2025&sort=revenue&dir=asc', 'Customers', () => page.getByRole('table').getByRole('rowheader').allInnerTexts());
    expect(customers.onPage.length).toBe(10);
    expect(customers.file.slice(0, 10).map((cells) => cells[0])).toEqual(customers.onPage);
    // Kinds from the last: many activities share one, and keep the order they were loaded in.
    const subjects = async () => (await page.getByRole('checkbox', { name: /^Done: / }).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')!))).map((label) => label.slice('Done: '.length));
    const activities = await pageAndFile('/activity?view=all&sort=kind&dir=desc', 'Activities', subjects);
    expect(activities.onPage.length).toBe(10);
    expect(activities.file.slice(0, 10).map((cells) => cells[2])).toEqual(activities.onPage);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a CSV with one bad row among valid ones shows the bad row and its reason, and imports nothing until confirmed', async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'admin@globex.test', '/import-Customer');
    await page.getByRole('heading', { name: 'Import customers', level: 1 }).waitFor();
    const names = [`CSV Alpha ${run}`, `CSV Bravo ${run}`, `CSV Charlie ${run}`];
    const csv = `Name,Company,Email\n${names[0]},Alpha Ltd,alpha@example.com\n${names[1]},Bravo Ltd,not an address\n${names[2]},Charlie Ltd,\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('2');
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByText('2 rows can be imported; 1 row has a problem and will be left out.').waitFor();
    const bad = page.getByRole('row').filter({ hasText: names[1]! });
    await expect(bad.getByRole('cell').nth(1).innerText()).resolves.toBe('Email must be an e-mail address such as name@example.com, or empty.');
    expect(await axeViolations(page)).toEqual([]);

    // Nothing is in the customer list before the confirmation, as another Globex admin sees it.
    const colleague = await browser.newPage();
    const other = colleague.page;
    await signInAndOpen(other, 'ops@globex.test', '/customer');
    await other.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await other.getByRole('table').waitFor();
    // The list shows ten a page: searched for this run's names, which the address keeps over the reload below.
    await other.getByLabel('Search customers by name or company').fill(run);
    await other.getByText('No customers match the search.').waitFor();
    await expect(other.getByRole('rowheader', { name: names[0], exact: true }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import 2 rows?' });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('link', { name: 'Open the customer list' }).waitFor();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'imported' }).innerText()).resolves.toBe(
      '2 rows imported. 1 row was left out for their problems.',
    );
    await other.reload();
    await other.getByRole('rowheader', { name: names[0], exact: true }).waitFor();
    await expect(other.getByRole('rowheader', { name: names[2], exact: true }).count()).resolves.toBe(1);
    await expect(other.getByRole('rowheader', { name: names[1], exact: true }).count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await colleague.context.close();
    await context.close();
  });
});
