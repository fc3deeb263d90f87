import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { browserForFile, combobox, signInAndOpen, toast } from '../support/browser.ts';

const browser = browserForFile();


describe('E-mail attachments (/email-attachment)', () => {
  test('upload a file through the screen, see it listed, download the same bytes, delete it', async () => {
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    await signInAndOpen(page, 'rep@demo.test', '/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'E-mail attachments' }).click();
    await page.waitForURL('**/email-attachment');
    await page.getByRole('heading', { name: 'E-mail attachments' }).waitFor();
    // The demo files are listed with their uploader and linked customer.
    await page.getByRole('rowheader', { name: /Quote Q-1001\.txt/ }).waitFor();

    // Unique per run (the browser tests share one database), with every byte value in it.
    const fileName = `Quote ${randomBytes(4).toString('hex')}.bin`;
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(2048)]);
    await page.getByLabel('Choose a file').setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: bytes });
    await page.getByText(`${fileName}`, { exact: true }).waitFor();
    // The choice asks the server once opened: this year's newest deals, 'None' first.
    await combobox(page, 'Linked opportunity (optional)').click();
    const offered = page.getByRole('listbox', { name: 'Choices' }).getByRole('option').nth(1);
    const firstChoice = await offered.textContent();
    await offered.click();
    await page.getByLabel('Note (optional)').fill('Signed by the customer');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, 'Attachment uploaded successfully').waitFor();

    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(fileName) }) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Riley Rep');
    await expect(row.textContent()).resolves.toContain('2.3 KB');
    await expect(row.textContent()).resolves.toContain(firstChoice!.split(' — ')[0]);
    await expect(row.textContent()).resolves.toContain('Signed by the customer');

    // The linked opportunity, named by its customer, opens the deal's page; Back returns to the library.
    const customer = firstChoice!.split(' — ')[0]!;
    await row.getByRole('link', { name: customer, exact: true }).click();
    await page.waitForURL(/\/opportunity\/\d+$/);
    await page.getByRole('heading', { name: customer, level: 1 }).waitFor();
    await page.goBack();
    await row.waitFor();

    await page.getByRole('searchbox').fill(fileName.slice(6));
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download ${fileName}` }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = await readFile((await download.path())!);
    expect(saved.equals(bytes)).toBe(true);

    await row.getByRole('button', { name: `Delete ${fileName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete attachment' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row.count()).resolves.toBe(1);
    await row.getByRole('button', { name: `Delete ${fileName}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Attachment deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No attachment matches the search.').waitFor();

    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("a file over 5 MB is refused before it is sent: 'The file is larger than 5 MB.'", async () => {
    const { page, context } = await browser.newPage({ width: 390, height: 844 });
    await signInAndOpen(page, 'rep@demo.test', '/email-attachment');
    await page.getByRole('heading', { name: 'Upload a file' }).waitFor();
    await page.getByRole('rowheader').first().waitFor();
    // Long opportunity labels and the table stay inside a phone's width (the table scrolls in its card).
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/attachments')) uploads.push(request.url());
    });
    await page.getByLabel('Choose a file').setInputFiles({ name: 'Scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await page.getByRole('alert').filter({ hasText: 'The file is larger than 5 MB.' }).waitFor();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The file is larger than 5 MB.' }).waitFor();
    expect(uploads).toEqual([]);
    await context.close();
  });
});
