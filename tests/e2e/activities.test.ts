import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.ts';
import { browserForFile, chooseIn, combobox, expectNoDeveloperWords, problemsShown, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();

const rowOf = (page: Page, subject: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: subject, exact: true }) });
/** The row of one activity, by its edit address: demo subjects repeat across salespersons. */
const rowLinkingTo = (page: Page, href: string) => page.getByRole('row').filter({ has: page.locator(`a[href="${href}"]`) });

describe('Activities (/activity, /add-Activity, /edit-Activity/:id)', () => {
  test('adding an activity through the screen, seeing it in the list, editing it and seeing the change', async () => {
    const subject = `Call about renewal ${randomBytes(3).toString('hex')}`;
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activities' }).click();
    await page.waitForURL('**/activity');
    await page.getByRole('heading', { name: 'Activities' }).waitFor();
    await page.getByRole('button', { name: /^To do/ }).waitFor();

    await page.getByRole('link', { name: 'Add Activity' }).click();
    await page.waitForURL('**/add-Activity');
    await page.getByRole('heading', { name: 'Add Activity' }).waitFor();
    // A new activity is the signed-in salesperson's own.
    await expect.poll(() => combobox(page, 'Salesperson').inputValue()).toBe('Riley Rep');

    // Validation messages, each under its field (the emptied salesperson's under its combobox), and nothing saved.
    await combobox(page, 'Salesperson').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({ Subject: 'Subject is required.', Salesperson: 'Salesperson is required.' });
    await expectNoDeveloperWords(page);
    expect(page.url()).toMatch(/\/add-Activity$/);
    await chooseIn(page, 'Salesperson', 'riley', 'Riley Rep');

    await page.getByLabel('Kind').selectOption({ label: 'Meeting' });
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Due date').fill('2030-03-04');
    await page.getByLabel('Due time').fill('09:30');
    await page.getByLabel('Duration').fill('45');
    // Open, the choice passes axe like the rest of the form.
    await combobox(page, 'Opportunity').click();
    await page.getByRole('listbox', { name: 'Choices' }).getByRole('option').nth(1).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // One of this year's many opportunities, found on the server by part of its customer's name.
    const customer = (await chooseIn(page, 'Opportunity', 'wonk', /^Wonka/)).split(' — ')[0]!;
    expect(customer).toBe('Wonka');
    await page.getByLabel('Notes').fill('Bring the usage figures.');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Activity created successfully').waitFor();
    await page.waitForURL('**/activity');

    // Due in 2030, it is on the last page of To do: found by searching, as a person would.
    await page.getByPlaceholder('Search...').fill(subject);
    const row = rowOf(page, subject);
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Meeting');
    await expect(row.textContent()).resolves.toContain('Mon 4 Mar 2030, 09:30');
    await expect(row.textContent()).resolves.toContain('45 min');
    await expect(row.textContent()).resolves.toContain('Riley Rep');
    await expect(row.textContent()).resolves.toContain(customer);

    await row.getByRole('link', { name: subject }).click();
    await page.waitForURL(/\/edit-Activity\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Activity' }).waitFor();
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe(subject);
    await expect(page.getByLabel('Due date').inputValue()).resolves.toBe('2030-03-04');
    await expect(page.getByLabel('Due time').inputValue()).resolves.toBe('09:30');
    await expect(page.getByLabel('Notes').inputValue()).resolves.toBe('Bring the usage figures.');
    // The linked opportunity is named before anything is searched.
    await expect(combobox(page, 'Opportunity').inputValue()).resolves.toMatch(/^Wonka — /);
    await page.getByLabel('Due time').fill('16:15');
    await page.getByLabel('Kind').selectOption({ label: 'Call' });
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Activity updated successfully').waitFor();
    await page.waitForURL('**/activity');
    await page.getByPlaceholder('Search...').fill(subject);
    await expect.poll(() => rowOf(page, subject).textContent()).toContain('Mon 4 Mar 2030, 16:15');
    await expect(rowOf(page, subject).textContent()).resolves.toContain('Call');

    // The row's opportunity, named by its customer, opens the deal's page.
    await rowOf(page, subject).getByRole('link', { name: customer, exact: true }).click();
    await page.waitForURL(/\/opportunity\/\d+$/);
    await page.getByRole('heading', { name: customer, level: 1 }).waitFor();

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('marking an activity done from the list keeps its row, and Done then shows it', async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'manager@demo.test', '/activity');
    // The demo data has overdue activities, marked in words, not by colour alone.
    await page.getByRole('button', { name: /^Overdue/ }).click();
    const overdueRow = page.getByRole('row').filter({ hasText: 'Overdue' }).first();
    await overdueRow.waitFor();
    const subject = (await overdueRow.getByRole('link').textContent())!;
    const href = (await overdueRow.getByRole('link').getAttribute('href'))!;

    // The list is paged: the search keeps the row in the first page of every view.
    const search = page.getByPlaceholder('Search...');
    await search.fill(subject);
    await page.getByRole('button', { name: /^To do/ }).click();
    const row = rowLinkingTo(page, href);
    const checkbox = row.getByRole('checkbox', { name: `Done: ${subject}` });
    await expect(checkbox.isChecked()).resolves.toBe(false);
    await checkbox.check();
    await expect.poll(() => checkbox.isChecked()).toBe(true);
    // Saved, and still in view until the view changes.
    await expect.poll(() => checkbox.isEnabled()).toBe(true);
    await expect(row.textContent()).resolves.not.toContain('Overdue');

    await page.getByRole('button', { name: /^Done/ }).click();
    await expect.poll(() => rowLinkingTo(page, href).getByRole('checkbox').isChecked()).toBe(true);
    await page.reload();
    await search.fill(subject);
    await page.getByRole('button', { name: /^Done/ }).click();
    await expect.poll(() => rowLinkingTo(page, href).getByRole('checkbox').isChecked()).toBe(true);

    // And back: not done again.
    await rowLinkingTo(page, href).getByRole('checkbox').uncheck();
    await expect.poll(() => rowLinkingTo(page, href).getByRole('checkbox').isEnabled()).toBe(true);
    await page.getByRole('button', { name: /^Overdue/ }).click();
    await rowLinkingTo(page, href).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a failed save of the done mark puts it back', async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/activity');
    const row = page.getByRole('row').filter({ has: page.getByRole('checkbox') }).first();
    const checkbox = row.getByRole('checkbox');
    await checkbox.waitFor();
    await page.route('**/api/activities/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } }) : route.continue(),
    );
    await checkbox.click();
    await toast(page, 'Service unavailable').waitFor();
    await expect.poll(() => checkbox.isChecked()).toBe(false);
    await context.close();
  });

  test('the list goes by ten, with the pager of the other lists', async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/activity');
    const all = page.getByRole('button', { name: /^All/ });
    await all.click();
    const total = Number((await all.locator('.activity-filters__count').textContent())!);
    expect(total).toBeGreaterThan(10);
    await page.getByText(`Showing 1 to 10 of ${total} results`).waitFor();
    await expect(page.locator('tbody tr').count()).resolves.toBe(10);
    const firstPage = await page.locator('tbody tr').allTextContents();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Showing 11 to ${Math.min(20, total)} of ${total} results`).waitFor();
    expect(await page.locator('tbody tr').allTextContents()).not.toEqual(firstPage);
    await context.close();
  });

  test('the search narrows the list', async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/activity');
    await page.getByRole('button', { name: /^All/ }).click();
    await page.getByPlaceholder('Search...').fill('forecast');
    await expect.poll(async () => (await page.locator('tbody tr').allTextContents()).every((text) => /forecast/i.test(text))).toBe(true);
    await page.getByPlaceholder('Search...').fill('no activity is called this');
    await page.getByText('No activities in this view.').waitFor();
    await context.close();
  });

  test("an unknown or another tenant's activity id shows 'Page Not Found'", async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'admin@globex.test', '/edit-Activity/1');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto('/edit-Activity/2147483647');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto('/edit-Activity/abc');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await context.close();
  });

  test('the list fits a phone', async () => {
    const { page, context } = await browser.newPage({ width: 390, height: 844 });
    await signInAndOpen(page, 'rep@demo.test', '/activity');
    await page.getByRole('checkbox').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
