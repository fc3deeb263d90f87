import type { ApiPartsSetting } from '../domain/api-parts.ts';

/** The settings the server hands the built app at start: written into the page, or GET /config.json. */
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

/** The element of the page that carries the settings when the server that sent the page wrote them there. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'crm-config';

/**
 * The settings as an element of the page: JSON that the browser never runs, with
 * every `<` escaped so that no value can close the element.
 */
export function runtimeConfigElement(config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/**
 * The app's settings: from the page when the server wrote them into it (no round trip
 * before the session can start), else from `/config.json` (a page served from
 * elsewhere: the development server, a CDN in front of the company's API).
 */
export async function loadRuntimeConfig(
  page: Pick<Document, 'getElementById'> = document,
  fetchImpl: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  const written = page.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (written) return JSON.parse(written) as RuntimeConfig;
  const response = await fetchImpl('/config.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Cannot load the app's settings: ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}
