import type { Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForFile, signIn } from '../support/browser.ts';
import { deferred } from '../support/deferred.ts';

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

  test("a returning person's screen loads while the session checks their tokens, not after", async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signIn(page, 'manager@demo.test');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    // The profile check (the session's last) is held until the user list's code has arrived: without
    // the screen loaded during the checks, that code is asked for only once they end, and never comes.
    const profileHeld = deferred<void>();
    await page.route('**/api/auth/email?*', async (route) => {
      await profileHeld.promise;
      await route.continue();
    });
    // A script the dashboard was still receiving when the page navigated has no body left to read:
    // it is not the new page's, so it is passed over rather than failing the wait.
    const bodyOf = (response: Response) => response.text().catch(() => '');
    const userListCode = page.waitForResponse(
      async (response) => /\/assets\/.+\.js$/.test(new URL(response.url()).pathname) && (await bodyOf(response)).includes('Select all users on this page'),
    );
    await page.goto('/user');
    await userListCode;
    profileHeld.resolve();
    await page.getByRole('checkbox', { name: 'Select all users on this page' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('busy hands', () => {
  test('thirty-one reloads in a row keep the person signed in, and ask for the profile not once more', async () => {
    const { page, context, pageErrors } = await browser.newPage();
    await signIn(page, 'rep@demo.test');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    const profileCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/email') profileCalls.push(request.url());
    });
    // One more than the profile's per-token limit a minute (CRM_RATE_LIMIT's default).
    for (let reload = 0; reload < 31; reload += 1) {
      await page.reload();
      await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    }
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(profileCalls).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
