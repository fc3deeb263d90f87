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
});
