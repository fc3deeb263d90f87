import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importPKCS8, type JWK } from 'jose';
import type { GivenProviderSecrets } from '../config.ts';
import type { Queryable } from '../db/database.ts';

/** The provider's secrets, as stored with the data. */
export interface ProviderKeys {
  /** The RS256 private key that signs ID and access tokens. */
  signingKey: JWK;
  /** Keygrip keys for the session and interaction cookies, newest first. */
  cookieKeys: string[];
  /** The HS512 secret that signs refresh tokens, which only the provider reads (as Keycloak's realm HMAC key). */
  refreshTokenKey: string;
}

export const SIGNING_ALGORITHM = 'RS256';

/**
 * The provider's keys: those given from outside (the environment or files, as a
 * production server is run) are used as given and never stored; the others are kept
 * in the database, generated on the very first start, which suits the demo only (a
 * backup of the database could then mint tokens). Two processes starting at once
 * cannot end up with different stored keys: the first insert wins and both read what
 * was stored.
 */
export async function loadProviderKeys(db: Queryable, given: GivenProviderSecrets = {}): Promise<ProviderKeys> {
  const signingKey = given.signingKeyPem ? await signingKeyOf(given.signingKeyPem) : await storedOnce(db, 'signing-key', generateSigningKey);
  const cookieKeys = given.cookieKeys ?? (await storedOnce(db, 'cookie-keys', async () => [randomBytes(32).toString('base64url')]));
  const refreshTokenKey =
    given.refreshTokenSecret ?? (await storedOnce(db, 'refresh-token-key', async () => randomBytes(64).toString('base64url')));
  return { signingKey, cookieKeys, refreshTokenKey };
}

/** Which of the provider's secrets the database keeps, for the warning a production start gives. */
export function secretsKeptInDatabase(given: GivenProviderSecrets): string[] {
  return [
    ...(given.signingKeyPem ? [] : ['OIDC_SIGNING_KEY']),
    ...(given.refreshTokenSecret ? [] : ['OIDC_REFRESH_TOKEN_SECRET']),
    ...(given.cookieKeys ? [] : ['OIDC_COOKIE_KEYS']),
  ];
}

/** The public half of a signing key, as published at the JWKS endpoint. */
export function publicJwk({ kty, n, e, kid, alg, use }: JWK): JWK {
  return { kty, n, e, kid, alg, use };
}

async function storedOnce<T>(db: Queryable, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.query<{ secret: T }>('select secret from oidc_keys where name = $1', [name]);
  if (existing[0]) return existing[0].secret;
  await db.query('insert into oidc_keys (name, secret) values ($1, $2::jsonb) on conflict (name) do nothing', [
    name,
    JSON.stringify(await create()),
  ]);
  const [stored] = await db.query<{ secret: T }>('select secret from oidc_keys where name = $1', [name]);
  return stored!.secret;
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { modulusLength: 2048, extractable: true });
  return signingJwk(await exportJWK(privateKey));
}

async function signingKeyOf(pem: string): Promise<JWK> {
  return signingJwk(await exportJWK(await importPKCS8(pem, SIGNING_ALGORITHM, { extractable: true })));
}

// The key id is the thumbprint, so a rotated key gets a new one without being told.
async function signingJwk(jwk: JWK): Promise<JWK> {
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: 'sig' };
}
