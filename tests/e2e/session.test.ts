import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, signIn, type BrowserSession } from '../support/browser.ts';

let browser: BrowserSession;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in', () => {
  test('admin@demo.test signs in at the provider and lands on /dashboard showing Total Revenue', async () => {
    const { page, context, cspViolations, pageErrors } = await browser.newPage();
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('heading', { name: 'Total Revenue' }).waitFor()).resolves.toBeUndefined();
    expect(new URL(page.url()).search).toBe('');
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
