// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadRuntimeConfig, runtimeConfigElement, type RuntimeConfig } from '../../../src/platform/runtime-config.ts';

const SETTINGS: RuntimeConfig = {
  apiBaseUrl: 'https://crm-api.example.test',
  apiParts: 'discover',
  tenantServiceUrl: 'https://tenants.example.test',
  oidc: { issuer: 'https://sso.example.test/realms/crm', clientId: 'crm-app' },
  session: { minValiditySeconds: 5, pollIntervalSeconds: 5 },
  defaultCurrency: 'EUR',
  inspect: false,
};

afterEach(() => {
  document.head.innerHTML = '';
});

function servedSettings(settings: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(settings), { headers: { 'content-type': 'application/json' } }));
}

describe("the app's settings: one reader, two sources", () => {
  test('written into the page by the server that sent it: read from there, and /config.json is not asked', async () => {
    document.head.innerHTML = runtimeConfigElement(SETTINGS);
    const fetchSettings = servedSettings({ ...SETTINGS, apiBaseUrl: 'https://elsewhere.example.test' });
    expect(await loadRuntimeConfig(document, fetchSettings)).toEqual(SETTINGS);
    expect(fetchSettings).not.toHaveBeenCalled();
  });

  test('a page served from elsewhere (no settings in it): read from /config.json', async () => {
    const fetchSettings = servedSettings(SETTINGS);
    expect(await loadRuntimeConfig(document, fetchSettings)).toEqual(SETTINGS);
    expect(fetchSettings).toHaveBeenCalledWith('/config.json', { cache: 'no-cache' });
  });

  test('/config.json refused: the start fails with the status, not with settings made up', async () => {
    const refused = vi.fn<typeof fetch>(async () => new Response('gone', { status: 404 }));
    await expect(loadRuntimeConfig(document, refused)).rejects.toThrow("Cannot load the app's settings: 404");
  });

  test('a value that would close the element stays a value', async () => {
    const tricky = { ...SETTINGS, tenantServiceUrl: 'https://t.example.test/</script><script>alert(1)</script>' };
    document.head.innerHTML = runtimeConfigElement(tricky);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(await loadRuntimeConfig(document, servedSettings(SETTINGS))).toEqual(tricky);
  });
});
