import { currencyProblem, FALLBACK_CURRENCY } from '../src/domain/money.ts';
import { resolve } from 'node:path';

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
  };
  /** The tenant service's base URL, as the app calls it. */
  tenantServiceUrl: string;
  /** The CRM API's base URL, as the app calls it ('' = this server). */
  apiBaseUrl: string;
  session: { minValiditySeconds: number; pollIntervalSeconds: number };
  /** The currency amounts are shown in when the API has no tenant settings (ISO 4217). */
  defaultCurrency: string;
  inspect: boolean;
  /** Requests per minute per client address on sign-up, profile and tenant look-ups. */
  rateLimitPerMinute: number;
  /** Where the built app is served from. */
  appDir: string;
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
    },
    tenantServiceUrl: trimSlash(env.TENANT_SERVICE_URL ?? `${publicUrl}/tenant-service`),
    apiBaseUrl: trimSlash(env.CRM_API_URL ?? ''),
    session: {
      minValiditySeconds: integer(env.SESSION_MIN_VALIDITY, 5, 'SESSION_MIN_VALIDITY'),
      pollIntervalSeconds: integer(env.SESSION_POLL_INTERVAL, 5, 'SESSION_POLL_INTERVAL'),
    },
    defaultCurrency: currency(env.CRM_DEFAULT_CURRENCY),
    inspect: env.CRM_INSPECT === 'true' || env.CRM_INSPECT === '1',
    rateLimitPerMinute: integer(env.CRM_RATE_LIMIT, 30, 'CRM_RATE_LIMIT'),
    appDir: resolve(env.CRM_APP_DIR ?? 'dist'),
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, not "${value}"`);
  return parsed;
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
