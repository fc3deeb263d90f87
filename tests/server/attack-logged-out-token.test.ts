import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeJwt } from 'jose';
import { REFRESH_RETRY_GRACE_SECONDS } from '../../server/oidc/refresh-tokens.ts';
import {
  authorizationUrl,
  CLIENT_ID,
  exchange,
  ISSUER,
  InjectBrowser,
  pkcePair,
  PUBLIC_URL,
  REDIRECT_URI,
  seedPerson,
  signIn,
  startProviderServer,
  type ProviderServer,
  type Tokens,
} from '../support/oidc-harness.ts';

// Issue 19: access tokens kept working up to their expiry (300 s) after logout and
// revocation. The embedded provider knows its sign-in sessions and grants, so the API
// asks it on every call.
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

// Issue 19, revocation without logout: the session stays, but the app's grant in it is
// gone, so its access tokens must go with it (Keycloak ends the client session).
const revoke = (refreshToken: string) =>
  server.app.inject({
    method: 'POST',
    url: `${ISSUER}/protocol/openid-connect/revoke`.replace(PUBLIC_URL, ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: new URL(PUBLIC_URL).host },
    payload: new URLSearchParams({ client_id: CLIENT_ID, token: refreshToken, token_type_hint: 'refresh_token' }).toString(),
  });

test("after its refresh token is revoked at the provider, the session's access token is refused by the API at once", async () => {
  const browser = new InjectBrowser(() => server.app);
  const tokens = await signIn(browser, () => server.app, { email: EMAIL, password: PASSWORD });
  expect((await profile(tokens.access_token)).statusCode).toBe(200);

  expect((await revoke(tokens.refresh_token)).statusCode).toBe(200);

  expect((await profile(tokens.access_token)).statusCode).toBe(401);
  const userinfo = await server.app.inject({ method: 'GET', url: '/realms/crm/protocol/openid-connect/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(userinfo.statusCode).toBe(401);
  // The browser's sign-in session was not ended: the app signs in again through it, without the form.
  const { verifier, challenge } = pkcePair();
  let location = authorizationUrl({ challenge });
  while (!location.startsWith(REDIRECT_URI)) location = (await browser.get(location)).headers.location as string;
  const code = new URL(location).searchParams.get('code')!;
  const again = await exchange(server.app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  expect((await profile((again.json() as Tokens).access_token)).statusCode).toBe(200);
});

test('a stolen refresh token replayed after the grace window ends the access tokens of the whole sign-in, the newest included', async () => {
  const tokens = await signIn(new InjectBrowser(() => server.app), () => server.app, { email: EMAIL, password: PASSWORD });
  const refreshed = (await exchange(server.app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).json() as Tokens;
  expect((await profile(refreshed.access_token)).statusCode).toBe(200);
  await server.db.query(
    `update oidc_payloads set consumed_at = consumed_at - make_interval(secs => $2::double precision) where model = 'RefreshToken' and id = $1`,
    [decodeJwt(tokens.refresh_token).jti, REFRESH_RETRY_GRACE_SECONDS + 1],
  );

  expect((await exchange(server.app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).statusCode).toBe(400);

  expect((await profile(tokens.access_token)).statusCode).toBe(401);
  expect((await profile(refreshed.access_token)).statusCode).toBe(401);
});
