import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserForFile } from '../support/browser.ts';
import { startKeycloakShapedProvider, type KeycloakShapedProvider } from '../support/keycloak-shaped-provider.ts';
import { startOwnStack, type OwnStack } from '../support/own-stack.ts';

/**
 * The app and the API against an identity provider nobody here wrote
 * (oauth2-mock-server issuing Keycloak-shaped tokens), configured as a company
 * configures its Keycloak realm: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE.
 */
const CLIENT_ID = 'crm-app';
const AUDIENCE = 'crm-api';
const MISSING_ROLE = "Currently You don't have permission to access this dashboard.";
const PROFILE_UNAVAILABLE = 'Unable to load your profile. Please try again later.';

const browser = browserForFile();
let provider: KeycloakShapedProvider;
let stack: OwnStack;

beforeAll(async () => {
  provider = await startKeycloakShapedProvider({ clientId: CLIENT_ID, audience: AUDIENCE });
  stack = await startOwnStack({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_AUDIENCE: AUDIENCE });
});

afterAll(async () => {
  await stack?.close();
  await provider?.close();
});

/** Every answer the API gave the page, as `status METHOD /path`. */
function apiAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/')) answers.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return answers;
}

const storedAccessToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(sessionStorage.getItem('crm.session.tokens') ?? 'null') as { accessToken: string } | null)?.accessToken);

describe('signing in at an independent, Keycloak-shaped provider', () => {
  test("a CRM user with the client role crm-access lands on the dashboard; the API takes the realm's tokens", async () => {
    provider.signInAs({ email: 'admin@demo.test', clientRoles: ['crm-access'] });
    const { page, context, pageErrors, cspViolations } = await browser.newPage();
    const answers = apiAnswers(page);
    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Total Revenue' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('banner').getByText('Alex Admin').waitFor();
    expect(answers).toContain('200 GET /api/auth/email');
    expect(answers.filter((answer) => !answer.startsWith('2'))).toEqual([]);

    // Logout goes to the realm's end-session endpoint with the ID token and the app's origin.
    const logout = page.waitForRequest((request) => request.url().startsWith(`${provider.issuer}/protocol/openid-connect/logout`));
    await page.getByRole('button', { name: 'Log out' }).click();
    const address = new URL((await logout).url());
    expect(address.searchParams.get('post_logout_redirect_uri')).toBe(stack.baseUrl);
    expect(address.searchParams.get('id_token_hint')).toBeTruthy();
    expect({ pageErrors, cspViolations }).toEqual({ pageErrors: [], cspViolations: [] });
    await context.close();
  });

  test("without crm-access the app shows the spec's refusal, and the API refuses the token too", async () => {
    provider.signInAs({ email: 'rep@demo.test', clientRoles: [] });
    const { page, context } = await browser.newPage();
    const answers = apiAnswers(page);
    await page.goto(`${stack.baseUrl}/dashboard`);
    await page.getByText(MISSING_ROLE).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Total Revenue' }).count()).toBe(0);
    expect(answers.filter((answer) => answer.includes(' /api/') && !answer.endsWith('/api/openapi.json'))).toEqual([]);

    const token = await storedAccessToken(page);
    expect(token).toBeTruthy();
    const refused = await fetch(`${stack.baseUrl}/api/auth/email?email=rep%40demo.test`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    await context.close();
  });

  test("a token signed with a stranger's key is refused by the API, and the app does not let the person in", async () => {
    provider.signInAs({ email: 'manager@demo.test', clientRoles: ['crm-access'] });
    provider.signWithStrangersKey(true);
    try {
      const { page, context } = await browser.newPage();
      const answers = apiAnswers(page);
      await page.goto(`${stack.baseUrl}/dashboard`);
      await page.getByText(PROFILE_UNAVAILABLE).first().waitFor();
      expect(answers).toContain('401 GET /api/auth/email');
      expect(await page.getByRole('heading', { name: 'Total Revenue' }).count()).toBe(0);
      await context.close();
    } finally {
      provider.signWithStrangersKey(false);
    }
  });
});
