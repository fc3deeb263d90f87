/**
 * Builds unsigned JWTs (header.payload.signature, base64url) shaped like the
 * provider's access tokens. The app never verifies signatures — the API does —
 * so a placeholder signature is all a test needs.
 */
export function jwt(payload: Record<string, unknown>): string {
  return [{ alg: 'RS256', typ: 'JWT' }, payload].map(base64url).join('.') + '.c2lnbmF0dXJl';
}

export const CLIENT_ID = 'crm-app';

export interface AccessClaims {
  email?: string | undefined;
  roles?: string[];
  /** Seconds since the epoch, in the provider's clock. */
  iat: number;
  exp: number;
  sub?: string;
  sid?: string;
}

/** A Keycloak-shaped access token: client roles under resource_access[clientId]. */
export function accessToken({ email, roles = ['crm-access'], iat, exp, sub = 'account-1', sid = 'session-1' }: AccessClaims): string {
  return jwt({
    iss: 'http://127.0.0.1/oidc',
    aud: 'crm-api',
    sub,
    sid,
    iat,
    exp,
    ...(email === undefined ? {} : { email }),
    resource_access: { [CLIENT_ID]: { roles } },
  });
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
