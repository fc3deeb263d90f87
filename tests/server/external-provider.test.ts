import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../server/app.ts';
import { readConfig, type ServerConfig } from '../../server/config.ts';
import { migrate } from '../../server/db/migrate.ts';
import { runtimeConfig } from '../../server/http/app-shell.ts';
import { contentSecurityPolicy } from '../../server/http/security-headers.ts';
import { openTestDatabase } from '../support/server-harness.ts';

/**
 * OIDC_ISSUER points the app and the API's token checks at an external provider
 * (a Keycloak realm) instead of the embedded one. The provider here is what a
 * Keycloak realm publishes to a resource server: discovery and its signing keys.
 */
const CLIENT_ID = 'crm-app';
const EMAIL = 'kim@keycloak.test';

let keycloak: Server;
let issuer: string;
let realmKey: CryptoKey;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let config: ServerConfig;
let app: FastifyInstance;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  realmKey = privateKey;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'realm-key', alg: 'RS256', use: 'sig' }] };
  keycloak = createServer((request, response) => {
    const body =
      request.url === '/realms/crm/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }
        : request.url === '/realms/crm/protocol/openid-connect/certs'
          ? jwks
          : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => keycloak.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(keycloak.address() as AddressInfo).port}/realms/crm`;

  database = await openTestDatabase();
  await migrate(database.db);
  const [tenant] = await database.db.query<{ id: number }>("insert into tenants (name) values ('Keycloak customers') returning id");
  await database.db.query("insert into users (tenant_id, name, email, role_id) values ($1, 'Kim', $2, 2)", [tenant!.id, EMAIL]);

  config = readConfig({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    CRM_SEED: 'none',
    TENANT_SERVICE_URL: 'https://tenants.example.test',
    CRM_API_URL: 'https://crm-api.example.test',
  });
  app = await buildServer({ config, db: database.db, serveApp: false });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise((resolve) => keycloak?.close(resolve));
});

function tokenSignedBy(key: CryptoKey, audience = CLIENT_ID) {
  return new SignJWT({ email: EMAIL, resource_access: { [CLIENT_ID]: { roles: ['crm-access'] } } })
    .setProtectedHeader({ alg: 'RS256', kid: 'realm-key' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject('kim')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

const profile = (token: string) =>
  app.inject({ url: `/api/auth/email?email=${encodeURIComponent(EMAIL)}`, headers: { authorization: `Bearer ${token}` } });

describe('against an external provider (OIDC_ISSUER)', () => {
  test("the API accepts the realm's access tokens, checked with the keys its discovery names", async () => {
    const response = await profile(await tokenSignedBy(realmKey));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: EMAIL, role_id: 2 });
  });

  test('a token the realm did not sign, or meant for another audience, is refused', async () => {
    const { privateKey: strangerKey } = await generateKeyPair('RS256');
    expect((await profile(await tokenSignedBy(strangerKey))).statusCode).toBe(401);
    expect((await profile(await tokenSignedBy(realmKey, 'another-client'))).statusCode).toBe(401);
  });

  test('the embedded provider is not served', async () => {
    const response = await app.inject({ url: '/realms/crm/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
  });

  test('the app is told to sign in there and to call the configured API and tenant service, which its CSP allows', () => {
    expect(runtimeConfig(config)).toMatchObject({
      oidc: { issuer, clientId: CLIENT_ID },
      apiBaseUrl: 'https://crm-api.example.test',
      tenantServiceUrl: 'https://tenants.example.test',
    });
    const connectSrc = contentSecurityPolicy(config).split('; ').find((directive) => directive.startsWith('connect-src'));
    expect(connectSrc?.split(' ')).toEqual(
      expect.arrayContaining(["'self'", new URL(issuer).origin, 'https://crm-api.example.test', 'https://tenants.example.test']),
    );
  });
});
