import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Response } from 'light-my-request';
import { inject } from 'vitest';
import { hashPassword } from '../../server/accounts/passwords.ts';
import { buildServer } from '../../server/app.ts';
import { readConfig, type ServerConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { testDatabaseKind } from './server-harness.ts';

export const PUBLIC_URL = 'http://127.0.0.1:8080';
export const ISSUER = `${PUBLIC_URL}/realms/crm`;
export const CLIENT_ID = 'crm-app';
export const REDIRECT_URI = `${PUBLIC_URL}/signin`;

/** The reference server with its embedded provider, on storage that survives a "restart". */
export interface ProviderServer {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
  /** Closes the app and the database, then opens both again on the same data. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startProviderServer({ publicUrl = PUBLIC_URL, env = {} as Record<string, string> } = {}): Promise<ProviderServer> {
  const storage = await persistentTestStorage();
  const config = readConfig({ PUBLIC_URL: publicUrl, CRM_SEED: 'none', CRM_RATE_LIMIT: '10000', ...env });
  let db = await storage.open();
  await migrate(db);
  let app = await buildServer({ config, db, serveApp: false });
  await app.ready();

  const server: ProviderServer = {
    app,
    db,
    config,
    async restart() {
      await app.close();
      await db.close();
      db = await storage.open();
      app = await buildServer({ config, db, serveApp: false });
      await app.ready();
      Object.assign(server, { app, db });
    },
    async close() {
      await app.close();
      await db.close();
      await storage.remove();
    },
  };
  return server;
}

/** A tenant, a CRM user and a sign-in account (with a salesperson, who shows the latest login). */
export async function seedPerson(
  db: Database,
  { email, password, roles = ['crm-access'] }: { email: string; password: string; roles?: string[] },
): Promise<void> {
  const [tenant] = await db.query<{ id: number }>(
    `insert into tenants (name) values ('Provider Test') on conflict (name) do update set name = excluded.name returning id`,
  );
  await db.query('insert into users (tenant_id, name, email, role_id) values ($1, $2, $3, 3)', [tenant!.id, `Person ${email}`, email]);
  await db.query('insert into salespersons (tenant_id, name, email) values ($1, $2, $3)', [tenant!.id, `Person ${email}`, email]);
  await db.query('insert into accounts (email, password_hash, client_roles) values ($1, $2, $3)', [
    email,
    await hashPassword(password),
    roles,
  ]);
}

/** Storage that can be closed and opened again, as a server restart does. */
async function persistentTestStorage(): Promise<{ open(): Promise<Database>; remove(): Promise<void> }> {
  if (testDatabaseKind() === 'postgres') {
    const adminUrl = inject('databaseUrl');
    const name = `crm_oidc_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      open: () => openDatabase({ databaseUrl: url.toString(), dataDir: '' }),
      remove: () => adminQuery(adminUrl, `drop database ${name} with (force)`),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-oidc-'));
  return {
    open: () => openDatabase({ dataDir }),
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

/** A PKCE pair as the app makes it: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(72).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Just enough of a browser for the provider's pages: it keeps cookies per path,
 * follows nothing on its own, and speaks to the app through inject.
 */
export class InjectBrowser {
  private readonly cookies = new Map<string, { value: string; path: string }>();
  /** Every Set-Cookie header the browser was sent, in order, for tests of cookie attributes. */
  readonly setCookieHeaders: string[] = [];

  constructor(private readonly app: () => FastifyInstance) {}

  get(url: string): Promise<Response> {
    return this.send('GET', url);
  }

  post(url: string, form: Record<string, string>): Promise<Response> {
    return this.send('POST', url, new URLSearchParams(form).toString());
  }

  private async send(method: 'GET' | 'POST', url: string, body?: string): Promise<Response> {
    const { pathname, search } = new URL(url, PUBLIC_URL);
    const response = await this.app().inject({
      method,
      url: pathname + search,
      headers: {
        host: new URL(PUBLIC_URL).host,
        cookie: this.cookieHeader(pathname),
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(body === undefined ? {} : { payload: body }),
    });
    const setCookie = response.headers['set-cookie'];
    this.setCookieHeaders.push(...(Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []));
    for (const cookie of response.cookies as { name: string; value: string; path?: string; expires?: Date }[]) {
      const key = `${cookie.name};${cookie.path ?? '/'}`;
      if (cookie.expires && cookie.expires.getTime() <= Date.now()) this.cookies.delete(key);
      else this.cookies.set(key, { value: cookie.value, path: cookie.path ?? '/' });
    }
    return response;
  }

  private cookieHeader(pathname: string): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.replace(/\/?$/, '/')))
      .map(([key, cookie]) => `${key.split(';')[0]}=${cookie.value}`)
      .join('; ');
  }
}

export interface AuthorizationRequest {
  challenge?: string;
  method?: string;
  scope?: string;
  state?: string;
  nonce?: string;
}

/** The address the app sends the browser to when signing in. */
export function authorizationUrl({ challenge, method = 'S256', scope = 'openid email profile', state = 'state-1', nonce = 'nonce-1' }: AuthorizationRequest): string {
  const params = new URLSearchParams({ client_id: CLIENT_ID, response_type: 'code', redirect_uri: REDIRECT_URI, scope, state, nonce });
  if (challenge !== undefined) {
    params.set('code_challenge', challenge);
    params.set('code_challenge_method', method);
  }
  return `${ISSUER}/protocol/openid-connect/auth?${params}`;
}

/** The action of the login form on a page, as a person's browser would submit it. */
export function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`No form on the page:\n${html}`);
  return match[1]!.replace(/&#38;/g, '&');
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope?: string;
}

/** Drives a full sign-in through the login form and returns the tokens. */
export async function signIn(
  browser: InjectBrowser,
  app: () => FastifyInstance,
  { email, password }: { email: string; password: string },
): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const toLogin = await browser.get(authorizationUrl({ challenge }));
  const loginPage = await browser.get(toLogin.headers.location as string);
  const resume = await browser.post(formAction(loginPage.body), { email, password });
  if (resume.statusCode !== 303) throw new Error(`Sign-in refused (${resume.statusCode}):\n${resume.body}`);
  const callback = await browser.get(resume.headers.location as string);
  const code = new URL(callback.headers.location as string).searchParams.get('code');
  if (!code) throw new Error(`No code in ${callback.headers.location}`);
  const response = await exchange(app(), { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
  if (response.statusCode !== 200) throw new Error(`Token exchange failed: ${response.body}`);
  return response.json() as Tokens;
}

/** A call to the token endpoint, as the app makes it (public client, form body). */
export function exchange(app: FastifyInstance, form: Record<string, string>): Promise<Response> {
  return app.inject({
    method: 'POST',
    url: '/realms/crm/protocol/openid-connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: new URL(PUBLIC_URL).host },
    payload: new URLSearchParams({ client_id: CLIENT_ID, ...form }).toString(),
  });
}
