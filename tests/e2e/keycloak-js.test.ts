import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM_FLAGS } from '../support/browser.ts';
import { chromiumPath } from '../support/chromium.ts';
import { seedPerson } from '../support/oidc-harness.ts';
import { serveFiles, startListeningProvider, type ListeningProvider } from '../support/listening-provider.ts';

// keycloak-js 26 from npm, unchanged, in Chromium against the embedded provider, as a
// company's own app would use it against its Keycloak realm: a page on another
// origin (registered as a redirect URI of the client) loads the library's file.

const EMAIL = 'kc@provider.test';
const PASSWORD = 'correct horse battery';
const KEYCLOAK_JS = readFileSync(createRequire(import.meta.url).resolve('keycloak-js'), 'utf8');

/** The test page: keycloak-js with the options the test put in window.kcOptions before load. */
const testPage = (providerOrigin: string, pageOrigin: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>keycloak-js</title></head>
<body><script type="module">
import Keycloak from '/keycloak.js';
const keycloak = new Keycloak({ url: '${providerOrigin}', realm: 'crm', clientId: 'crm-app' });
window.keycloak = keycloak;
keycloak
  .init({ onLoad: 'login-required', pkceMethod: 'S256', redirectUri: '${pageOrigin}/', ...window.kcOptions })
  .then((authenticated) => { window.kcInit = { authenticated }; }, (error) => { window.kcInit = { error: String(error?.message ?? error) }; });
</script></body></html>`;

let provider: ListeningProvider;
let pages: Awaited<ReturnType<typeof serveFiles>>;
let browser: Browser;
const files: Record<string, { type: string; body: string }> = {};

beforeAll(async () => {
  pages = await serveFiles(files);
  provider = await startListeningProvider({ OIDC_EXTRA_REDIRECT_URIS: `${pages.origin}/` });
  files['/'] = { type: 'text/html; charset=utf-8', body: testPage(provider.origin, pages.origin) };
  files['/keycloak.js'] = { type: 'text/javascript; charset=utf-8', body: KEYCLOAK_JS };
  await seedPerson(provider.db, { email: EMAIL, password: PASSWORD });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await provider?.close();
});

declare global {
  interface Window {
    keycloak: import('keycloak-js').default;
    kcOptions: Record<string, unknown>;
    kcInit?: { authenticated?: boolean; error?: string };
  }
}

/** A fresh browser profile that opens the page; keycloak-js sends it to the login form, where it signs in. */
async function signedIn(kcOptions: Record<string, unknown>): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  await context.addInitScript((options) => {
    window.kcOptions = options;
  }, kcOptions);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy|Refused to (frame|load|execute)/i.test(message.text())) errors.push(message.text());
  });
  await page.goto(`${pages.origin}/`);
  await signInAtForm(page);
  await page.waitForFunction(() => window.kcInit !== undefined, undefined, { timeout: 20_000 });
  expect(await page.evaluate(() => window.kcInit)).toEqual({ authenticated: true });
  return { context, page, errors };
}

async function signInAtForm(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${pages.origin}/**`);
}

describe('keycloak-js 26 with its default init (login iframe on)', () => {
  test('signs in; roles, refresh, userinfo and profile work; the session iframe sees a logout elsewhere', async () => {
    const { context, page, errors } = await signedIn({});

    const state = await page.evaluate(() => ({
      crmAccess: window.keycloak.hasResourceRole('crm-access', 'crm-app'),
      otherRole: window.keycloak.hasResourceRole('admin', 'crm-app'),
      realmAccess: window.keycloak.realmAccess,
      subject: window.keycloak.subject,
      sessionId: window.keycloak.sessionId,
      refreshType: window.keycloak.refreshTokenParsed?.typ,
      idType: window.keycloak.idTokenParsed?.typ,
      sessionIframe: document.querySelector('iframe[title="keycloak-session-iframe"]') !== null,
    }));
    expect(state).toMatchObject({
      crmAccess: true,
      otherRole: false,
      realmAccess: { roles: ['default-roles-crm'] },
      subject: expect.any(String),
      sessionId: expect.any(String),
      refreshType: 'Refresh',
      idType: 'ID',
      // Set up only when the third-party-cookie check answered "supported".
      sessionIframe: true,
    });

    // updateToken asks the session iframe first; "changed" would sign the page out.
    const refreshed = await page.evaluate(async () => {
      const before = window.keycloak.token;
      const didRefresh = await window.keycloak.updateToken(-1);
      return { didRefresh, changed: window.keycloak.token !== before, authenticated: window.keycloak.authenticated };
    });
    expect(refreshed).toEqual({ didRefresh: true, changed: true, authenticated: true });

    const person = await page.evaluate(async () => ({ info: await window.keycloak.loadUserInfo(), profile: await window.keycloak.loadUserProfile() }));
    expect(person.info).toMatchObject({ sub: state.subject, email: EMAIL, preferred_username: EMAIL, email_verified: true });
    expect(person.profile).toMatchObject({ id: state.subject, username: EMAIL, email: EMAIL, emailVerified: true });

    // The iframe answers keycloak-js's question directly too (a "changed" here would sign the page out).
    const answer = await page.evaluate(async (sessionId) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="keycloak-session-iframe"]')!;
      const ask = (message: string) =>
        new Promise<unknown>((resolve) => {
          const listen = (event: MessageEvent) => {
            if (event.source !== frame.contentWindow) return;
            window.removeEventListener('message', listen);
            resolve(event.data);
          };
          window.addEventListener('message', listen);
          frame.contentWindow!.postMessage(message, new URL(frame.src).origin);
        });
      return ask(`crm-app ${sessionId}`);
    }, state.sessionId);
    expect(answer).toBe('unchanged');

    // Signing out in another tab ends the session; the next check here notices and sends the page to sign in.
    const other = await context.newPage();
    const idToken = await page.evaluate(() => window.keycloak.idToken!);
    await other.goto(`${provider.origin}/realms/crm/protocol/openid-connect/logout?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${pages.origin}/` })}`);
    await other.close();
    await page.evaluate(() => window.keycloak.updateToken(5).catch(() => undefined));
    await page.waitForURL(`${provider.origin}/realms/crm/login-actions/**`);
    await expect(page.getByLabel('Password').waitFor()).resolves.toBeUndefined();

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('keycloak-js 26 with checkLoginIframe: false', () => {
  test('signs in, refreshes, reads userinfo and profile, and logs out at once', async () => {
    const { context, page, errors } = await signedIn({ checkLoginIframe: false });
    expect(await page.evaluate(() => document.querySelector('iframe') === null)).toBe(true);
    expect(await page.evaluate(() => window.keycloak.hasResourceRole('crm-access', 'crm-app'))).toBe(true);

    expect(await page.evaluate(() => window.keycloak.updateToken(-1))).toBe(true);
    const person = await page.evaluate(async () => ({ info: await window.keycloak.loadUserInfo(), profile: await window.keycloak.loadUserProfile() }));
    expect(person.info).toMatchObject({ email: EMAIL });
    expect(person.profile).toMatchObject({ username: EMAIL, email: EMAIL });

    // logout: straight back to the page (no "Do you want to sign out?"), which, signed out, is sent to the login form.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.evaluate(() => window.keycloak.logout({ redirectUri: `${location.origin}/` }));
    await page.waitForURL(`${provider.origin}/realms/crm/login-actions/**`);
    expect(visited.some((url) => url.startsWith(`${pages.origin}/`))).toBe(true);
    await expect(page.getByText('Do you want to sign out?').count()).resolves.toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
