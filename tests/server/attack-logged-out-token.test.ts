import { afterAll, beforeAll, expect, test } from 'vitest';
import { ISSUER, InjectBrowser, PUBLIC_URL, seedPerson, signIn, startProviderServer, type ProviderServer } from '../support/oidc-harness.ts';

// Issue 19: access tokens kept working up to their expiry (300 s) after logout. The
// embedded provider knows its sign-in sessions, so the API asks it on every call.
const EMAIL = 'leaver@provider.test';
const PASSWORD = 'a long enough passphrase';

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
  await seedPerson(server.db, { email: EMAIL, password: PASSWORD });
});
afterAll(async () => {
  await server?.close();
});

const profile = (accessToken: string) =>
  server.app.inject({ method: 'GET', url: `/api/auth/email?email=${encodeURIComponent(EMAIL)}`, headers: { authorization: `Bearer ${accessToken}` } });

test("after logout, the session's access token is refused by the API at once", async () => {
  const browser = new InjectBrowser(() => server.app);
  const tokens = await signIn(browser, () => server.app, { email: EMAIL, password: PASSWORD });
  expect((await profile(tokens.access_token)).statusCode).toBe(200);

  const params = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: PUBLIC_URL, state: 'bye' });
  const loggedOut = await browser.get(`${ISSUER}/protocol/openid-connect/logout?${params}`);
  expect(loggedOut.statusCode).toBeLessThan(400);

  const after = await profile(tokens.access_token);
  expect(after.statusCode).toBe(401);
});

test('another sign-in of the same person keeps working when one session logs out', async () => {
  const first = new InjectBrowser(() => server.app);
  const second = new InjectBrowser(() => server.app);
  const one = await signIn(first, () => server.app, { email: EMAIL, password: PASSWORD });
  const two = await signIn(second, () => server.app, { email: EMAIL, password: PASSWORD });
  const params = new URLSearchParams({ id_token_hint: one.id_token, post_logout_redirect_uri: PUBLIC_URL });
  await first.get(`${ISSUER}/protocol/openid-connect/logout?${params}`);
  expect((await profile(one.access_token)).statusCode).toBe(401);
  expect((await profile(two.access_token)).statusCode).toBe(200);
});
