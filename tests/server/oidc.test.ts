import { decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyAccessToken } from '../../server/http/authenticate.ts';
import { REFRESH_RETRY_GRACE_SECONDS } from '../../server/oidc/refresh-tokens.ts';
import {
  authorizationUrl,
  CLIENT_ID,
  exchange,
  formAction,
  InjectBrowser,
  ISSUER,
  pkcePair,
  PUBLIC_URL,
  REDIRECT_URI,
  seedPerson,
  signIn,
  startProviderServer,
  type ProviderServer,
  type Tokens,
} from '../support/oidc-harness.ts';

const EMAIL = 'ada@provider.test';
const PASSWORD = 'correct horse battery';
const HOST = new URL(PUBLIC_URL).host;

let server: ProviderServer;
const app = () => server.app;

beforeAll(async () => {
  server = await startProviderServer();
  await seedPerson(server.db, { email: EMAIL, password: PASSWORD });
  await seedPerson(server.db, { email: 'outsider@provider.test', password: PASSWORD, roles: [] });
});
afterAll(async () => {
  await server?.close();
});

/** The token checks the API applies, with the keys the provider hands the server. */
async function apiAccepts(accessToken: string, keys: JWTVerifyGetKey) {
  return verifyAccessToken(accessToken, { issuer: ISSUER, audience: 'crm-api', clientId: CLIENT_ID, keys });
}

describe('discovery', () => {
  test('publishes Keycloak-shaped endpoints under /realms/crm', async () => {
    const response = await app().inject({ method: 'GET', url: '/realms/crm/.well-known/openid-configuration', headers: { host: HOST } });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/protocol/openid-connect/auth`,
      token_endpoint: `${ISSUER}/protocol/openid-connect/token`,
      userinfo_endpoint: `${ISSUER}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
      jwks_uri: `${ISSUER}/protocol/openid-connect/certs`,
      revocation_endpoint: `${ISSUER}/protocol/openid-connect/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(document.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  test('every published endpoint answers at its address (none is a 404)', async () => {
    const document = (await app().inject({ method: 'GET', url: '/realms/crm/.well-known/openid-configuration', headers: { host: HOST } })).json();
    const posted = ['token_endpoint', 'revocation_endpoint', 'introspection_endpoint'];
    for (const key of ['authorization_endpoint', 'userinfo_endpoint', 'end_session_endpoint', 'jwks_uri', 'check_session_iframe', ...posted]) {
      const url = new URL(document[key]);
      const response = await app().inject({ method: posted.includes(key) ? 'POST' : 'GET', url: url.pathname });
      expect(response.statusCode, `${key} ${url.pathname}`).not.toBe(404);
    }
  });

  test('the key set holds one RS256 public key and no private part', async () => {
    const { keys } = (await app().inject({ method: 'GET', url: '/realms/crm/protocol/openid-connect/certs' })).json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('sign-in with the authorization code flow and PKCE S256', () => {
  test('the login page is a form with Email and Password fields and a Sign in button', async () => {
    const browser = new InjectBrowser(app);
    const toLogin = await browser.get(authorizationUrl({ challenge: pkcePair().challenge }));
    expect(toLogin.statusCode).toBe(303);
    expect(toLogin.headers.location).toMatch(/^\/realms\/crm\/login-actions\//);
    const page = await browser.get(toLogin.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email"/);
    expect(page.body).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
    expect(page.body).toContain('<button type="submit">Sign in</button>');
    expect(page.body).not.toMatch(/<script/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  test("a wrong password shows 'Invalid email or password.' on the form and issues nothing", async () => {
    const browser = new InjectBrowser(app);
    const toLogin = await browser.get(authorizationUrl({ challenge: pkcePair().challenge }));
    const page = await browser.get(toLogin.headers.location as string);
    const refused = await browser.post(formAction(page.body), { email: EMAIL, password: 'wrong password' });
    expect(refused.statusCode).toBe(200);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('Invalid email or password.');
    expect(refused.body).toContain(`value="${EMAIL}"`);
    const issued = await server.db.query(
      `select model from oidc_payloads
       where model in ('AuthorizationCode', 'RefreshToken', 'Grant') or (model = 'Session' and payload ? 'accountId')`,
    );
    expect(issued).toEqual([]);
  });

  test('an unknown email is refused with the same message', async () => {
    const browser = new InjectBrowser(app);
    const toLogin = await browser.get(authorizationUrl({ challenge: pkcePair().challenge }));
    const page = await browser.get(toLogin.headers.location as string);
    const refused = await browser.post(formAction(page.body), { email: 'nobody@provider.test', password: PASSWORD });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('Invalid email or password.');
  });

  test('after four wrong passwords for one email even the right one must wait a moment, and nothing is issued', async () => {
    const email = 'guessed@provider.test';
    await seedPerson(server.db, { email, password: PASSWORD });
    const browser = new InjectBrowser(app);
    const toLogin = await browser.get(authorizationUrl({ challenge: pkcePair().challenge }));
    let page = await browser.get(toLogin.headers.location as string);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      page = await browser.post(formAction(page.body), { email, password: `guess ${attempt}` });
      expect(page.body).toContain('Invalid email or password.');
    }
    const locked = await browser.post(formAction(page.body), { email: email.toUpperCase(), password: PASSWORD });
    expect(locked.statusCode).toBe(200);
    expect(locked.headers.location).toBeUndefined();
    expect(locked.body).toContain('Too many failed sign-in attempts. Wait a few seconds, then try again.');
  });

  test('the right password gives a code at /signin, and the code gives tokens the API accepts', async () => {
    const browser = new InjectBrowser(app);
    const { verifier, challenge } = pkcePair();
    const toLogin = await browser.get(authorizationUrl({ challenge, state: 'state-42', nonce: 'nonce-42' }));
    const page = await browser.get(toLogin.headers.location as string);
    const resume = await browser.post(formAction(page.body), { email: EMAIL.toUpperCase(), password: PASSWORD });
    expect(resume.statusCode).toBe(303);
    const callback = await browser.get(resume.headers.location as string);
    expect(callback.statusCode).toBe(303);
    const redirect = new URL(callback.headers.location as string);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe('state-42');
    expect(redirect.searchParams.get('iss')).toBe(ISSUER);

    const response = await exchange(app(), { grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: REDIRECT_URI, code_verifier: verifier });
    expect(response.statusCode).toBe(200);
    const tokens = response.json() as Tokens;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'openid email profile' });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const { keys } = await installedKeys();
    const claims = await apiAccepts(tokens.access_token, keys);
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: 'crm-api',
      email: EMAIL,
      scope: 'openid email profile',
      resource_access: { [CLIENT_ID]: { roles: ['crm-access'] } },
    });
    expect(claims.sub).toEqual(expect.any(String));
    expect(claims.sid).toEqual(expect.any(String));
    expect(claims.exp! - claims.iat!).toBe(300);

    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({ iss: ISSUER, aud: CLIENT_ID, sub: claims.sub, email: EMAIL, nonce: 'nonce-42' });
  });

  test('a successful sign-in records the salesperson\'s latest login', async () => {
    await server.db.query('update salespersons set latest_login = null where email = $1', [EMAIL]);
    await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    const [row] = await server.db.query<{ latest_login: Date | null }>('select latest_login from salespersons where email = $1', [EMAIL]);
    expect(row!.latest_login).toBeInstanceOf(Date);
    expect(Date.now() - row!.latest_login!.getTime()).toBeLessThan(60_000);
  });

  test('an account without the crm-access role gets tokens without it, which the API refuses', async () => {
    const tokens = await signIn(new InjectBrowser(app), app, { email: 'outsider@provider.test', password: PASSWORD });
    // As Keycloak does, a client the person has no role of is left out.
    expect(decodeJwt(tokens.access_token).resource_access).toBeUndefined();
    await expect(apiAccepts(tokens.access_token, (await installedKeys()).keys)).rejects.toThrow(/crm-access/);
  });

  test('a request insisting on prompt=consent is granted without a consent screen', async () => {
    const browser = new InjectBrowser(app);
    await signIn(browser, app, { email: EMAIL, password: PASSWORD });
    const url = new URL(authorizationUrl({ challenge: pkcePair().challenge }));
    url.searchParams.set('prompt', 'consent');
    const toInteraction = await browser.get(url.href);
    expect(toInteraction.headers.location).toMatch(/^\/realms\/crm\/login-actions\//);
    const resume = await browser.get(toInteraction.headers.location as string);
    expect(resume.statusCode).toBe(303);
    const callback = await browser.get(resume.headers.location as string);
    expect(new URL(callback.headers.location as string).searchParams.get('code')).toEqual(expect.any(String));
  });

  test('userinfo answers for the access token', async () => {
    const tokens = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    const response = await app().inject({
      method: 'GET',
      url: '/realms/crm/protocol/openid-connect/userinfo',
      headers: { authorization: `Bearer ${tokens.access_token}`, origin: PUBLIC_URL },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sub: decodeJwt(tokens.access_token).sub, email: EMAIL });
    expect(response.headers['access-control-allow-origin']).toBe(PUBLIC_URL);

    const refused = await app().inject({
      method: 'GET',
      url: '/realms/crm/protocol/openid-connect/userinfo',
      headers: { authorization: `Bearer ${tokens.id_token}` },
    });
    expect(refused.statusCode).toBe(401);
  });

  test('the token endpoint answers CORS for the app origin only', async () => {
    const preflight = (origin: string) =>
      app().inject({
        method: 'OPTIONS',
        url: '/realms/crm/protocol/openid-connect/token',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight(PUBLIC_URL)).headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    // keycloak-js sends its token requests with credentials: 'include'.
    expect((await preflight(PUBLIC_URL)).headers['access-control-allow-credentials']).toBe('true');
    expect((await preflight('https://evil.example')).headers['access-control-allow-credentials']).toBeUndefined();
    const discovery = await app().inject({ method: 'GET', url: '/realms/crm/.well-known/openid-configuration', headers: { origin: 'https://evil.example' } });
    expect(discovery.headers['access-control-allow-credentials']).toBeUndefined();

    const { verifier, challenge } = pkcePair();
    const browser = new InjectBrowser(app);
    const toLogin = await browser.get(authorizationUrl({ challenge }));
    const page = await browser.get(toLogin.headers.location as string);
    const resume = await browser.post(formAction(page.body), { email: EMAIL, password: PASSWORD });
    const callback = await browser.get(resume.headers.location as string);
    const code = new URL(callback.headers.location as string).searchParams.get('code')!;
    const foreign = await app().inject({
      method: 'POST',
      url: '/realms/crm/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ client_id: CLIENT_ID, grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('PKCE is enforced', () => {
  test('an authorization request without a code challenge is refused', async () => {
    const response = await new InjectBrowser(app).get(authorizationUrl({}));
    expect(response.statusCode).toBe(303);
    const redirect = new URL(response.headers.location as string);
    expect(redirect.searchParams.get('error')).toBe('invalid_request');
    expect(redirect.searchParams.get('code')).toBeNull();
  });

  test('the plain method is refused', async () => {
    const response = await new InjectBrowser(app).get(authorizationUrl({ challenge: 'a'.repeat(43), method: 'plain' }));
    expect(response.statusCode).toBe(303);
    expect(new URL(response.headers.location as string).searchParams.get('error')).toBe('invalid_request');
  });

  test('a code exchanged with the wrong verifier gives no tokens', async () => {
    const browser = new InjectBrowser(app);
    const toLogin = await browser.get(authorizationUrl({ challenge: pkcePair().challenge }));
    const page = await browser.get(toLogin.headers.location as string);
    const resume = await browser.post(formAction(page.body), { email: EMAIL, password: PASSWORD });
    const callback = await browser.get(resume.headers.location as string);
    const code = new URL(callback.headers.location as string).searchParams.get('code')!;
    const response = await exchange(app(), { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: pkcePair().verifier });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('refresh tokens', () => {
  test('rotate on every use', async () => {
    const first = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    const response = await exchange(app(), { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(response.statusCode).toBe(200);
    const second = response.json() as Tokens;
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token)).toMatchObject({ aud: 'crm-api', email: EMAIL, sid: decodeJwt(first.access_token).sid });
  });

  test('a refresh retried within the grace window (its answer lost) is taken again', async () => {
    const first = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    expect((await exchange(app(), { grant_type: 'refresh_token', refresh_token: first.refresh_token })).statusCode).toBe(200);
    const retry = await exchange(app(), { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(retry.statusCode).toBe(200);
    const next = await exchange(app(), { grant_type: 'refresh_token', refresh_token: (retry.json() as Tokens).refresh_token });
    expect(next.statusCode).toBe(200);
  });

  test(`reusing a used refresh token after ${REFRESH_RETRY_GRACE_SECONDS} s revokes the grant: the newest one stops working too`, async () => {
    const first = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    const second = (await exchange(app(), { grant_type: 'refresh_token', refresh_token: first.refresh_token })).json() as Tokens;
    // Its first use, moved back past the grace window.
    await server.db.query(
      `update oidc_payloads set consumed_at = consumed_at - make_interval(secs => $2::double precision) where model = 'RefreshToken' and id = $1`,
      [decodeJwt(first.refresh_token).jti, REFRESH_RETRY_GRACE_SECONDS + 1],
    );

    const reuse = await exchange(app(), { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });

    const newest = await exchange(app(), { grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(newest.statusCode).toBe(400);
    expect(newest.json()).toMatchObject({ error: 'invalid_grant' });
  });

  test('a refresh token is taken only as the JWT the provider signed: not its bare inner token, not a re-signed copy', async () => {
    const tokens = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    const { jti } = decodeJwt(tokens.refresh_token);
    const [header, payload] = tokens.refresh_token.split('.');
    for (const forged of [String(jti), `${header}.${payload}.${'A'.repeat(86)}`, `${header}.${payload}.`]) {
      const response = await exchange(app(), { grant_type: 'refresh_token', refresh_token: forged });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    }
  });

  test('end with the sign-in session: after logout the refresh token is refused', async () => {
    const browser = new InjectBrowser(app);
    const tokens = await signIn(browser, app, { email: EMAIL, password: PASSWORD });
    await logOut(browser, tokens.id_token);
    const response = await exchange(app(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(response.statusCode).toBe(400);
  });

  test('have an absolute lifetime of one sign-in (8 hours), which rotation does not extend', async () => {
    const first = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    const lifetimeOf = async (refreshToken: string) => {
      const [row] = await server.db.query<{ seconds: number }>(
        "select extract(epoch from expires_at - now())::integer as seconds from oidc_payloads where model = 'RefreshToken' and id = $1",
        [refreshToken],
      );
      return row!.seconds;
    };
    expect(await lifetimeOf(String(decodeJwt(first.refresh_token).jti))).toBeGreaterThan(8 * 3600 - 60);
    expect(await lifetimeOf(String(decodeJwt(first.refresh_token).jti))).toBeLessThanOrEqual(8 * 3600);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = (await exchange(app(), { grant_type: 'refresh_token', refresh_token: first.refresh_token })).json() as Tokens;
    expect(await lifetimeOf(String(decodeJwt(second.refresh_token).jti))).toBeLessThan(8 * 3600);
  });
});

describe('end-session (RP-initiated logout)', () => {
  test('with id_token_hint the session ends and the browser lands on the post-logout address without being asked', async () => {
    const browser = new InjectBrowser(app);
    const tokens = await signIn(browser, app, { email: EMAIL, password: PASSWORD });
    const landing = await logOut(browser, tokens.id_token);
    expect(landing.statusCode).toBe(303);
    // The post-logout address as registered and sent (a bare origin), with the state, as Keycloak redirects.
    expect(landing.headers.location).toBe(`${PUBLIC_URL}?state=bye`);

    // Signing in again asks for the password: the provider session is gone.
    const again = await browser.get(authorizationUrl({ challenge: pkcePair().challenge }));
    expect(again.headers.location).toMatch(/^\/realms\/crm\/login-actions\//);
  });

  test('without id_token_hint a person is asked, on a page with no inline script', async () => {
    const browser = new InjectBrowser(app);
    await signIn(browser, app, { email: EMAIL, password: PASSWORD });
    const page = await browser.get(`${ISSUER}/protocol/openid-connect/logout?client_id=${CLIENT_ID}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Do you want to sign out?');
    expect(page.body).toMatch(/<button[^>]*name="logout"[^>]*>Sign out<\/button>/);
    expect(page.body).not.toMatch(/<script/);
  });
});

describe('a restart signs nobody out', () => {
  test('tokens issued before a restart still verify, and the refresh token still works', async () => {
    const tokens = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    await server.restart();

    const { keys } = await installedKeys();
    await expect(apiAccepts(tokens.access_token, keys)).resolves.toMatchObject({ email: EMAIL });
    const response = await exchange(app(), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(response.statusCode).toBe(200);
    await expect(jwtVerify((response.json() as Tokens).access_token, keys, { issuer: ISSUER, audience: 'crm-api' })).resolves.toBeTruthy();
  }, 60_000); // reopening the database takes a while on a busy machine
});

/** The public keys the running server verifies with, fetched from its JWKS endpoint. */
async function installedKeys() {
  const { createLocalJWKSet } = await import('jose');
  const jwks = (await app().inject({ method: 'GET', url: '/realms/crm/protocol/openid-connect/certs' })).json();
  return { keys: createLocalJWKSet(jwks) };
}

/** What the app does on logout: the browser goes to the end-session endpoint with the ID token as hint. */
function logOut(browser: InjectBrowser, idToken: string) {
  const params = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: PUBLIC_URL, state: 'bye' });
  return browser.get(`${ISSUER}/protocol/openid-connect/logout?${params}`);
}
