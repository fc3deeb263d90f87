import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { startProviderServer, type ProviderServer } from '../support/oidc-harness.ts';

// The provider's signing key and refresh-token secret lived only in the application's own
// database, so a backup of it could mint tokens.
const CERTS = '/realms/crm/protocol/openid-connect/certs';

describe('provider secrets given in files and the environment', () => {
  let server: ProviderServer;
  let folder: string;
  let expectedKid: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'crm-secrets-'));
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    writeFileSync(join(folder, 'signing-key.pem'), await exportPKCS8(privateKey));
    expectedKid = await calculateJwkThumbprint(await exportJWK(publicKey));
    server = await startProviderServer({
      env: {
        OIDC_SIGNING_KEY_FILE: join(folder, 'signing-key.pem'),
        OIDC_REFRESH_TOKEN_SECRET: 'r'.repeat(64),
        OIDC_COOKIE_KEYS: `${'n'.repeat(32)},${'o'.repeat(32)}`,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('the provider publishes the given key, and the database holds none of the secrets', async () => {
    const { keys } = (await server.app.inject({ method: 'GET', url: CERTS })).json();
    expect(keys.map((key: { kid: string }) => key.kid)).toEqual([expectedKid]);
    expect(await server.db.query('select name from oidc_keys')).toEqual([]);
  });

  test('the given key outlives a restart; nothing is generated in its place', async () => {
    await server.restart();
    const { keys } = (await server.app.inject({ method: 'GET', url: CERTS })).json();
    expect(keys.map((key: { kid: string }) => key.kid)).toEqual([expectedKid]);
    expect(await server.db.query('select name from oidc_keys')).toEqual([]);
  });
});

describe('reading the settings', () => {
  test('a secret comes from NAME or from the file NAME_FILE names, never both', () => {
    const folder = mkdtempSync(join(tmpdir(), 'crm-secrets-'));
    try {
      writeFileSync(join(folder, 'refresh'), `${'s'.repeat(40)}\n`);
      expect(readConfig({ OIDC_REFRESH_TOKEN_SECRET_FILE: join(folder, 'refresh') }).oidc.secrets.refreshTokenSecret).toBe('s'.repeat(40));
      expect(() => readConfig({ OIDC_REFRESH_TOKEN_SECRET: 's'.repeat(40), OIDC_REFRESH_TOKEN_SECRET_FILE: join(folder, 'refresh') })).toThrow(/not both/);
      expect(() => readConfig({ OIDC_REFRESH_TOKEN_SECRET_FILE: join(folder, 'missing') })).toThrow(/cannot be read/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('short secrets and keys that are not PKCS#8 PEM are refused at start', () => {
    expect(() => readConfig({ OIDC_REFRESH_TOKEN_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => readConfig({ OIDC_COOKIE_KEYS: 'short' })).toThrow(/at least 32/);
    expect(() => readConfig({ OIDC_SIGNING_KEY: 'not a key' })).toThrow(/PKCS#8/);
  });

  test('without them the demo keeps generating and storing its own', () => {
    expect(readConfig({}).oidc.secrets).toEqual({ signingKeyPem: undefined, refreshTokenSecret: undefined, cookieKeys: undefined });
  });
});
