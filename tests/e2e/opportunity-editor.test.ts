import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, chooseIn, combobox, expectNoDeveloperWords, problemsShown, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();

// The browser tests share one database: every run adds opportunities of its own.
const run = Date.now().toString(36);

/** The opportunity list's address; the list writes its year and filters into the query. */
const OPPORTUNITY_LIST = /\/opportunity(\?.*)?$/;

/** Today in the browser, as a date input holds it. */
function localToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
}

describe('Add Opportunity and Edit Opportunity', () => {
  test('an opportunity added through /add-Opportunity is listed on /opportunity, and edited through /edit-Opportunity/{id}', async () => {
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/opportunity');
    await page.getByRole('heading', { name: 'Opportunities', level: 1 }).waitFor();
    await page.getByRole('table').waitFor();

    await page.getByRole('link', { name: 'Add Opportunity' }).click();
    await page.waitForURL('**/add-Opportunity');
    await page.getByRole('heading', { name: 'Add Opportunity', level: 1 }).waitFor();
    const customer = page.getByLabel('Customer');
    await customer.waitFor();
    // Adding starts today, at the first stage, at 10 %, for the signed-in salesperson.
    await expect(page.getByLabel('Date').inputValue()).resolves.toBe(await localToday(page));
    await expect(page.getByLabel('Stage').inputValue()).resolves.toBe('qualification');
    await expect(page.getByLabel('Probability (%)').inputValue()).resolves.toBe('10');
    await expect(combobox(page, 'Salesperson').inputValue()).resolves.toBe('Riley Rep');
    await expect(page.getByLabel('Weighted revenue').innerText()).resolves.toBe('Enter revenue and probability');

    // Issue 14's case: every problem at once, each under its field, nothing typed lost.
    await page.getByLabel('Revenue', { exact: true }).fill('-5000');
    await page.getByLabel('Probability (%)').fill('150');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({
      Customer: 'Customer is required.',
      Revenue: 'Revenue must not be negative.',
      'Probability (%)': 'Probability must be a whole number from 0 to 100.',
    });
    await expect(page.getByLabel('Revenue', { exact: true }).inputValue()).resolves.toBe('-5000');
    await expect(page.getByLabel('Probability (%)').inputValue()).resolves.toBe('150');
    await expectNoDeveloperWords(page);

    // A customer of the directory is found by part of its name; a new one is typed in full.
    await expect(chooseIn(page, 'Customer', 'acme', 'Acme Corp')).resolves.toBe('Acme Corp');
    const added = `E2E Deal ${run}`;
    await customer.fill(added);
    await page.getByLabel('Revenue', { exact: true }).fill('12500.505');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({
      Revenue: 'Revenue must be an amount such as 1,234.50.',
      'Probability (%)': 'Probability must be a whole number from 0 to 100.',
    });
    await page.getByLabel('Revenue', { exact: true }).fill('12500.50');
    await page.getByLabel('Probability (%)').fill('40');
    // Revenue × probability / 100, while typing.
    await expect.poll(() => page.getByLabel('Weighted revenue').innerText()).toBe('€5,000.20');
    await page.getByLabel('Stage').selectOption('proposal');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Opportunity created successfully').waitFor();
    await page.waitForURL(OPPORTUNITY_LIST);

    await page.getByLabel('Search opportunities by customer, salesperson or stage').fill(added);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: added }) });
    await row.waitFor();
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^\d{4}\.\d{2}\.\d{2}$/),
      added,
      'Riley Rep',
      'Proposal',
      '€12,500.50',
      '40%',
      '€5,000.20',
      '',
    ]);

    // The name opens the deal's page; its Edit opens the editor.
    await row.getByRole('link', { name: added }).click();
    await page.waitForURL(/\/opportunity\/\d+$/);
    await page.getByRole('main').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/edit-Opportunity\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Opportunity', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Customer').inputValue()).toBe(added);
    await expect(page.getByLabel('Revenue', { exact: true }).inputValue()).resolves.toBe('12500.50');
    await expect(page.getByLabel('Stage').inputValue()).resolves.toBe('proposal');

    await page.getByLabel('Stage').selectOption('negotiation');
    await page.getByLabel('Probability (%)').fill('101');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({ 'Probability (%)': 'Probability must be a whole number from 0 to 100.' });
    await page.getByLabel('Probability (%)').fill('75');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Opportunity updated successfully').waitFor();
    await page.waitForURL(OPPORTUNITY_LIST);
    await page.getByLabel('Search opportunities by customer, salesperson or stage').fill(added);
    const edited = page.getByRole('row').filter({ has: page.getByRole('link', { name: added }) });
    await expect.poll(() => edited.getByRole('cell').allInnerTexts()).toEqual([
      expect.stringMatching(/^\d{4}\.\d{2}\.\d{2}$/),
      added,
      'Riley Rep',
      'Negotiation',
      '€12,500.50',
      '75%',
      '€9,375.38',
      '',
    ]);

    // The new customer joined the directory, so adding another deal suggests it.
    await page.goto('/add-Opportunity');
    await combobox(page, 'Customer').fill(`deal ${run}`);
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: added }).waitFor();

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('Cancel goes back to the list without saving', async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/add-Opportunity');
    await page.getByLabel('Customer').fill(`E2E Never Saved ${run}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Something was typed: the editor asks before it is thrown away.
    await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL(OPPORTUNITY_LIST);
    await page.getByLabel('Search opportunities by customer, salesperson or stage').fill(`E2E Never Saved ${run}`);
    await page.getByText('No opportunities match the search and filters.').waitFor();
    await context.close();
  });

  test.each(['/edit-Opportunity/2147483647', '/edit-Opportunity/not-a-number'])('%s shows the fallback page', async (path) => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', path);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.getByLabel('Customer').count()).resolves.toBe(0);
    await context.close();
  });
});
