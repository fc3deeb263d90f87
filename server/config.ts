import { currencyProblem, FALLBACK_CURRENCY } from '../src/domain/money.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseApiPartsSetting, type ApiPartsSetting } from '../src/domain/api-parts.ts';

/** Every setting of the reference server, read from the environment once at start. */
export interface ServerConfig {
  host: string;
  port: number;
  /** The origin people open in the browser; the embedded provider's issuer lives under it. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seed: boolean;
  demoPassword: string;
  oidc: {
    /** The issuer the app signs in with and the API trusts. */
    issuer: string;
    clientId: string;
    /** The audience the API demands in access tokens. */
    audience: string;
    /** True when this process runs the identity provider itself. */
    embedded: boolean;
    accessTokenTtlSeconds: number;
    /** Where the embedded provider may send the browser back with a code: the app's /signin and origin, and any more configured. */
    redirectUris: string[];
    /** Confidential clients allowed to introspect tokens at the embedded provider (id and secret). */
    introspectionClients: { clientId: string; secret: string }[];
    /** The embedded provider's secrets as given from outside the database; any left out are kept in it (the demo). */
    secrets: GivenProviderSecrets;
  };
  /** The tenant service's base URL, as the app calls it. */
  tenantServiceUrl: string;
  /** The CRM API's base URL, as the app calls it ('' = this server). */
  apiBaseUrl: string;
  /** Which optional parts of the API the app may use: learned from the API's document, or declared. */
  apiParts: ApiPartsSetting;
  session: { minValiditySeconds: number; pollIntervalSeconds: number };
  /** The currency amounts are shown in when the API has no tenant settings (ISO 4217). */
  defaultCurrency: string;
  inspect: boolean;
  /** Requests per minute per client address (or per token, when signed in) on sign-up, profile and tenant look-ups. */
  rateLimitPerMinute: number;
  /**
   * Which proxies' X-Forwarded-For names the client (Fastify's trustProxy): false for
   * none, a number of hops, or the proxies' addresses and CIDR ranges.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** How long a connection may stay silent, and a request take to arrive, before it is cut. */
  httpTimeoutSeconds: number;
  /** Where the built app is served from. */
  appDir: string;
  /** Below this much free space in PGlite's data directory, /healthz says the server is not ready. */
  minFreeMegabytes: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const host = env.HOST ?? '127.0.0.1';
  const port = integer(env.PORT, 8080, 'PORT');
  const publicUrl = trimSlash(env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`);
  const embedded = !env.OIDC_ISSUER;
  const clientId = env.OIDC_CLIENT_ID ?? 'crm-app';
  return {
    host,
    port,
    publicUrl,
    dataDir: resolve(env.CRM_DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seed: env.CRM_SEED !== 'none',
    demoPassword: env.CRM_DEMO_PASSWORD ?? 'demo-password',
    oidc: {
      issuer: trimSlash(env.OIDC_ISSUER ?? `${publicUrl}/realms/crm`),
      clientId,
      audience: env.OIDC_AUDIENCE ?? (embedded ? 'crm-api' : clientId),
      embedded,
      accessTokenTtlSeconds: integer(env.ACCESS_TOKEN_TTL, 300, 'ACCESS_TOKEN_TTL'),
      redirectUris: [`${publicUrl}/signin`, `${publicUrl}/`, ...list(env.OIDC_EXTRA_REDIRECT_URIS).map(absoluteUrl)],
      introspectionClients: list(env.OIDC_INTROSPECTION_CLIENTS).map(clientCredentials),
      secrets: givenProviderSecrets(env),
    },
    tenantServiceUrl: trimSlash(env.TENANT_SERVICE_URL ?? `${publicUrl}/tenant-service`),
    apiBaseUrl: trimSlash(env.CRM_API_URL ?? ''),
    apiParts: parseApiPartsSetting(env.CRM_API_PARTS),
    session: {
      minValiditySeconds: integer(env.SESSION_MIN_VALIDITY, 5, 'SESSION_MIN_VALIDITY'),
      pollIntervalSeconds: integer(env.SESSION_POLL_INTERVAL, 5, 'SESSION_POLL_INTERVAL'),
    },
    defaultCurrency: currency(env.CRM_DEFAULT_CURRENCY),
    inspect: env.CRM_INSPECT === 'true' || env.CRM_INSPECT === '1',
    rateLimitPerMinute: integer(env.CRM_RATE_LIMIT, 30, 'CRM_RATE_LIMIT'),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    httpTimeoutSeconds: integer(env.HTTP_TIMEOUT, 30, 'HTTP_TIMEOUT'),
    appDir: resolve(env.CRM_APP_DIR ?? 'dist'),
    minFreeMegabytes: integer(env.CRM_MIN_FREE_MB, 64, 'CRM_MIN_FREE_MB'),
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, not "${value}"`);
  return parsed;
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

/** An address of OIDC_EXTRA_REDIRECT_URIS. */
function absoluteUrl(value: string): string {
  if (!/^https?:\/\/[^/]/.test(value)) throw new Error(`OIDC_EXTRA_REDIRECT_URIS holds "${value}", which is not an http(s) address`);
  return value;
}

/** `id:secret`, as a confidential client's credentials are written in OIDC_INTROSPECTION_CLIENTS. */
function clientCredentials(value: string): { clientId: string; secret: string } {
  const separator = value.indexOf(':');
  const clientId = value.slice(0, separator);
  const secret = value.slice(separator + 1);
  if (separator <= 0 || secret.length < 32) {
    throw new Error('OIDC_INTROSPECTION_CLIENTS lists clients as id:secret, each secret at least 32 characters long');
  }
  return { clientId, secret };
}

/** TRUST_PROXY: unset for none, `true` for any, a number of hops, or addresses and CIDR ranges separated by commas. */
function trustedProxies(value: string | undefined): ServerConfig['trustProxy'] {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === 'false') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  const addresses = setting.split(',').map((part) => part.trim());
  if (addresses.some((address) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(address))) {
    throw new Error(`TRUST_PROXY must be true, a number of hops, or addresses and CIDR ranges separated by commas, not "${value}"`);
  }
  return addresses.join(',');
}

function currency(value: string | undefined): string {
  if (value === undefined || value === '') return FALLBACK_CURRENCY;
  const problem = currencyProblem(value);
  if (problem) throw new Error(`CRM_DEFAULT_CURRENCY: ${problem}`);
  return value;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The embedded provider's secrets, each given in the environment or in a file named there. */
export interface GivenProviderSecrets {
  /** The RS256 private key that signs tokens, PKCS#8 PEM. */
  signingKeyPem?: string;
  /** The secret refresh tokens are signed with. */
  refreshTokenSecret?: string;
  /** The keys cookies are signed with, newest first: older ones still verify during a rotation. */
  cookieKeys?: string[];
}

const SHORTEST_SECRET = 32;

function givenProviderSecrets(env: NodeJS.ProcessEnv): GivenProviderSecrets {
  const signingKeyPem = secretSetting(env, 'OIDC_SIGNING_KEY');
  const refreshTokenSecret = secretSetting(env, 'OIDC_REFRESH_TOKEN_SECRET');
  const cookieKeys = secretSetting(env, 'OIDC_COOKIE_KEYS')?.split(/[\s,]+/).filter(Boolean);
  if (signingKeyPem !== undefined && !signingKeyPem.includes('-----BEGIN PRIVATE KEY-----')) {
    throw new Error('OIDC_SIGNING_KEY must be an RSA private key in PKCS#8 PEM (-----BEGIN PRIVATE KEY-----)');
  }
  if (refreshTokenSecret !== undefined && refreshTokenSecret.length < SHORTEST_SECRET) {
    throw new Error(`OIDC_REFRESH_TOKEN_SECRET must be at least ${SHORTEST_SECRET} characters long`);
  }
  if (cookieKeys !== undefined && (cookieKeys.length === 0 || cookieKeys.some((key) => key.length < SHORTEST_SECRET))) {
    throw new Error(`OIDC_COOKIE_KEYS lists keys of at least ${SHORTEST_SECRET} characters, newest first`);
  }
  return { signingKeyPem, refreshTokenSecret, cookieKeys };
}

/** NAME's value, or the contents of the file NAME_FILE names (as container secrets are mounted); never both. */
function secretSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name] || undefined;
  const file = env[`${name}_FILE`] || undefined;
  if (value !== undefined && file !== undefined) throw new Error(`Set ${name} or ${name}_FILE, not both`);
  if (file === undefined) return value?.trim();
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`${name}_FILE names ${file}, which cannot be read: ${(error as Error).message}`);
  }
}
