import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/**
 * An identity provider nobody here wrote (oauth2-mock-server), dressed as a Keycloak 26
 * realm: Keycloak's paths under /realms/<realm>, and through its hooks the claims a
 * Keycloak realm puts in its tokens and userinfo. It has no sign-in page: its
 * authorize endpoint sends the browser straight back with a code, for whoever the
 * test says signs in next.
 */
export interface KeycloakShapedProvider {
  /** The realm's issuer, e.g. http://127.0.0.1:1234/realms/crm. */
  issuer: string;
  /** Who the next sign-in is, and which client roles they hold in the app's client. */
  signInAs(person: { email: string; clientRoles: string[] }): void;
  /** Makes every access token from now on signed by a key the realm never published. */
  signWithStrangersKey(on: boolean): void;
  close(): Promise<void>;
}

const REALM = 'crm';

export async function startKeycloakShapedProvider(options: { clientId: string; audience: string }): Promise<KeycloakShapedProvider> {
  const realm = new OAuth2Issuer();
  await realm.keys.generate('RS256');
  const service = new OAuth2Service(realm, {
    wellKnownDocument: '/.well-known/openid-configuration',
    authorize: '/protocol/openid-connect/auth',
    token: '/protocol/openid-connect/token',
    jwks: '/protocol/openid-connect/certs',
    userinfo: '/protocol/openid-connect/userinfo',
    endSession: '/protocol/openid-connect/logout',
    revoke: '/protocol/openid-connect/revoke',
    introspect: '/protocol/openid-connect/token/introspect',
  });
  const prefix = `/realms/${REALM}`;
  const server: Server = createServer((request, response) => {
    if (!request.url?.startsWith(`${prefix}/`)) {
      response.writeHead(404).end();
      return;
    }
    request.url = request.url.slice(prefix.length);
    service.requestHandler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  realm.url = `${origin}${prefix}`;

  let person = { email: '', clientRoles: [] as string[] };
  // Keycloak's subject is the user's id, the same in every token of theirs.
  const subjects = new Map<string, string>();
  const subjectOf = (email: string) => subjects.get(email) ?? subjects.set(email, randomUUID()).get(email)!;
  let sessionId = randomUUID();

  service.on('beforeTokenSigning', (token: { header: Record<string, unknown>; payload: Record<string, unknown> }) => {
    const { payload } = token;
    const now = Math.floor(Date.now() / 1000);
    const common = {
      sub: subjectOf(person.email),
      azp: options.clientId,
      sid: sessionId,
      auth_time: now,
      acr: '1',
      email: person.email,
      email_verified: true,
      preferred_username: person.email,
      name: person.email.split('@')[0],
    };
    // The access token is the one with a scope; the ID token is addressed to the client.
    if ('scope' in payload) {
      Object.assign(payload, common, {
        typ: 'Bearer',
        aud: [options.audience, 'account'],
        scope: 'openid email profile',
        'allowed-origins': ['*'],
        realm_access: { roles: ['default-roles-crm', 'offline_access', 'uma_authorization'] },
        resource_access: {
          [options.clientId]: { roles: person.clientRoles },
          account: { roles: ['manage-account', 'view-profile'] },
        },
      });
      delete payload.amr;
    } else {
      Object.assign(payload, common, { typ: 'ID', aud: options.clientId });
    }
  });

  service.on('beforeUserinfo', (userinfo: { body: Record<string, unknown> }) => {
    userinfo.body = {
      sub: subjectOf(person.email),
      email: person.email,
      email_verified: true,
      preferred_username: person.email,
      name: person.email.split('@')[0],
    };
  });

  let strangersKey: KeyObject | undefined;
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Listeners run synchronously before the answer leaves, so the token is re-signed synchronously.
  service.on('beforeResponse', (answer: { body: Record<string, unknown> }) => {
    if (!strangersKey || typeof answer.body.access_token !== 'string') return;
    // Same header (key id included) and claims: only the signature gives it away.
    const [header, payload] = answer.body.access_token.split('.');
    const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), strangersKey).toString('base64url');
    answer.body.access_token = `${header}.${payload}.${signature}`;
  });

  return {
    issuer: realm.url,
    signInAs(next) {
      person = next;
      sessionId = randomUUID();
    },
    signWithStrangersKey(on) {
      strangersKey = on ? stranger.privateKey : undefined;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
