import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { CHROMIUM_FLAGS } from '../support/browser.ts';
import { KeycloakAdmin } from '../support/keycloak-admin.ts';
import { keycloakStackReady, STACK_WAIT_MS } from '../support/keycloak-stack-ready.ts';
import { claimsOf } from '../support/keycloak-sign-in.ts';

// A person using the CRM whose app and API both sign in with a real Keycloak 26 realm,
// made from deploy/keycloak/crm-realm.json with the demo users of crm-demo-users.json.

const crmUrl = inject('keycloakCrmUrl');
const keycloakOrigin = inject('keycloakOrigin');
const admin = new KeycloakAdmin(keycloakOrigin);
const PASSWORD = 'demo-password';
const TOKENS_KEY = 'crm.session.tokens';
const MISSING_ROLE = "Currently You don't have permission to access this dashboard.";
/** The spec's session poll and the validity under which a token is refreshed. */
const POLL_MS = 5_000;
const MIN_VALIDITY_MS = 5_000;

let browser: Browser;
beforeAll(keycloakStackReady, STACK_WAIT_MS);

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_FLAGS });
});
afterAll(async () => {
  await browser?.close();
});

interface Tab {
  page: Page;
  context: BrowserContext;
  pageErrors: string[];
}

async function newTab(): Promise<Tab> {
  const context = await browser.newContext({ baseURL: crmUrl });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, context, pageErrors };
}

/** Keycloak's own login page is what the person sees, asking for the password. */
async function atKeycloakLogin(page: Page): Promise<void> {
  await page.getByLabel('Password', { exact: true }).waitFor();
  expect(page.url().startsWith(`${keycloakOrigin}/realms/crm/`)).toBe(true);
}

/** Opens a protected page and signs in at Keycloak's login page. */
async function signIn(page: Page, email: string, startAt = '/dashboard'): Promise<void> {
  await page.goto(startAt);
  await atKeycloakLogin(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function storedTokens(page: Page): Promise<{ accessToken: string; refreshToken?: string; idToken?: string } | null> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), TOKENS_KEY);
}

/** Resolves when the main frame arrives at exactly `url`. */
function arrivalAt(page: Page, url: string): Promise<void> {
  return page.waitForURL((address) => address.href === url, { waitUntil: 'commit' });
}

async function sessionCount(email: string): Promise<number> {
  return (await admin.sessionsOf((await admin.userByEmail(email)).id)).length;
}

describe('signing in and out with Keycloak', () => {
  test("rep@demo.test signs in at Keycloak's login page and lands on /dashboard", async () => {
    const { page, context, pageErrors } = await newTab();
    await signIn(page, 'rep@demo.test');
    await page.waitForURL(`${crmUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    const tokens = await storedTokens(page);
    expect(claimsOf(tokens!.accessToken)).toMatchObject({ iss: `${keycloakOrigin}/realms/crm`, azp: 'crm-app', email: 'rep@demo.test' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('Log out ends the Keycloak session (id_token_hint, back to the app origin); the next sign-in asks for the password', async () => {
    const { page, context, pageErrors } = await newTab();
    await signIn(page, 'manager@demo.test');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    expect(await sessionCount('manager@demo.test')).toBe(1);
    const { idToken } = (await storedTokens(page))!;

    const endSessionRequests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/realms/crm/protocol/openid-connect/logout') endSessionRequests.push(url);
    });
    const backAtOrigin = arrivalAt(page, `${crmUrl}/`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await backAtOrigin;
    await page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();

    expect(endSessionRequests).toHaveLength(1);
    expect(endSessionRequests[0]!.origin).toBe(keycloakOrigin);
    expect(endSessionRequests[0]!.searchParams.get('id_token_hint')).toBe(idToken);
    expect(endSessionRequests[0]!.searchParams.get('post_logout_redirect_uri')).toBe(crmUrl);
    expect(await sessionCount('manager@demo.test')).toBe(0);

    // Keycloak forgot the person: signing in again shows its login page, not the dashboard.
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await atKeycloakLogin(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test(`outsider@demo.test (no crm-access) sees "${MISSING_ROLE}" and Log out works`, async () => {
    const { page, context, pageErrors } = await newTab();
    await signIn(page, 'outsider@demo.test');
    await page.getByRole('region', { name: 'Page Not Found' }).getByText(MISSING_ROLE).waitFor();
    await expect(page.getByRole('heading', { name: 'Total Revenue' }).count()).resolves.toBe(0);

    const backAtOrigin = arrivalAt(page, `${crmUrl}/`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await backAtOrigin;
    await page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();
    expect(await storedTokens(page)).toBeNull();
    expect(await sessionCount('outsider@demo.test')).toBe(0);
    await page.goto('/dashboard');
    await atKeycloakLogin(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('with access tokens of the client that live twelve seconds', () => {
  const LIFESPAN_S = 12;
  let replaced: Record<string, string>;
  beforeAll(async () => {
    replaced = await admin.setClientAttributes({ 'access.token.lifespan': String(LIFESPAN_S) });
  });
  afterAll(async () => {
    await admin.setClientAttributes(replaced);
  });

  test('the session poll refreshes the token before it expires, and the person stays signed in', async () => {
    const { page, context, pageErrors } = await newTab();
    const refreshes: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/realms/crm/protocol/openid-connect/token') && request.postData()?.includes('grant_type=refresh_token')) {
        refreshes.push(Date.now());
      }
    });
    await signIn(page, 'admin@demo.test');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    const first = (await storedTokens(page))!;
    const expiresAtMs = (claimsOf(first.accessToken).exp as number) * 1000;

    await expect.poll(() => refreshes.length, { timeout: (LIFESPAN_S + 5) * 1000 }).toBeGreaterThan(0);
    // Refreshed at a poll once fewer than MIN_VALIDITY seconds were left: before expiry, not long before.
    expect(refreshes[0]!).toBeLessThan(expiresAtMs);
    expect(refreshes[0]!).toBeGreaterThan(expiresAtMs - MIN_VALIDITY_MS - POLL_MS - 1_000);
    await expect.poll(async () => (await storedTokens(page))?.accessToken).not.toBe(first.accessToken);

    // Past the first token's expiry, the app works on with the new one.
    await page.waitForTimeout(Math.max(0, expiresAtMs - Date.now()) + 500);
    await page.getByRole('link', { name: 'Customers' }).first().click();
    await page.waitForURL(`${crmUrl}/customer`);
    await page.getByRole('table').first().waitFor();
    await expect(page.getByRole('heading', { name: 'Signed out' }).count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test("a session ended in Keycloak's admin API signs the app out at the next refresh the poll makes", async () => {
    const { page, context } = await newTab();
    await signIn(page, 'rep@demo.test');
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    const { accessToken } = (await storedTokens(page))!;
    const { sid, exp } = claimsOf(accessToken) as { sid: string; exp: number };

    await admin.endSession(sid);
    const endedAt = Date.now();
    await page
      .getByText('Your session at the sign-in service ended')
      .waitFor({ timeout: (LIFESPAN_S + 5) * 1000 + POLL_MS });
    // The refused refresh came at the poll that found the token near its expiry.
    expect(Date.now()).toBeLessThan(Math.max(endedAt, exp * 1000) + POLL_MS + 3_000);
    await page.getByRole('heading', { name: 'Signed out', level: 1 }).waitFor();
    expect(await storedTokens(page)).toBeNull();
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await atKeycloakLogin(page);
    await context.close();
  });
});
