import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForFile, signIn, type TrackedPage } from '../support/browser.ts';

const TOKENS_KEY = 'crm.session.tokens';
const PROFILE_KEY = 'user-storage';
const MISSING_ROLE = "Currently You don't have permission to access this dashboard.";

const browser = browserForFile();

interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
}

/** What this origin keeps in the tab's storage: the session's tokens and the stored profile. */
async function storage(page: Page) {
  return page.evaluate(
    ([tokensKey, profileKey]) => ({
      tokens: JSON.parse(sessionStorage.getItem(tokensKey!) ?? 'null') as StoredTokens | null,
      profile: JSON.parse(localStorage.getItem(profileKey!) ?? 'null') as { id: number; email: string } | null,
      local: Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])),
      session: Object.fromEntries(Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)])),
    }),
    [TOKENS_KEY, PROFILE_KEY],
  );
}

/** Every address the tab's main frame was at, in order. */
function addressesOf(page: Page): string[] {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  return addresses;
}

/**
 * Every text the app put on screen, even for a moment before the page left
 * (a toast just before the logout redirect), reported from the page as it renders.
 */
async function textsShown(context: BrowserContext): Promise<string[]> {
  const shown: string[] = [];
  await context.exposeFunction('__reportShownText', (text: string) => void shown.push(text));
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportShownText(text: string): void }).__reportShownText;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          const text = node.textContent?.trim();
          if (text) report(text);
        }
        if (mutation.type === 'characterData' && mutation.target.textContent) report(mutation.target.textContent.trim());
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return shown;
}

/** Resolves when the main frame arrives at exactly `url`. */
function arrivalAt(page: Page, url: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = (frame: ReturnType<Page['mainFrame']>) => {
      if (frame === page.mainFrame() && frame.url() === url) {
        page.off('framenavigated', listener);
        resolve();
      }
    };
    page.on('framenavigated', listener);
  });
}

/** The provider's sign-in form is what the person sees. */
async function atProviderSignIn(page: Page): Promise<void> {
  await page.getByLabel('Email').waitFor();
  await page.getByLabel('Password').waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/realms\/crm\//);
}

function expectClean(tracked: TrackedPage): void {
  expect(tracked.cspViolations).toEqual([]);
  expect(tracked.pageErrors).toEqual([]);
}

describe('signing in and out', () => {
  test('admin@demo.test signs in and out; after Log out the browser is back at the app origin and must sign in again', async () => {
    const tracked = await browser.newPage();
    const { page, context } = tracked;
    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    const { tokens, profile } = await storage(page);
    expect(tokens?.accessToken).toBeTruthy();
    expect(profile).toMatchObject({ email: 'admin@demo.test' });

    const endSessionRequests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/protocol/openid-connect/logout')) endSessionRequests.push(url);
    });
    const backAtOrigin = arrivalAt(page, `${browser.baseUrl}/`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await backAtOrigin;
    // Back at the app: a signed-out page, and 'Sign in' asks the provider for credentials again.
    await page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await atProviderSignIn(page);

    expect(endSessionRequests[0]?.searchParams.get('id_token_hint')).toBe(tokens!.idToken);
    expect(endSessionRequests[0]?.searchParams.get('post_logout_redirect_uri')).toBe(browser.baseUrl);
    const after = await storage(page);
    expect(after.tokens).toBeNull();
    expect(after.profile?.id ?? 0).toBe(0);

    await page.goto('/dashboard');
    await atProviderSignIn(page);
    expectClean(tracked);
    await context.close();
  });

  test(`outsider@demo.test (no crm-access) sees "${MISSING_ROLE}" and the Page Not Found page`, async () => {
    const tracked = await browser.newPage();
    const { page, context } = tracked;
    await signIn(page, 'outsider@demo.test');
    const notFound = page.getByRole('region', { name: 'Page Not Found' });
    await notFound.waitFor();
    await notFound.getByText(MISSING_ROLE).waitFor();
    // Once, and no way into screens the outsider cannot use.
    await expect(page.getByText(MISSING_ROLE).count()).resolves.toBe(1);
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Go to the dashboard' }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Total Revenue' }).count()).resolves.toBe(0);
    // Centred under the top bar, which spans the page: no empty navigation column pushes it aside.
    const centre = async (box: Promise<{ x: number; width: number } | null>) => {
      const { x, width } = (await box)!;
      return x + width / 2;
    };
    const offset = (await centre(notFound.boundingBox())) - (await centre(page.getByRole('banner').boundingBox()));
    expect(Math.abs(offset)).toBeLessThan(2);
    // A protected route gives the same answer after a reload.
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Page Not Found' }).getByText(MISSING_ROLE).waitFor();
    // And the outsider can log out, to sign in with another account.
    const backAtOrigin = arrivalAt(page, `${browser.baseUrl}/`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await backAtOrigin;
    await page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();
    expect((await storage(page)).tokens).toBeNull();
    expectClean(tracked);
    await context.close();
  });

  test("expired@lapsed.test sees 'Subscription expired.' and is signed out", async () => {
    const tracked = await browser.newPage();
    const { page, context } = tracked;
    const shown = await textsShown(context);
    await page.goto('/dashboard');
    await page.getByLabel('Email').waitFor();
    const backAtOrigin = arrivalAt(page, `${browser.baseUrl}/`);
    await page.getByLabel('Email').fill('expired@lapsed.test');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await backAtOrigin;
    // The signed-out page keeps the reason, and offers to sign in again.
    await page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();
    await page.getByRole('main').getByText('Subscription expired.').waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForTimeout(1500);
    await page.getByRole('main').getByText('Subscription expired.').waitFor({ timeout: 100 });
    expect(shown).toContain('Subscription expired.');
    const after = await storage(page);
    expect(after.tokens).toBeNull();
    expect(after.profile?.id ?? 0).toBe(0);
    expectClean(tracked);
    await context.close();
  });
});

describe('the callback and the tokens', () => {
  test('a tampered callback (wrong state) signs nobody in and stores nothing', async () => {
    const tracked = await browser.newPage();
    const { page, context } = tracked;
    await page.goto('/dashboard');
    await atProviderSignIn(page); // a sign-in was started: its state waits in this tab
    const tokenRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/protocol/openid-connect/token')) tokenRequests.push(request.url());
    });

    await page.goto('/signin?code=x&state=wrong');
    // Nobody is signed in: the app starts a new sign-in at the provider.
    await atProviderSignIn(page);
    expect(page.url()).not.toContain('code=x');
    expect(tokenRequests).toEqual([]);
    const after = await storage(page);
    expect(after.tokens).toBeNull();
    expect(Object.keys(after.session)).not.toContain(TOKENS_KEY);
    expect(after.profile?.id ?? 0).toBe(0);
    expectClean(tracked);
    await context.close();
  });

  test('the code leaves the address bar once used, and the tokens are in sessionStorage and nowhere else', async () => {
    const tracked = await browser.newPage();
    const { page, context } = tracked;
    const addresses = addressesOf(page);
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    const requestUrls: string[] = [];
    page.on('request', (request) => requestUrls.push(request.url()));

    await signIn(page, 'admin@demo.test');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    expect(new URL(page.url()).search).toBe('');

    const { tokens, local } = await storage(page);
    const secrets = [tokens!.accessToken, tokens!.refreshToken, tokens!.idToken].filter((token): token is string => Boolean(token));
    expect(secrets).toHaveLength(3);
    const cookies = await context.cookies(browser.baseUrl);
    const places = {
      localStorage: JSON.stringify(local),
      cookies: JSON.stringify(cookies),
      addresses: addresses.join('\n'),
      requestUrls: requestUrls.join('\n'),
      console: consoleLines.join('\n'),
    };
    for (const secret of secrets) {
      for (const [place, content] of Object.entries(places)) {
        expect(content.includes(secret), `a token found in ${place}`).toBe(false);
      }
    }
    expectClean(tracked);
    await context.close();
  });
});
