import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { KeycloakAdmin } from '../support/keycloak-admin.ts';
import { keycloakStackReady, STACK_WAIT_MS } from '../support/keycloak-stack-ready.ts';
import { signInWithPassword, type TokenAnswer } from '../support/keycloak-sign-in.ts';
import { REALM_FILE } from '../support/keycloak-stack.ts';

// The CRM's API, started with OIDC_ISSUER = the Keycloak realm, takes Keycloak's own
// tokens: those of the realm and the app's client, and nothing else.

const crmUrl = inject('keycloakCrmUrl');
const keycloak = inject('keycloakOrigin');
const issuer = `${keycloak}/realms/crm`;
const admin = new KeycloakAdmin(keycloak);
const PASSWORD = 'demo-password';

function signIn(email: string, { realm = issuer, clientId = 'crm-app', password = PASSWORD } = {}): Promise<TokenAnswer> {
  return signInWithPassword({ issuer: realm, clientId, redirectUri: `${crmUrl}/signin`, email, password });
}

/** The caller's own profile, as the app asks for it after sign-in. */
async function profile(token: string, email: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${crmUrl}/api/auth/email?${new URLSearchParams({ email })}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(keycloakStackReady, STACK_WAIT_MS);

describe("the API and Keycloak's access tokens", () => {
  test("takes an access token of the realm and the app's client", async () => {
    const tokens = await signIn('rep@demo.test');
    expect(await profile(tokens.access_token, 'rep@demo.test')).toMatchObject({ status: 200, body: { email: 'rep@demo.test', role_id: 3 } });
  });

  test('refuses an ID token of the same sign-in', async () => {
    const tokens = await signIn('rep@demo.test');
    // Its audience is the app's client, not the API (and its typ is ID, which the API checks next).
    expect(await profile(tokens.id_token, 'rep@demo.test')).toEqual({ status: 401, body: { message: 'Invalid token' } });
  });

  test("refuses an access token of another client of the realm, even one with the API's audience", async () => {
    await admin.createClient({
      clientId: 'other-app',
      publicClient: true,
      standardFlowEnabled: true,
      directAccessGrantsEnabled: false,
      redirectUris: [`${crmUrl}/signin`],
      attributes: { 'pkce.code.challenge.method': 'S256' },
      protocolMappers: [
        {
          name: 'crm-api audience',
          protocol: 'openid-connect',
          protocolMapper: 'oidc-audience-mapper',
          config: { 'included.custom.audience': 'crm-api', 'access.token.claim': 'true' },
        },
      ],
    });
    const tokens = await signIn('rep@demo.test', { clientId: 'other-app' });
    expect(tokens.access_token).toBeTruthy();
    expect(await profile(tokens.access_token, 'rep@demo.test')).toEqual({ status: 401, body: { message: 'The token was issued to another client' } });
  });

  test('refuses an access token of another realm made from the same file', async () => {
    const realm = { ...JSON.parse(readFileSync(REALM_FILE, 'utf8')), realm: 'crm-elsewhere' };
    const elsewhere = await admin.createRealm(realm);
    await elsewhere.allowAppOrigin(crmUrl);
    await elsewhere.createUser({ email: 'rep@demo.test', password: PASSWORD });
    const tokens = await signIn('rep@demo.test', { realm: `${keycloak}/realms/crm-elsewhere` });
    expect(tokens.access_token).toBeTruthy();
    expect(await profile(tokens.access_token, 'rep@demo.test')).toEqual({ status: 401, body: { message: 'Invalid token' } });
  });

  describe('with access tokens of the client that live two seconds', () => {
    let replaced: Record<string, string>;
    beforeAll(async () => {
      replaced = await admin.setClientAttributes({ 'access.token.lifespan': '2' });
    });
    afterAll(async () => {
      await admin.setClientAttributes(replaced);
    });

    test('takes one until it expires, and refuses it after', async () => {
      const tokens = await signIn('manager@demo.test');
      expect(tokens.expires_in).toBeLessThanOrEqual(2);
      expect((await profile(tokens.access_token, 'manager@demo.test')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await profile(tokens.access_token, 'manager@demo.test')).toEqual({ status: 401, body: { message: 'Token expired' } });
    });
  });
});

describe('a person whose e-mail changes in Keycloak', () => {
  test('keeps their own CRM user (the subject), and never reaches the user the new e-mail belongs to', async () => {
    // Two CRM users of the demo data whom no token has named yet; only the first has a Keycloak account.
    const person = await admin.createUser({ email: 'jordan.baker@demo.test', password: PASSWORD, firstName: 'Jordan', lastName: 'Baker' });
    const first = await signIn('jordan.baker@demo.test');
    const own = await profile(first.access_token, 'jordan.baker@demo.test');
    expect(own).toMatchObject({ status: 200, body: { email: 'jordan.baker@demo.test', name: 'Jordan Baker' } });

    await admin.updateUser(person.id, { email: 'casey.chen@demo.test', emailVerified: true });
    const after = await signIn('casey.chen@demo.test');
    expect(JSON.parse(Buffer.from(after.access_token.split('.')[1]!, 'base64url').toString())).toMatchObject({
      sub: person.id,
      email: 'casey.chen@demo.test',
    });
    // Still Jordan Baker's user: their profile answers, Casey Chen's does not.
    expect(await profile(after.access_token, 'jordan.baker@demo.test')).toMatchObject({ status: 200, body: { id: own.body.id, name: 'Jordan Baker' } });
    expect((await profile(after.access_token, 'casey.chen@demo.test')).status).toBe(404);
  });
});
