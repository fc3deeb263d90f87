import { describe, expect, test } from 'vitest';
import { browserForFile, signIn } from '../support/browser.ts';

const browser = browserForFile();

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
