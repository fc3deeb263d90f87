import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, signInAndOpen, toast, DEMO_PASSWORD } from '../support/browser.ts';

const browser = browserForFile();

// The browser tests share one database: every run saves views of its own.
const run = Date.now().toString(36);

async function filteredList(page: Page) {
  await page.getByRole('heading', { name: 'Opportunities', level: 1 }).waitFor();
  await page.getByLabel('Stage', { exact: true }).selectOption('proposal');
  await page.getByLabel('Mine', { exact: true }).check();
  await page.getByLabel('Search opportunities by customer, salesperson or stage').fill('acme');
  await page.getByRole('button', { name: /^Revenue/ }).click();
  await page.waitForURL((url) => url.search.includes('search=acme') && url.search.includes('sort=revenue'));
}

async function expectFiltered(page: Page) {
  await expect.poll(() => page.getByLabel('Search opportunities by customer, salesperson or stage').inputValue()).toBe('acme');
  await expect(page.getByLabel('Stage', { exact: true }).inputValue()).resolves.toBe('proposal');
  await expect(page.getByLabel('Mine', { exact: true }).isChecked()).resolves.toBe(true);
  await expect(page.getByRole('columnheader', { name: /^Revenue/ }).getAttribute('aria-sort')).resolves.toBe('descending');
  const rows = page.getByRole('table').getByRole('row');
  await expect.poll(async () => (await rows.allInnerTexts()).slice(1).every((text) => /Acme Corp/.test(text) && /Riley Rep/.test(text) && /Proposal/.test(text))).toBe(true);
}

describe('lists keep what they show in the address', () => {
  test("the opportunity list's search, filters and sort survive a reload; a saved view reappears after signing out and in", async () => {
    const { page, context, pageErrors } = await browser.newPage({ width: 1280, height: 800 });
    await signInAndOpen(page, 'rep@demo.test', '/opportunity');
    await filteredList(page);
    await page.reload();
    await expectFiltered(page);

    const name = `Acme proposals ${run}`;
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, `View "${name}" saved`).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill('rep@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await page.waitForURL((url) => url.pathname === '/opportunity' && url.search.includes('stage=proposal'));
    await expectFiltered(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('the customer, activity and user lists keep their search, filters, sort and page through a reload', async () => {
    const { page, context, pageErrors } = await browser.newPage({ width: 1280, height: 800 });
    const sortOf = (name: RegExp) => page.getByRole('columnheader', { name }).getAttribute('aria-sort');
    const currentPage = () => page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]').innerText();
    await signInAndOpen(page, 'manager@demo.test', '/customer');

    // Customers: last year, by name, the second page.
    const lastYear = String(new Date().getFullYear() - 1);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByLabel('Year').selectOption(lastYear);
    await page.getByRole('button', { name: /^Customer/ }).click();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.search === `?sort=customer&dir=asc&year=${lastYear}&page=2`);
    const secondPage = await page.getByRole('table').getByRole('rowheader').allInnerTexts();
    await page.reload();
    await page.getByRole('table').getByRole('rowheader').first().waitFor();
    await expect.poll(() => page.getByRole('table').getByRole('rowheader').allInnerTexts()).toEqual(secondPage);
    await expect(page.getByLabel('Year').inputValue()).resolves.toBe(lastYear);
    await expect(sortOf(/^Customer/)).resolves.toBe('ascending');
    await expect(currentPage()).resolves.toBe('2');

    // Activities: every one, searched, by subject.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activities' }).click();
    await page.getByRole('heading', { name: 'Activities', level: 1 }).waitFor();
    const views = page.getByRole('group', { name: 'Show' });
    await views.getByRole('button', { name: /^All/ }).click();
    await page.getByLabel('Search activities by subject, kind, salesperson or customer').fill('call');
    await page.getByRole('button', { name: /^Subject/ }).click();
    await page.waitForURL((url) => url.search === '?search=call&sort=subject&dir=asc&view=all');
    await page.reload();
    await page.getByRole('group', { name: 'Show' }).waitFor();
    await expect.poll(() => page.getByLabel('Search activities by subject, kind, salesperson or customer').inputValue()).toBe('call');
    await expect(views.getByRole('button', { name: /^All/ }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(sortOf(/^Subject/)).resolves.toBe('ascending');
    // The third column holds the subject.
    const subjects = await page.getByRole('table').getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => (row as HTMLTableRowElement).cells[2]?.textContent ?? ''));
    expect(subjects.length).toBeGreaterThan(0);
    expect(subjects).toEqual([...subjects].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));

    // Users (section 6): searched, by e-mail, the second page.
    await page.goto('/user');
    await page.getByRole('heading', { name: 'User', level: 1 }).waitFor();
    await page.getByPlaceholder('Search...').fill('demo.test');
    await page.getByRole('button', { name: /^Email/ }).click();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.search === '?search=demo.test&sort=email&dir=asc&page=2');
    const tableRows = () => page.getByRole('table').getByRole('row').allInnerTexts();
    const shown = await tableRows();
    await page.reload();
    await page.getByText(/^Showing 11 to \d+ of \d+ results$/).waitFor();
    await expect.poll(tableRows).toEqual(shown);
    await expect(page.getByPlaceholder('Search...').inputValue()).resolves.toBe('demo.test');
    await expect(sortOf(/^Email/)).resolves.toBe('ascending');
    await expect(currentPage()).resolves.toBe('2');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
