import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedPerson } from '../support/oidc-harness.ts';
import { startListeningProvider, type ListeningProvider } from '../support/listening-provider.ts';

// openid-client 6 from npm (a certified relying party we did not write) against the
// embedded provider over real HTTP: discovery, code + PKCE, refresh, userinfo,
// end-session, and introspection by a confidential client.

const EMAIL = 'oc@provider.test';
const PASSWORD = 'correct horse battery';
const API_CLIENT = { id: 'crm-api', secret: 'an-introspection-secret-of-32-characters' };

let provider: ListeningProvider;
let issuer: URL;

beforeAll(async () => {
  provider = await startListeningProvider({ OIDC_INTROSPECTION_CLIENTS: `${API_CLIENT.id}:${API_CLIENT.secret}` });
  issuer = new URL(`${provider.origin}/realms/crm`);
  await seedPerson(provider.db, { email: EMAIL, password: PASSWORD });
});
afterAll(async () => {
  await provider?.close();
});

/** openid-client's configuration for a client, over plain http (loopback only). */
const configure = (clientId: string, authentication = client.None()) =>
  client.discovery(issuer, clientId, undefined, authentication, { execute: [client.allowInsecureRequests] });

/** A browser of fetch calls: it keeps cookies and follows redirects until one leaves for `stopAt`. */
class FetchBrowser {
  private readonly cookies = new Map<string, string>();

  async open(url: string, init: RequestInit = {}, stopAt = ''): Promise<Response> {
    let response = await this.send(url, init);
    while (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url).href;
      if (stopAt && next.startsWith(stopAt)) return response;
      url = next;
      response = await this.send(url, {});
    }
    return response;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** Signs in through the provider's login form; answers the URL the browser is sent back to. */
async function signInAtForm(browser: FetchBrowser, authorizationUrl: URL, redirectUri: string): Promise<URL> {
  const form = await browser.open(authorizationUrl.href);
  expect(form.status).toBe(200);
  const html = await form.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
  const back = await browser.open(
    new URL(action, provider.origin).href,
    { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: EMAIL, password: PASSWORD }) },
    redirectUri,
  );
  expect(back.status).toBe(303);
  return new URL(back.headers.get('location')!);
}

describe('openid-client 6 as the app', () => {
  test('discovery, code with PKCE, refresh, userinfo and end-session', async () => {
    const config = await configure('crm-app');
    expect(config.serverMetadata()).toMatchObject({
      issuer: issuer.href,
      end_session_endpoint: `${issuer.href}/protocol/openid-connect/logout`,
      check_session_iframe: `${issuer.href}/protocol/openid-connect/login-status-iframe.html`,
    });

    const redirectUri = `${provider.origin}/signin`;
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const browser = new FetchBrowser();
    const callback = await signInAtForm(browser, authorizationUrl, redirectUri);

    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
    const idClaims = tokens.claims()!;
    expect(idClaims).toMatchObject({ iss: issuer.href, aud: 'crm-app', typ: 'ID', azp: 'crm-app', email: EMAIL, sid: expect.any(String) });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.claims()).toMatchObject({ sub: idClaims.sub, sid: idClaims.sid });

    const userinfo = await client.fetchUserInfo(config, refreshed.access_token, idClaims.sub);
    expect(userinfo).toMatchObject({ sub: idClaims.sub, email: EMAIL, email_verified: true, preferred_username: EMAIL });

    const endSession = client.buildEndSessionUrl(config, { id_token_hint: refreshed.id_token!, post_logout_redirect_uri: provider.origin, state: 'bye' });
    const landing = await browser.open(endSession.href, {}, provider.origin + '/?');
    expect(landing.status).toBe(303);
    // The post-logout address exactly as sent (a bare origin), as Keycloak redirects.
    expect(landing.headers.get('location')).toBe(`${provider.origin}?state=bye`);

    // Signed out: the refresh token and the provider session are gone.
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const again = await browser.open(client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid', code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' }).href);
    expect(await again.text()).toContain('<label for="password">Password</label>');
  });
});

describe('openid-client 6 as a confidential API client', () => {
  test('introspects access and refresh tokens with client_secret_basic', async () => {
    const app = await configure('crm-app');
    const redirectUri = `${provider.origin}/signin`;
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const callback = await signInAtForm(
      new FetchBrowser(),
      client.buildAuthorizationUrl(app, { redirect_uri: redirectUri, scope: 'openid email profile', code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state }),
      redirectUri,
    );
    const tokens = await client.authorizationCodeGrant(app, callback, { pkceCodeVerifier: verifier, expectedState: state });

    const api = await configure(API_CLIENT.id, client.ClientSecretBasic(API_CLIENT.secret));
    expect(await client.tokenIntrospection(api, tokens.access_token)).toMatchObject({ active: true, client_id: 'crm-app', sub: tokens.claims()!.sub, token_type: 'Bearer' });
    expect(await client.tokenIntrospection(api, tokens.refresh_token!)).toMatchObject({ active: true, typ: 'Refresh' });

    const wrongSecret = await configure(API_CLIENT.id, client.ClientSecretBasic('not-the-secret-but-long-enough-too!'));
    await expect(client.tokenIntrospection(wrongSecret, tokens.access_token)).rejects.toThrow();
  });
});
