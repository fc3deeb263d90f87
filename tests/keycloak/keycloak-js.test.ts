import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { CHROMIUM_FLAGS } from '../support/browser.ts';
import { KeycloakAdmin } from '../support/keycloak-admin.ts';
import { keycloakStackReady, STACK_WAIT_MS } from '../support/keycloak-stack-ready.ts';
import { serveFiles } from '../support/listening-provider.ts';

// keycloak-js 26 from npm with its default init, against the real Keycloak and the
// realm the project ships: the same checks tests/e2e/keycloak-js.test.ts makes against
// the embedded provider, so the two are proven to answer the library alike.

const EMAIL = 'kc@provider.test';
const PASSWORD = 'correct horse battery';
const KEYCLOAK_JS = readFileSync(createRequire(import.meta.url).resolve('keycloak-js'), 'utf8');
const keycloakOrigin = inject('keycloakOrigin');
const admin = new KeycloakAdmin(keycloakOrigin);

const testPage = (pageOrigin: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>keycloak-js</title></head>
<body><script type="module">
import Keycloak from '/keycloak.js';
const keycloak = new Keycloak({ url: '${keycloakOrigin}', realm: 'crm', clientId: 'crm-app' });
window.keycloak = keycloak;
keycloak
  .init({ onLoad: 'login-required', pkceMethod: 'S256', redirectUri: '${pageOrigin}/', ...window.kcOptions })
  .then((authenticated) => { window.kcInit = { authenticated }; }, (error) => { window.kcInit = { error: String(error?.message ?? error) }; });
</script></body></html>`;

let pages: Awaited<ReturnType<typeof serveFiles>>;
let browser: Browser;
const files: Record<string, { type: string; body: string }> = {};

beforeAll(keycloakStackReady, STACK_WAIT_MS);

beforeAll(async () => {
  pages = await serveFiles(files);
  files['/'] = { type: 'text/html; charset=utf-8', body: testPage(pages.origin) };
  files['/keycloak.js'] = { type: 'text/javascript; charset=utf-8', body: KEYCLOAK_JS };
  await admin.allowAppOrigin(pages.origin, ['/']);
  await admin.createUser({ email: EMAIL, password: PASSWORD, firstName: 'Kay', lastName: 'Provider' });
  browser = await chromium.launch({ executablePath: inject('chromiumPath'), args: CHROMIUM_FLAGS });
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

declare global {
  interface Window {
    keycloak: import('keycloak-js').default;
    kcOptions: Record<string, unknown>;
    kcInit?: { authenticated?: boolean; error?: string };
  }
}

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
  await signInAtKeycloak(page);
  await page.waitForFunction(() => window.kcInit !== undefined, undefined, { timeout: 20_000 });
  expect(await page.evaluate(() => window.kcInit)).toEqual({ authenticated: true });
  return { context, page, errors };
}

async function signInAtKeycloak(page: Page): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${pages.origin}/**`);
}

describe('keycloak-js 26 with its default init (login iframe on), against Keycloak', () => {
  test('signs in; roles, refresh, userinfo and profile work; the session iframe sees a logout elsewhere', async () => {
    const { context, page, errors } = await signedIn({});

    const state = await page.evaluate(() => ({
      crmAccess: window.keycloak.hasResourceRole('crm-access', 'crm-app'),
      otherRole: window.keycloak.hasResourceRole('admin', 'crm-app'),
      realmRoles: window.keycloak.realmAccess?.roles ?? [],
      subject: window.keycloak.subject,
      sessionId: window.keycloak.sessionId,
      refreshType: window.keycloak.refreshTokenParsed?.typ,
      idType: window.keycloak.idTokenParsed?.typ,
      sessionIframe: document.querySelector('iframe[title="keycloak-session-iframe"]') !== null,
    }));
    expect(state).toMatchObject({
      crmAccess: true,
      otherRole: false,
      subject: expect.any(String),
      sessionId: expect.any(String),
      refreshType: 'Refresh',
      idType: 'ID',
      sessionIframe: true,
    });
    expect(state.realmRoles).toContain('default-roles-crm');

    const refreshed = await page.evaluate(async () => {
      const before = window.keycloak.token;
      const didRefresh = await window.keycloak.updateToken(-1);
      return { didRefresh, changed: window.keycloak.token !== before, authenticated: window.keycloak.authenticated };
    });
    expect(refreshed).toEqual({ didRefresh: true, changed: true, authenticated: true });

    const person = await page.evaluate(async () => ({ info: await window.keycloak.loadUserInfo(), profile: await window.keycloak.loadUserProfile() }));
    expect(person.info).toMatchObject({ sub: state.subject, email: EMAIL, preferred_username: EMAIL, email_verified: true });
    expect(person.profile).toMatchObject({ id: state.subject, username: EMAIL, email: EMAIL, emailVerified: true });

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

    // Signing out in another tab ends the session; the iframe's next check notices and sends the page to sign in.
    const other = await context.newPage();
    const idToken = await page.evaluate(() => window.keycloak.idToken!);
    await other.goto(`${keycloakOrigin}/realms/crm/protocol/openid-connect/logout?${new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${pages.origin}/` })}`);
    await other.close();
    // keycloak-js asks the session iframe every 5 s; 'changed' clears the tokens and, as login is required, signs in again.
    await page.waitForURL(`${keycloakOrigin}/realms/crm/**`);
    await page.getByLabel('Password', { exact: true }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('keycloak-js 26 with checkLoginIframe: false, against Keycloak', () => {
  test('signs in, refreshes, reads userinfo and profile, and logs out at once', async () => {
    const { context, page, errors } = await signedIn({ checkLoginIframe: false });
    expect(await page.evaluate(() => document.querySelector('iframe') === null)).toBe(true);
    expect(await page.evaluate(() => window.keycloak.hasResourceRole('crm-access', 'crm-app'))).toBe(true);
    expect(await page.evaluate(() => window.keycloak.updateToken(-1))).toBe(true);
    const person = await page.evaluate(async () => ({ info: await window.keycloak.loadUserInfo(), profile: await window.keycloak.loadUserProfile() }));
    expect(person.info).toMatchObject({ email: EMAIL });
    expect(person.profile).toMatchObject({ username: EMAIL, email: EMAIL });

    // logout: straight back to the page (no confirmation), which, signed out, is sent to the login page.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.evaluate(() => window.keycloak.logout({ redirectUri: `${location.origin}/` }));
    await page.waitForURL(`${keycloakOrigin}/realms/crm/**`);
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(visited.some((url) => url.startsWith(`${pages.origin}/`))).toBe(true);
    await expect(page.getByText('Do you want to log out?').count()).resolves.toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
