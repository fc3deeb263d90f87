import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser, signIn, type BrowserSession } from '../support/browser.ts';
import { startOwnStack, type OwnStack } from '../support/own-stack.ts';

/** Short-lived access tokens, so that the tab must refresh against the restarted server within the test. */
const ACCESS_TOKEN_TTL_SECONDS = 12;

let browser: BrowserSession;
let stack: OwnStack;
beforeAll(async () => {
  [browser, stack] = await Promise.all([openBrowser(), startOwnStack({ ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_SECONDS) })]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), stack?.close()]);
});

describe('a server restart', () => {
  test('invalidates no token: a signed-in tab reloads /dashboard without a new login, and refreshes against the new process', async () => {
    const context = await browser.browser.newContext({ baseURL: stack.baseUrl });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content[ -]Security[ -]Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    // Every time the tab went to the provider (a sign-in asks there; a kept session never does).
    const providerVisits: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname.startsWith('/realms/')) providerVisits.push(frame.url());
    });
    const refreshes: { at: number; status: number }[] = [];
    const apiAnswers: { at: number; path: string; status: number }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('/protocol/openid-connect/token') && response.request().postData()?.includes('grant_type=refresh_token')) {
        refreshes.push({ at: Date.now(), status: response.status() });
      }
      if (url.pathname.startsWith('/api/')) apiAnswers.push({ at: Date.now(), path: url.pathname, status: response.status() });
    });

    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    const visitsBefore = providerVisits.length;
    expect(visitsBefore).toBeGreaterThan(0);
    const restartedAt = Date.now();

    await stack.restart();
    await page.reload();
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(providerVisits).toHaveLength(visitsBefore);
    // The new process accepts the tab's bearer token: the dashboard's data loads.
    await expect.poll(() => apiAnswers.filter((answer) => answer.at >= restartedAt && answer.path === '/api/opportunities/anlaysis').length).toBeGreaterThan(0);
    expect(apiAnswers.filter((answer) => answer.at >= restartedAt).map((answer) => `${answer.path} ${answer.status}`)).not.toContainEqual(
      expect.stringMatching(/ (401|403)$/),
    );

    // The tokens issued before the restart are honoured after it: by the time the
    // short-lived access token runs out, the refresh token from before the restart
    // is exchanged with the new process.
    await expect
      .poll(() => refreshes.filter((refresh) => refresh.at >= restartedAt).length, {
        timeout: ACCESS_TOKEN_TTL_SECONDS * 1000 + 15_000,
        interval: 500,
      })
      .toBeGreaterThan(0);
    expect(refreshes.map((refresh) => refresh.status)).toEqual(refreshes.map(() => 200));
    await page.reload();
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(providerVisits).toHaveLength(visitsBefore);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
