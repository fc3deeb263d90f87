import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, expectNoDeveloperWords, problemsShown, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();

// The browser tests share one database: every run adds customers of its own.
const run = Date.now().toString(36);

describe('Add Customer and Edit Customer', () => {
  test('a customer added through /add-Customer is listed on /customer, and edited through /edit-Customer/{id}', async () => {
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/customer');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('table').waitFor();

    await page.getByRole('link', { name: 'Add Customer' }).click();
    await page.waitForURL('**/add-Customer');
    await page.getByRole('heading', { name: 'Add Customer', level: 1 }).waitFor();
    const name = page.getByLabel('Name');
    await name.waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({ Name: 'Name is required.' });
    await expectNoDeveloperWords(page);

    const added = `E2E Customer ${run}`;
    await name.fill(added);
    await page.getByLabel('Company').fill('E2E Holdings GmbH');
    await page.getByLabel('Email').fill('buyer at e2e');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({ Email: 'Email must be an e-mail address such as name@example.com, or empty.' });
    await page.getByLabel('Email').fill('Buyer@E2E.example');
    await page.getByLabel('Phone').fill('+49 30 5550100');
    await page.getByLabel('Notes').fill('Met at the fair.');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Customer created successfully').waitFor();
    await page.waitForURL('**/customer');

    // Listed although it has no opportunity: zeros beside it (found by the search: without revenue it is on the last page).
    // Rows end with their choice box (bulk actions), named after the row: the row is found by its header.
    await page.getByLabel('Search customers by name or company').fill(added);
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: added, exact: true }) });
    await row.waitFor();
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual(['E2E Holdings GmbH', '0', '0', '€0.00', '€0.00', '—', '']);

    // The name opens the customer's page; its Edit, the spec's edit route.
    await row.getByRole('link', { name: added }).click();
    await page.waitForURL(/\/customer\/\d+$/);
    await page.getByRole('heading', { name: added, level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/edit-Customer\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Customer', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(added);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('buyer@e2e.example');
    await expect(page.getByLabel('Phone').inputValue()).resolves.toBe('+49 30 5550100');
    await expect(page.getByLabel('Notes').inputValue()).resolves.toBe('Met at the fair.');

    const renamed = `E2E Renamed ${run}`;
    await page.getByLabel('Name').fill(renamed);
    await page.getByLabel('Company').fill('E2E Renamed AG');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Customer updated successfully').waitFor();
    await page.waitForURL('**/customer');
    // Both names end with this run's mark: the old one would show if it were still listed.
    await page.getByLabel('Search customers by name or company').fill(run);
    const renamedRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: renamed, exact: true }) });
    await renamedRow.waitFor();
    await expect(renamedRow.getByRole('cell').first().innerText()).resolves.toBe('E2E Renamed AG');
    await expect(page.getByRole('rowheader', { name: added, exact: true }).count()).resolves.toBe(0);

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a name the tenant already has is refused with the server message, and what was typed stays', async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/add-Customer');
    await page.getByLabel('Name').fill('acme corp');
    await page.getByLabel('Company').fill('Typed, not lost');
    await page.getByRole('button', { name: 'Save' }).click();
    // The server's refusal lands under the field it names.
    await expect.poll(() => problemsShown(page)).toEqual({ Name: 'A customer named "acme corp" already exists.' });
    expect(page.url()).toMatch(/\/add-Customer$/);
    await expect(page.getByLabel('Company').inputValue()).resolves.toBe('Typed, not lost');
    await context.close();
  });

  test('Cancel goes back to the list without saving', async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/add-Customer');
    await page.getByLabel('Name').fill(`E2E Never Saved ${run}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Something was typed: the editor asks before it is thrown away.
    await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL('**/customer');
    await page.getByRole('table').waitFor();
    await expect(page.getByRole('rowheader', { name: `E2E Never Saved ${run}`, exact: true }).count()).resolves.toBe(0);
    await context.close();
  });

  test.each(['/edit-Customer/2147483647', '/edit-Customer/not-a-number'])('%s shows the fallback page', async (path) => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', path);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.getByLabel('Name').count()).resolves.toBe(0);
    await context.close();
  });
});
