/** The tokens of one sign-in, as the session keeps them. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  /**
   * Provider clock minus local clock, in seconds, measured when the tokens arrived
   * (the access token's iat against local now), so expiry is judged in the
   * provider's time even when this device's clock is off.
   */
  clockSkewSeconds: number;
}

/** The access-token claims the session reads (Keycloak's shape). */
export interface TokenClaims {
  email: string | undefined;
  clientRoles: string[];
  subject: string | undefined;
  sessionId: string | undefined;
  issuedAt: number;
  expiresAt: number;
}

export const REQUIRED_CLIENT_ROLE = 'crm-access';

/** Reads the payload of a JWT without verifying it: the API verifies; the app only reads. */
export function readClaims(accessToken: string, clientId: string): TokenClaims {
  const payload = decodePayload(accessToken);
  const access = payload.resource_access as Record<string, { roles?: unknown }> | undefined;
  const roles = access?.[clientId]?.roles;
  return {
    email: typeof payload.email === 'string' && payload.email !== '' ? payload.email : undefined,
    clientRoles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
    subject: typeof payload.sub === 'string' ? payload.sub : undefined,
    sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
    issuedAt: typeof payload.iat === 'number' ? payload.iat : 0,
    expiresAt: typeof payload.exp === 'number' ? payload.exp : 0,
  };
}

/** The skew to keep with freshly received tokens: how far ahead the provider's clock runs. */
export function measureClockSkew(claims: Pick<TokenClaims, 'issuedAt'>, nowMs: number): number {
  return claims.issuedAt ? Math.round(claims.issuedAt - nowMs / 1000) : 0;
}

/**
 * True when the access token has less than `minValiditySeconds` left, judged in the
 * provider's time (local now corrected by the measured skew).
 */
export function needsRefresh(
  claims: Pick<TokenClaims, 'expiresAt'>,
  clockSkewSeconds: number,
  minValiditySeconds: number,
  nowMs: number,
): boolean {
  const providerNow = nowMs / 1000 + clockSkewSeconds;
  return claims.expiresAt - providerNow < minValiditySeconds;
}

function decodePayload(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1];
  if (!part) return {};
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
