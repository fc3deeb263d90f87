import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTVerifyGetKey } from 'jose';
import { inject } from 'vitest';
import { buildServer } from '../../server/app.ts';
import { readConfig, type ServerConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { DEMO_PASSWORD, SEED_TODAY, copySeededDataDir, prepare } from './seeded-template.ts';

export { DEMO_PASSWORD, SEED_TODAY };
const TOKEN_LIFETIME_SECONDS = 300;

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  /** Every answer body the server sent; close() fails when any holds a password hash. */
  answers: string[];
  /** The keys the server checks tokens with (those `tokenFor` signs with). */
  tokenKeys: JWTVerifyGetKey;
  /** A valid access token for that e-mail, as the identity provider would issue it. */
  tokenFor(email: string, claims?: Record<string, unknown>): Promise<string>;
  /** Headers with that person's bearer token. */
  as(email: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  rateLimitPerMinute?: number;
  /** Serve a database another test server already prepared (closed by its owner). */
  sharing?: TestServer;
  logger?: FastifyServerOptions['logger'];
  /** Further settings, as environment variables (e.g. TRUST_PROXY). */
  settings?: Record<string, string>;
}

/**
 * The API on its own database (a fresh PGlite folder, or a fresh database in the
 * test cluster when CRM_TEST_DATABASE=postgres), migrated and seeded with the demo
 * data, with token keys of its own so tests sign tokens like the provider does.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const storage = options.sharing ? { db: options.sharing.db, close: async () => {} } : await openSeededTestDatabase();
  const { db } = storage;

  const base = readConfig({ CRM_RATE_LIMIT: String(options.rateLimitPerMinute ?? 10_000), CRM_SEED: 'none', ...options.settings });
  const config: ServerConfig = { ...base, oidc: { ...base.oidc, embedded: false } };
  const signer = await testSigner();
  const app = await buildServer({ config, db, serveApp: false, tokenKeys: signer.keys, logger: options.logger });
  const answers: string[] = [];
  // Cached answers go out as bytes, compressed when the client accepts it: scan them decoded.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload === 'string') answers.push(payload);
    else if (Buffer.isBuffer(payload)) answers.push(decoded(payload, reply.getHeader('content-encoding')));
    return payload;
  });
  await app.ready();

  const tokenFor = (email: string, claims: Record<string, unknown> = {}) => signer.sign(config, email, claims);
  return {
    app,
    db,
    config,
    answers,
    tokenKeys: signer.keys,
    tokenFor,
    as: async (email) => ({ authorization: `Bearer ${await tokenFor(email)}` }),
    // Issue 4: no answer ever contains a hash. Every answer of every test is scanned.
    close: async () => {
      await app.close();
      await storage.close();
      const leaks = answers.filter((answer) => answer.includes('$argon2'));
      if (leaks.length) throw new Error(`${leaks.length} answers contained a password hash, e.g. ${leaks[0]!.slice(0, 200)}`);
    },
  };
}

interface TestDatabase {
  db: Database;
  close(): Promise<void>;
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.CRM_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

/** A database no other test file touches. */
export async function openTestDatabase(): Promise<TestDatabase> {
  return openStorage(await createTestStorage());
}

/**
 * A database no other test file touches, holding the demo data: a copy of the one the
 * project's global setup seeded (tests/support/seeded-template.ts), or seeded here where
 * no project made one.
 */
export async function openSeededTestDatabase(): Promise<TestDatabase> {
  const template = testDatabaseKind() === 'postgres' ? inject('seededTemplate') : inject('seededDataDir');
  if (!template) {
    const empty = await openTestDatabase();
    await prepare(empty.db);
    return empty;
  }
  return openStorage(await createTestStorage(template));
}

async function openStorage(place: Awaited<ReturnType<typeof createTestStorage>>): Promise<TestDatabase> {
  const db = await openDatabase(place.storage);
  return {
    db,
    close: async () => {
      await db.close();
      await place.remove();
    },
  };
}

/**
 * A place for data, not yet opened: the settings for openDatabase, the same as
 * environment variables for a server process, and how to remove it afterwards. Empty,
 * or a copy of `template` (a database of the test cluster, or a closed PGlite directory).
 */
export async function createTestStorage(template?: string): Promise<{
  storage: { databaseUrl?: string; dataDir: string };
  env: Record<string, string>;
  remove(): Promise<void>;
}> {
  if (testDatabaseKind() === 'postgres') {
    const adminUrl = inject('databaseUrl');
    const name = `crm_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      storage: { databaseUrl: url.toString(), dataDir: '' },
      env: { DATABASE_URL: url.toString() },
      remove: () => adminQuery(adminUrl, `drop database ${name} with (force)`),
    };
  }
  const dataDir = template ? copySeededDataDir(template) : mkdtempSync(join(tmpdir(), 'crm-pglite-'));
  return {
    storage: { dataDir },
    env: { CRM_DATA_DIR: dataDir },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const KEY_ID = 'test-key';

/** Signs tokens shaped like the embedded provider's and Keycloak's: RS256, resource_access roles, typ, azp, email_verified. */
async function testSigner() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  return {
    keys: createLocalJWKSet({ keys: [publicJwk] }),
    sign: (config: ServerConfig, email: string, claims: Record<string, unknown>) =>
      new SignJWT({
        email,
        // Keycloak 26's access tokens: a typ of Bearer, the app as azp, a verified e-mail.
        email_verified: true,
        typ: 'Bearer',
        azp: config.oidc.clientId,
        sub: `subject-${email}`,
        iss: config.oidc.issuer,
        aud: config.oidc.audience,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS,
        resource_access: { [config.oidc.clientId]: { roles: ['crm-access'] } },
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
        .sign(privateKey),
  };
}

function decoded(bytes: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

/** The database as `db`, with the text of every statement run outside a transaction noted in `sent`. */
export function recordingStatements(db: Database, sent: string[]): Database {
  return {
    ...db,
    query: (sql, params) => {
      sent.push(sql);
      return db.query(sql, params);
    },
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
  };
}
