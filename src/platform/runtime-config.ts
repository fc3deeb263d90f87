import type { ApiPartsSetting } from '../domain/api-parts.ts';

/** The settings the server hands the built app at start (GET /config.json). */
export interface RuntimeConfig {
  apiBaseUrl: string;
  /** CRM_API_PARTS: which optional parts of the API to use, or 'discover' them from its document. */
  apiParts: ApiPartsSetting;
  tenantServiceUrl: string;
  oidc: { issuer: string; clientId: string };
  session: { minValiditySeconds: number; pollIntervalSeconds: number };
  /** Amounts are in this currency (ISO 4217) when the API has no tenant settings. */
  defaultCurrency: string;
  inspect: boolean;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Cannot load the app's settings: ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}
