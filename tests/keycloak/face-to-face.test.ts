import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { KeycloakAdmin } from '../support/keycloak-admin.ts';
import { keycloakStackReady, STACK_WAIT_MS } from '../support/keycloak-stack-ready.ts';
import { claimsOf, CookieJar, headerOf, signInWithPassword, tokenRequest, type TokenAnswer } from '../support/keycloak-sign-in.ts';
import { startListeningProvider, type ListeningProvider } from '../support/listening-provider.ts';
import { seedPerson } from '../support/oidc-harness.ts';

// The embedded provider face to face with Keycloak 26 and the shipped realm: the same
// person signs in at both, and what the app, keycloak-js and the API read is compared
// field by field. What differs on purpose is listed here and explained in
// docs/keycloak.md ("The embedded provider and Keycloak"), so a new difference fails.

const EMAIL = 'face@provider.test';
const PASSWORD = 'correct horse battery';
const keycloakOrigin = inject('keycloakOrigin');
const crmUrl = inject('keycloakCrmUrl');
const admin = new KeycloakAdmin(keycloakOrigin);
/** The realm's access-token lifespan, and the embedded provider's default (ACCESS_TOKEN_TTL). */
const ACCESS_TOKEN_SECONDS = 300;

interface Side {
  name: 'keycloak' | 'embedded';
  issuer: string;
  redirectUri: string;
  /** Where logout may send the browser back: the app's origin. */
  appOrigin: string;
}

let embedded: ListeningProvider;
let sides: Record<Side['name'], Side>;

beforeAll(keycloakStackReady, STACK_WAIT_MS);

beforeAll(async () => {
  embedded = await startListeningProvider();
  await seedPerson(embedded.db, { email: EMAIL, password: PASSWORD });
  await admin.createUser({ email: EMAIL, password: PASSWORD, firstName: 'Face', lastName: 'Provider' });
  sides = {
    keycloak: { name: 'keycloak', issuer: `${keycloakOrigin}/realms/crm`, redirectUri: `${crmUrl}/signin`, appOrigin: crmUrl },
    embedded: { name: 'embedded', issuer: `${embedded.origin}/realms/crm`, redirectUri: `${embedded.origin}/signin`, appOrigin: embedded.origin },
  };
});
afterAll(async () => {
  await embedded?.close();
});

const signIn = (side: Side, cookies = new CookieJar()) =>
  signInWithPassword({ issuer: side.issuer, clientId: 'crm-app', redirectUri: side.redirectUri, email: EMAIL, password: PASSWORD, cookies });

/** Both sides at once: the Keycloak answer first, the embedded provider's second. */
async function both<T>(ask: (side: Side) => Promise<T>): Promise<{ keycloak: T; embedded: T }> {
  const [keycloak, ours] = await Promise.all([ask(sides.keycloak), ask(sides.embedded)]);
  return { keycloak: keycloak!, embedded: ours! };
}

/** A value with the side's own issuer and origin written as placeholders, so the two can be compared. */
function relative<T>(value: T, side: Side): T {
  const origin = new URL(side.issuer).origin;
  return JSON.parse(JSON.stringify(value ?? null).replaceAll(side.issuer, '<issuer>').replaceAll(origin, '<origin>')) as T;
}

/** Scopes are a set: the order of their words means nothing. */
function normalized<T extends Record<string, unknown>>(value: T): T {
  return typeof value.scope === 'string' ? { ...value, scope: value.scope.split(' ').sort().join(' ') } : value;
}

/** The fields named that differ between the two, each as "field: keycloak … / embedded …". */
function differences(fields: string[], keycloak: Record<string, unknown>, ours: Record<string, unknown>): string[] {
  [keycloak, ours] = [normalized(keycloak), normalized(ours)];
  return fields
    .filter((field) => JSON.stringify(keycloak[field]) !== JSON.stringify(ours[field]))
    .map((field) => `${field}: keycloak ${JSON.stringify(keycloak[field])} / embedded ${JSON.stringify(ours[field])}`);
}

/** The names only one side has: what the other leaves out. */
function onlyIn(one: Record<string, unknown>, other: Record<string, unknown>): string[] {
  return Object.keys(one).filter((key) => !(key in other)).sort();
}

describe('the discovery documents', () => {
  test('name the same endpoints under the issuer, and agree on what the app and keycloak-js use', async () => {
    const documents = await both(async (side) => relative((await (await fetch(`${side.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>, side));
    const endpoints = [
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'end_session_endpoint',
      'jwks_uri',
      'check_session_iframe',
      'introspection_endpoint',
      'revocation_endpoint',
      'pushed_authorization_request_endpoint',
      // oauth4webapi checks the `iss` of the authorization response when this is true.
      'authorization_response_iss_parameter_supported',
    ];
    expect(differences(endpoints, documents.keycloak, documents.embedded)).toEqual([]);
    for (const document of [documents.keycloak, documents.embedded]) {
      expect(document.response_types_supported).toContain('code');
      expect(document.code_challenge_methods_supported).toContain('S256');
      expect(document.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
      expect(document.id_token_signing_alg_values_supported).toContain('RS256');
      expect(document.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    }
  });
});

describe('tokens for the same person', () => {
  let answers: { keycloak: TokenAnswer; embedded: TokenAnswer };
  beforeAll(async () => {
    answers = await both((side) => signIn(side));
  });

  const claims = (kind: 'access_token' | 'id_token' | 'refresh_token') => ({
    keycloak: relative(claimsOf(answers.keycloak[kind]), sides.keycloak),
    embedded: relative(claimsOf(answers.embedded[kind]), sides.embedded),
  });

  test('the token answers', () => {
    const [keycloak, ours] = [answers.keycloak, answers.embedded] as unknown as Record<string, unknown>[];
    expect(differences(['token_type', 'expires_in', 'scope'], keycloak!, ours!)).toEqual([]);
    expect(keycloak!.expires_in).toBe(ACCESS_TOKEN_SECONDS);
    expect(onlyIn(keycloak!, ours!)).toEqual(['not-before-policy', 'refresh_expires_in', 'session_state']);
    expect(onlyIn(ours!, keycloak!)).toEqual([]);
  });

  test('the access tokens', () => {
    const { keycloak, embedded: ours } = claims('access_token');
    expect(differences(['iss', 'typ', 'azp', 'scope', 'acr', 'email', 'email_verified', 'preferred_username'], keycloak, ours)).toEqual([]);
    expect(normalized(ours)).toMatchObject({ iss: '<issuer>', typ: 'Bearer', azp: 'crm-app', scope: 'email openid profile', email: EMAIL, email_verified: true });
    expect((keycloak.resource_access as Record<string, unknown>)['crm-app']).toEqual({ roles: ['crm-access'] });
    expect(ours.resource_access).toEqual({ 'crm-app': { roles: ['crm-access'] } });
    // The API's audience in both; Keycloak adds `account`, whose roles the realm's default role brings.
    expect([...(keycloak.aud as string[])].sort()).toEqual(['account', 'crm-api']);
    expect(ours.aud).toBe('crm-api');
    expect((keycloak.realm_access as { roles: string[] }).roles).toContain('default-roles-crm');
    expect(ours.realm_access).toEqual({ roles: ['default-roles-crm'] });
    expect(keycloak['allowed-origins']).toContain(crmUrl);
    expect(ours['allowed-origins']).toEqual(['<origin>']);
    for (const side of [keycloak, ours]) {
      expect((side.exp as number) - (side.iat as number)).toBe(ACCESS_TOKEN_SECONDS);
      expect(side.auth_time).toBeTypeOf('number');
      expect(side.sub).toEqual(expect.any(String));
      expect(side.sid).toEqual(expect.any(String));
    }
    expect(onlyIn(keycloak, ours)).toEqual(['family_name', 'given_name']);
    expect(onlyIn(ours, keycloak)).toEqual([]);
    for (const kind of ['access_token', 'id_token'] as const) {
      expect(differences(['alg', 'typ'], headerOf(answers.keycloak[kind]), headerOf(answers.embedded[kind]))).toEqual([]);
    }
  });

  test('the ID tokens', () => {
    const { keycloak, embedded: ours } = claims('id_token');
    expect(differences(['iss', 'aud', 'typ', 'azp', 'acr', 'email', 'email_verified', 'preferred_username'], keycloak, ours)).toEqual([]);
    expect(ours).toMatchObject({ aud: 'crm-app', typ: 'ID', azp: 'crm-app' });
    for (const side of [keycloak, ours]) {
      expect(side.nonce).toEqual(expect.any(String));
      expect(side.at_hash).toEqual(expect.any(String));
    }
    expect(onlyIn(keycloak, ours)).toEqual(['family_name', 'given_name', 'jti']);
    expect(onlyIn(ours, keycloak)).toEqual([]);
  });

  test('the refresh tokens, and one subject and session across the three', () => {
    const { keycloak, embedded: ours } = claims('refresh_token');
    expect(differences(['iss', 'aud', 'typ', 'azp'], keycloak, ours)).toEqual([]);
    expect(ours).toMatchObject({ iss: '<issuer>', aud: '<issuer>', typ: 'Refresh', azp: 'crm-app' });
    expect(headerOf(answers.keycloak.refresh_token).alg).toBe(headerOf(answers.embedded.refresh_token).alg);
    expect(onlyIn(keycloak, ours)).toEqual(['aud_x', 'prov', 'reuse_id']);
    expect(onlyIn(ours, keycloak)).toEqual([]);
    for (const side of ['keycloak', 'embedded'] as const) {
      const [access, id, refresh] = (['access_token', 'id_token', 'refresh_token'] as const).map((kind) => claimsOf(answers[side][kind]));
      expect(new Set([access!.sub, id!.sub, refresh!.sub]).size).toBe(1);
      expect(new Set([access!.sid, id!.sid, refresh!.sid]).size).toBe(1);
    }
  });
});

describe('refresh and logout', () => {
  test('a spent refresh token is 400 invalid_grant at both (the embedded provider once its retry grace is over)', async () => {
    const refresh = (side: Side, token: string) => tokenRequest(side.issuer, { client_id: 'crm-app', grant_type: 'refresh_token', refresh_token: token });
    const first = await both((side) => signIn(side));
    const used = await both((side) => refresh(side, first[side.name].refresh_token));
    expect([used.keycloak.status, used.embedded.status]).toEqual([200, 200]);
    const usedAt = Date.now();

    const again = await refresh(sides.keycloak, first.keycloak.refresh_token);
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The embedded provider takes a used refresh token again for ten seconds (a lost answer's retry).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, usedAt + 11_000 - Date.now())));
    expect(await refresh(sides.embedded, first.embedded.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  test('logout with id_token_hint and the app origin ends the session at once; its tokens stop working', async () => {
    const jars = { keycloak: new CookieJar(), embedded: new CookieJar() };
    const tokens = await both((side) => signIn(side, jars[side.name]));
    const loggedOut = await both(async (side) => {
      const url = new URL(`${side.issuer}/protocol/openid-connect/logout`);
      url.search = new URLSearchParams({
        client_id: 'crm-app',
        id_token_hint: tokens[side.name].id_token,
        post_logout_redirect_uri: side.appOrigin,
        state: 'bye',
      }).toString();
      const response = await fetch(url, { redirect: 'manual', headers: { cookie: jars[side.name].header() } });
      return { redirect: response.status >= 300 && response.status < 400, location: response.headers.get('location') };
    });
    expect(loggedOut.keycloak).toEqual({ redirect: true, location: `${crmUrl}?state=bye` });
    expect(loggedOut.embedded).toEqual({ redirect: true, location: `${embedded.origin}?state=bye` });

    const afterwards = await both(async (side) => ({
      refresh: (await tokenRequest(side.issuer, { client_id: 'crm-app', grant_type: 'refresh_token', refresh_token: tokens[side.name].refresh_token })).body.error,
      userinfo: (await fetch(`${side.issuer}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${tokens[side.name].access_token}` } })).status,
    }));
    expect(afterwards.keycloak).toEqual({ refresh: 'invalid_grant', userinfo: 401 });
    expect(afterwards.embedded).toEqual({ refresh: 'invalid_grant', userinfo: 401 });
  });
});
