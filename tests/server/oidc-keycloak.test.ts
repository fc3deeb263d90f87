import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_ID, InjectBrowser, ISSUER, PUBLIC_URL, seedPerson, signIn, startProviderServer, type ProviderServer, type Tokens } from '../support/oidc-harness.ts';

// What a Keycloak 26 realm serves a public client with PKCE, where keycloak-js or
// any other client can tell: the embedded provider's answers, face to face with
// Keycloak's (its discovery document, token claims, session-status pages,
// account, userinfo and introspection endpoints).

const EMAIL = 'grace@provider.test';
const PASSWORD = 'correct horse battery';
const HOST = new URL(PUBLIC_URL).host;
const API_CLIENT = { id: 'crm-api', secret: 'an-introspection-secret-of-32-characters' };
const OTHER_ORIGIN = 'http://127.0.0.1:9999';

let server: ProviderServer;
const app = () => server.app;

beforeAll(async () => {
  server = await startProviderServer({ env: { OIDC_INTROSPECTION_CLIENTS: `${API_CLIENT.id}:${API_CLIENT.secret}` } });
  await seedPerson(server.db, { email: EMAIL, password: PASSWORD });
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

describe('discovery', () => {
  test("names Keycloak's session iframe, introspection endpoint and logout capabilities", async () => {
    const document = (await get('/realms/crm/.well-known/openid-configuration')).json();
    expect(document).toMatchObject({
      check_session_iframe: `${ISSUER}/protocol/openid-connect/login-status-iframe.html`,
      introspection_endpoint: `${ISSUER}/protocol/openid-connect/token/introspect`,
      end_session_endpoint: `${ISSUER}/protocol/openid-connect/logout`,
      // Said plainly: neither is implemented (the app registers no logout URI).
      backchannel_logout_supported: false,
      frontchannel_logout_supported: false,
      authorization_response_iss_parameter_supported: true,
    });
    expect(document.introspection_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(['client_secret_basic']));
  });
});

describe('tokens, claim by claim as Keycloak 26 issues them', () => {
  let tokens: Tokens;
  let setCookies: string[];
  beforeAll(async () => {
    const browser = new InjectBrowser(app);
    tokens = await signIn(browser, app, { email: EMAIL, password: PASSWORD });
    setCookies = browser.setCookieHeaders;
  });

  test('the access token: header typ JWT; typ Bearer, azp, sid, acr, auth_time, allowed-origins, realm and client roles, the person', () => {
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: expect.any(String) });
    const claims = decodeJwt(tokens.access_token);
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: 'crm-api',
      typ: 'Bearer',
      azp: CLIENT_ID,
      sid: expect.any(String),
      acr: '1',
      'allowed-origins': [PUBLIC_URL],
      realm_access: { roles: ['default-roles-crm'] },
      resource_access: { [CLIENT_ID]: { roles: ['crm-access'] } },
      scope: 'openid email profile',
      email: EMAIL,
      email_verified: true,
      preferred_username: EMAIL,
      name: `Person ${EMAIL}`,
    });
    const authTime = Number(claims.auth_time);
    expect(authTime).toBeLessThanOrEqual(claims.iat!);
    expect(claims.iat! - authTime).toBeLessThan(60);
    // Keycloak's user tokens name the client in azp only.
    expect(claims).not.toHaveProperty('client_id');
  });

  test('the ID token: typ ID, azp, the same sid, auth_time and acr, the person', () => {
    const access = decodeJwt(tokens.access_token);
    expect(decodeProtectedHeader(tokens.id_token)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      iss: ISSUER,
      aud: CLIENT_ID,
      typ: 'ID',
      azp: CLIENT_ID,
      sub: access.sub,
      sid: access.sid,
      auth_time: access.auth_time,
      acr: '1',
      email: EMAIL,
      email_verified: true,
      preferred_username: EMAIL,
    });
  });

  test('the refresh token is a JWT keycloak-js can decode: typ Refresh, for the realm, the same sid', () => {
    const access = decodeJwt(tokens.access_token);
    expect(decodeProtectedHeader(tokens.refresh_token)).toMatchObject({ alg: 'HS512', typ: 'JWT' });
    const claims = decodeJwt(tokens.refresh_token);
    expect(claims).toMatchObject({ iss: ISSUER, aud: ISSUER, typ: 'Refresh', azp: CLIENT_ID, sub: access.sub, sid: access.sid, scope: 'openid email profile' });
    expect(claims.exp! - claims.iat!).toBeGreaterThan(3600);
  });

  test("KEYCLOAK_SESSION, which the session iframe reads, is the SHA-256 of the tokens' sid and not HttpOnly", () => {
    const sid = String(decodeJwt(tokens.access_token).sid);
    const sessionStatus = setCookies.filter((header) => header.startsWith('KEYCLOAK_SESSION=')).at(-1);
    expect(sessionStatus).toBe(`KEYCLOAK_SESSION=${sha256(sid)}; path=/realms/crm/; samesite=lax`);
  });

  test('a refreshed access token keeps the sign-in: the same sid, auth_time and acr', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/realms/crm/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: HOST },
      payload: new URLSearchParams({ client_id: CLIENT_ID, grant_type: 'refresh_token', refresh_token: tokens.refresh_token }).toString(),
    });
    const refreshed = response.json() as Tokens;
    const before = decodeJwt(tokens.access_token);
    for (const token of [refreshed.access_token, refreshed.id_token]) {
      expect(decodeJwt(token)).toMatchObject({ sid: before.sid, auth_time: before.auth_time, acr: '1', azp: CLIENT_ID });
    }
    expect(decodeJwt(refreshed.refresh_token)).toMatchObject({ typ: 'Refresh', sid: before.sid });
  });
});

describe("the session-status pages keycloak-js frames, at Keycloak's paths", () => {
  const pages = ['login-status-iframe.html', '3p-cookies/step1.html', '3p-cookies/step2.html'];

  test('answer with a page only the app origin may frame, whose script is a file of the provider', async () => {
    for (const page of pages) {
      const response = await get(`/realms/crm/protocol/openid-connect/${page}`);
      expect(response.statusCode, page).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(response.headers['content-security-policy']);
      expect(csp, page).toContain(`frame-ancestors ${PUBLIC_URL};`);
      expect(csp).toContain("script-src 'self'");
      const script = /<script src="([^"]+)"><\/script>/.exec(response.body);
      expect(script, page).not.toBeNull();
      expect(response.body).not.toMatch(/<script>/);
      const file = await get(script![1]!);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^text\/javascript/);
    }
  });

  test("the rest of the provider's pages still may not be framed", async () => {
    const discovery = await get('/realms/crm/protocol/openid-connect/logout?client_id=crm-app');
    expect(String(discovery.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  test("the iframe's init answers 204 for the app at its origin and 403 for anyone else", async () => {
    const init = (clientId: string, origin: string) =>
      get(`/realms/crm/protocol/openid-connect/login-status-iframe.html/init?${new URLSearchParams({ client_id: clientId, origin })}`);
    expect((await init(CLIENT_ID, PUBLIC_URL)).statusCode).toBe(204);
    expect((await init(CLIENT_ID, OTHER_ORIGIN)).statusCode).toBe(403);
    expect((await init('another-client', PUBLIC_URL)).statusCode).toBe(403);
  });

  test('logout clears KEYCLOAK_SESSION, so the iframe reports the change', async () => {
    const browser = new InjectBrowser(app);
    const tokens = await signIn(browser, app, { email: EMAIL, password: PASSWORD });
    const params = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: PUBLIC_URL });
    await browser.get(`${ISSUER}/protocol/openid-connect/logout?${params}`);
    expect(browser.setCookieHeaders.at(-1)).toBeDefined();
    const last = browser.setCookieHeaders.filter((header) => header.startsWith('KEYCLOAK_SESSION=')).at(-1);
    expect(last).toMatch(/^KEYCLOAK_SESSION=; path=\/realms\/crm\/; expires=Thu, 01 Jan 1970/);
  });
});

describe('what the app reads with its access token', () => {
  let tokens: Tokens;
  beforeAll(async () => {
    tokens = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
  });

  test('userinfo (loadUserInfo) answers the person for `bearer`, `Bearer` and `BEARER`', async () => {
    for (const scheme of ['bearer', 'Bearer', 'BEARER']) {
      const response = await get('/realms/crm/protocol/openid-connect/userinfo', { authorization: `${scheme} ${tokens.access_token}`, origin: PUBLIC_URL });
      expect(response.statusCode, scheme).toBe(200);
      expect(response.json()).toEqual({ sub: decodeJwt(tokens.access_token).sub, email: EMAIL, email_verified: true, preferred_username: EMAIL, name: `Person ${EMAIL}` });
      expect(response.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    }
  });

  test('the account endpoint (loadUserProfile) answers the profile as Keycloak does, to JSON requests with the token', async () => {
    const response = await get('/realms/crm/account', { authorization: `bearer ${tokens.access_token}`, accept: 'application/json', origin: PUBLIC_URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: decodeJwt(tokens.access_token).sub,
      username: EMAIL,
      firstName: 'Person',
      lastName: EMAIL,
      email: EMAIL,
      emailVerified: true,
    });
    expect(response.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    const preflight = await app().inject({ method: 'OPTIONS', url: '/realms/crm/account', headers: { origin: PUBLIC_URL, 'access-control-request-headers': 'authorization' } });
    expect(preflight.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);
  });

  test('both refuse no token, an ID token, a refresh token, and another origin gets no CORS answer', async () => {
    for (const url of ['/realms/crm/account', '/realms/crm/protocol/openid-connect/userinfo']) {
      for (const authorization of [undefined, `Bearer ${tokens.id_token}`, `Bearer ${tokens.refresh_token}`]) {
        const response = await get(url, { accept: 'application/json', ...(authorization ? { authorization } : {}) });
        expect(response.statusCode, `${url} ${authorization?.slice(0, 20)}`).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      }
      const foreign = await get(url, { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json', origin: OTHER_ORIGIN });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  test('after logout both refuse the still-unexpired access token, as Keycloak does', async () => {
    const browser = new InjectBrowser(app);
    const ended = await signIn(browser, app, { email: EMAIL, password: PASSWORD });
    const params = new URLSearchParams({ id_token_hint: ended.id_token, post_logout_redirect_uri: PUBLIC_URL });
    expect((await browser.get(`${ISSUER}/protocol/openid-connect/logout?${params}`)).statusCode).toBe(303);
    for (const url of ['/realms/crm/account', '/realms/crm/protocol/openid-connect/userinfo']) {
      const response = await get(url, { authorization: `Bearer ${ended.access_token}`, accept: 'application/json' });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ error: 'invalid_token', error_description: 'the session of this token has ended' });
    }
  });
});

describe('token introspection at Keycloak\'s path', () => {
  const introspect = (token: string, authorization?: string, extra: Record<string, string> = {}) =>
    app().inject({
      method: 'POST',
      url: '/realms/crm/protocol/openid-connect/token/introspect',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: HOST, ...(authorization ? { authorization } : {}) },
      payload: new URLSearchParams({ token, ...extra }).toString(),
    });
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  test('tells the confidential client that access and refresh tokens are active, with their claims', async () => {
    const tokens = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    const access = await introspect(tokens.access_token, basic(API_CLIENT.id, API_CLIENT.secret));
    expect(access.statusCode).toBe(200);
    expect(access.json()).toMatchObject({ active: true, sub: decodeJwt(tokens.access_token).sub, client_id: CLIENT_ID, username: EMAIL, token_type: 'Bearer', resource_access: { [CLIENT_ID]: { roles: ['crm-access'] } } });
    const refresh = await introspect(tokens.refresh_token, undefined, { client_id: API_CLIENT.id, client_secret: API_CLIENT.secret });
    expect(refresh.json()).toMatchObject({ active: true, typ: 'Refresh', client_id: CLIENT_ID });
    expect((await introspect('not-a-token', basic(API_CLIENT.id, API_CLIENT.secret))).json()).toEqual({ active: false });
  });

  test('refuses the public app client and a wrong secret with 401', async () => {
    const tokens = await signIn(new InjectBrowser(app), app, { email: EMAIL, password: PASSWORD });
    for (const authorization of [undefined, basic(CLIENT_ID, ''), basic(API_CLIENT.id, `${API_CLIENT.secret.slice(0, -1)}x`)]) {
      const response = await introspect(tokens.access_token, authorization, authorization ? {} : { client_id: CLIENT_ID });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'invalid_client' });
    }
  });

  test('after logout the access token and the refresh token are inactive', async () => {
    const browser = new InjectBrowser(app);
    const tokens = await signIn(browser, app, { email: EMAIL, password: PASSWORD });
    const params = new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: PUBLIC_URL });
    await browser.get(`${ISSUER}/protocol/openid-connect/logout?${params}`);
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      expect((await introspect(token, basic(API_CLIENT.id, API_CLIENT.secret))).json()).toEqual({ active: false });
    }
  });
});
