import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForFile, combobox, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();

/** The first opportunity of this year's list: its page's address and id. */
/** The first opportunity `scope` links to (a page's main part, an attachment's row). */
async function firstOpportunity(scope: Locator): Promise<{ href: string; id: string }> {
  const link = scope.locator('a[href^="/opportunity/"]').first();
  await link.waitFor({ timeout: 20_000 });
  const href = (await link.getAttribute('href'))!;
  return { href, id: href.split('/').pop()! };
}

async function openPage(page: Page, href: string): Promise<void> {
  await page.goto(href);
  await page.getByRole('heading', { name: 'Timeline', level: 2 }).waitFor({ timeout: 20_000 });
}

describe('record pages (issue 16)', () => {
  test('the opportunity page shows an activity, an event, an attachment, a note and a field change made through the app, newest first', async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/email-attachment');
    const run = randomBytes(3).toString('hex');

    // An e-mail attachment, linked in the library to the newest deal the choice offers: the deal of this test.
    const fileName = `Offer ${run}.txt`;
    await page.getByLabel('Choose a file').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('offer') });
    await combobox(page, 'Linked opportunity (optional)').click();
    await page.getByRole('listbox', { name: 'Choices' }).getByRole('option').nth(1).click();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, 'Attachment uploaded successfully').waitFor();
    const deal = await firstOpportunity(page.getByRole('row').filter({ hasText: fileName }));

    // An activity, an event and a note, each added on the deal's page without leaving it.
    await openPage(page, deal.href);
    await page.getByRole('button', { name: 'Add activity' }).click();
    const activity = page.getByRole('dialog', { name: 'Add activity' });
    await activity.getByLabel('Subject').fill(`Call ${run}`);
    await activity.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Activity created successfully').waitFor();
    await page.getByRole('button', { name: 'Add event' }).click();
    const event = page.getByRole('dialog', { name: 'Add event' });
    await event.getByLabel('Title').fill(`Demo ${run}`);
    await event.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Event created successfully').waitFor();
    await page.getByLabel('Note').fill(`Budget confirmed ${run}`);
    await page.getByRole('button', { name: 'Add note' }).click();
    await toast(page, 'Note added').waitFor();
    expect(page.url()).toMatch(new RegExp(`${deal.href}$`));

    // A field change through the page's Edit.
    await page.getByRole('main').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/edit-Opportunity/${deal.id}`);
    const probability = page.getByLabel('Probability (%)');
    await expect.poll(() => probability.inputValue()).not.toBe('');
    const before = await probability.inputValue();
    const after = before === '55' ? '65' : '55';
    await probability.fill(after);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Opportunity updated successfully').waitFor();

    await openPage(page, deal.href);
    const entries = page.getByRole('list').filter({ has: page.getByRole('time') }).getByRole('listitem').filter({ has: page.getByRole('time') });
    await expect.poll(() => entries.first().innerText()).toContain('Probability');
    const texts = (await entries.allInnerTexts()).slice(0, 5);
    expect(texts[0]).toMatch(new RegExp(`Riley Rep changed the opportunity[\\s\\S]*Probability ${before} % → ${after} %`));
    expect(texts[1]).toContain(`Budget confirmed ${run}`);
    expect(texts[2]).toContain(`Demo ${run}`);
    expect(texts[3]).toContain(`Call ${run}`);
    expect(texts[4]).toContain(fileName);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('leaving a changed form asks first: a link, Back, closing a dialog; discarding then leaves', async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/opportunity');
    const deal = await firstOpportunity(page.getByRole('main'));
    // Into the editor within the app, so Back stays within it too.
    await openPage(page, deal.href);
    await page.getByRole('main').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/edit-Opportunity/${deal.id}`);
    const revenue = page.getByRole('textbox', { name: 'Revenue' });
    await expect.poll(() => revenue.inputValue()).not.toBe('');
    await revenue.fill('4321');

    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(revenue.inputValue()).resolves.toBe('4321');
    expect(page.url()).toMatch(new RegExp(`/edit-Opportunity/${deal.id}$`));

    await page.goBack();
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(revenue.inputValue()).resolves.toBe('4321');

    // A reload gets the browser's own question.
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    void page.reload().catch(() => {});
    await expect(asked).resolves.toBe('beforeunload');
    await expect(revenue.inputValue()).resolves.toBe('4321');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL('**/dashboard');

    // A dialog with something typed asks before it closes.
    await openPage(page, deal.href);
    await page.getByRole('button', { name: 'Add activity' }).click();
    const activity = page.getByRole('dialog', { name: 'Add activity' });
    await activity.getByLabel('Subject').fill('Half typed');
    await page.keyboard.press('Escape');
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(activity.getByLabel('Subject').inputValue()).resolves.toBe('Half typed');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
