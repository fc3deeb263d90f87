import { test } from 'vitest';
import { browserForFile, signInAndOpen } from '../support/browser.ts';
const browser = browserForFile();
const csv = 'Created,Customer,Salesperson email,Stage,Revenue,Probability\n2025-02-03,Initech,nobody@x.test,proposal,1200.5,40\n2025-02-04,Hooli,,negotiation,abc,50\n2025-02-05,"Umbrella, Inc",,closed won,900,100\n';
test('shots', async () => {
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    const { page, context } = await browser.newPage({ width: w, height: h });
    await signInAndOpen(page, 'admin@demo.test', '/opportunity');
    await page.getByRole('table').waitFor();
    await page.getByRole('checkbox', { name: /^Select/ }).first().check();
    await page.getByRole('checkbox', { name: /^Select/ }).nth(2).check();
    await page.screenshot({ path: `/tmp/shot-opps-${w}.png`, fullPage: false });
    await page.getByRole('button', { name: 'Reassign…' }).click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `/tmp/shot-reassign-${w}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/import-Opportunity');
    await page.getByLabel('CSV file').setInputFiles({ name: 'deals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check the rows' }).waitFor();
    await page.screenshot({ path: `/tmp/shot-mapping-${w}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await page.getByText(/can be imported/).waitFor();
    await page.screenshot({ path: `/tmp/shot-preview-${w}.png`, fullPage: true });
    await page.goto('/user');
    await page.getByRole('table').waitFor();
    await page.getByRole('checkbox').nth(1).check();
    await page.screenshot({ path: `/tmp/shot-users-${w}.png` });
    await context.close();
  }
}, 120000);
