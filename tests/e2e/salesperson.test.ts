import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, expectNoDeveloperWords, focusedLabel, problemsShown, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();


describe('Edit Salesperson (/edit-Salesperson/:id)', () => {
  test("editing Riley Rep's phone: read-only fields, the spec's validation, 'Saving...', the success message and /salesperson", async () => {
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'manager@demo.test', '/salesperson');
    // The list goes by pages of ten: the search brings Riley onto the first.
    await page.getByLabel('Search salespersons by name, email, phone or mobile').fill('Riley Rep');
    await page.getByRole('link', { name: 'Riley Rep' }).click();
    await page.waitForURL(/\/edit-Salesperson\/\d+$/);
    await page.getByRole('heading', { name: 'Edit Salesperson' }).waitFor();

    const name = page.getByLabel('Name');
    await name.waitFor();
    await expect(name.inputValue()).resolves.toBe('Riley Rep');
    await expect(name.getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('rep@demo.test');
    await expect(page.getByLabel('Email').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByLabel('Latest Authentication').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByLabel('Latest Authentication').inputValue()).resolves.toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
    const team = page.getByLabel('Team');
    await expect(team.getAttribute('readonly')).resolves.not.toBeNull();
    await expect.poll(() => team.inputValue()).toMatch(/^(Enterprise|Mid-Market|Inside Sales)(, (Enterprise|Mid-Market|Inside Sales))*$/);

    const phone = page.getByLabel('Phone');
    const mobile = page.getByLabel('Mobile');
    await phone.fill('');
    await mobile.fill('0800-123');
    await page.getByRole('button', { name: 'Save' }).click();
    // Both problems at once, under their fields, focus on the first; nothing typed is lost.
    await expect.poll(() => problemsShown(page)).toEqual({ Phone: 'Must fill all fields.', Mobile: 'Invalid Phone number format' });
    await expect(focusedLabel(page)).resolves.toBe('Phone');
    await expect(mobile.inputValue()).resolves.toBe('0800-123');
    await phone.fill('+0 30 1234567');
    await mobile.fill('+49 151 5550101');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => problemsShown(page)).toEqual({ Phone: 'Invalid Phone number format' });
    await expectNoDeveloperWords(page);

    await phone.fill('+49 30 9876543');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/salespersons/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await held;
      return route.continue();
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Saving...' }).waitFor();
    await expect(page.getByRole('button', { name: 'Saving...' }).isDisabled()).resolves.toBe(true);
    release();
    await toast(page, 'Salesperson has been updated successfully!').waitFor();
    await page.waitForURL('**/salesperson');
    await page.getByLabel('Search salespersons by name, email, phone or mobile').fill('Riley Rep');
    await page.getByRole('cell', { name: '+49 30 9876543' }).waitFor();
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('a User-role account gets the fallback page', async () => {
    const { page, context } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/edit-Salesperson/1');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.getByLabel('Phone').count()).resolves.toBe(0);
    await context.close();
  });
});
