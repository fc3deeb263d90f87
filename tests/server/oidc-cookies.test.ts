import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pkcePair, startProviderServer, type ProviderServer } from '../support/oidc-harness.ts';

/** Starts a server for that public URL around the tests of a describe block. */
function serverFor(publicUrl: string) {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({ publicUrl });
  });
  afterAll(async () => {
    await server?.close();
  });
  return async function cookiesOfAnAuthorizationRequest(headers: Record<string, string> = {}) {
    const params = new URLSearchParams({
      client_id: 'crm-app',
      response_type: 'code',
      redirect_uri: `${publicUrl}/signin`,
      scope: 'openid email profile',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    const response = await server.app.inject({
      method: 'GET',
      url: `/realms/crm/protocol/openid-connect/auth?${params}`,
      headers: { host: new URL(publicUrl).host, ...headers },
    });
    expect(response.statusCode).toBe(303);
    return ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  };
}

describe('on plain http', () => {
  const cookiesOfAnAuthorizationRequest = serverFor('http://127.0.0.1:8080');

  test('the provider cookies are signed, HttpOnly, SameSite=Lax and not Secure', async () => {
    const cookies = await cookiesOfAnAuthorizationRequest();
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.some((cookie) => cookie.includes('.sig='))).toBe(true);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; samesite=lax/i);
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).not.toMatch(/; secure/i);
    }
  });
});

describe('for an https public URL behind a TLS-terminating proxy', () => {
  const cookiesOfAnAuthorizationRequest = serverFor('https://crm.example');

  test('the provider cookies are Secure', async () => {
    const cookies = await cookiesOfAnAuthorizationRequest({ 'x-forwarded-proto': 'https' });
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/; secure/i);
  });
});
