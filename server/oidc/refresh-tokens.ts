import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type Provider from 'oidc-provider';

/**
 * How long after its first use a refresh token is still taken: a client that lost
 * the answer to a refresh (a dropped connection, a tab put to sleep) may send it
 * again, as Keycloak's "refresh token max reuse" allows. Any later use is a replay,
 * and revokes the whole sign-in.
 */
export const REFRESH_RETRY_GRACE_SECONDS = 10;

const ALGORITHM = 'HS512';

interface StoredRefreshToken {
  jti: string;
  accountId: string;
  clientId: string;
  sessionUid?: string;
  scope?: string;
  consumed?: number;
}

interface RefreshTokenClass {
  prototype: StoredRefreshToken & {
    getValueAndPayload(): Promise<{ value: string; payload: { iat: number; exp: number } }>;
  };
  find(value: unknown, options?: { ignoreExpiration?: boolean }): Promise<StoredRefreshToken | undefined>;
}

/**
 * Refresh tokens as Keycloak issues them: JWTs (`typ: Refresh`, signed with a secret
 * only the provider knows) that keycloak-js decodes. oidc-provider keeps its opaque
 * token as the JWT's `jti` and goes on storing, rotating and revoking it; this only
 * wraps what it hands out and unwraps what comes back.
 */
export function issueRefreshTokensAsJwts(provider: Provider, { secret, issuer }: { secret: string; issuer: string }): void {
  const key = createSecretKey(Buffer.from(secret, 'base64url'));
  const RefreshToken = provider.RefreshToken as unknown as RefreshTokenClass;

  const opaqueValueAndPayload = RefreshToken.prototype.getValueAndPayload;
  RefreshToken.prototype.getValueAndPayload = async function wrapped() {
    const { value: jti, payload } = await opaqueValueAndPayload.call(this);
    const value = await new SignJWT({ typ: 'Refresh', azp: this.clientId, sid: this.sessionUid, scope: this.scope })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setJti(jti)
      .setIssuer(issuer)
      .setAudience(issuer)
      .setSubject(this.accountId)
      .setIssuedAt(payload.iat)
      .setExpirationTime(payload.exp)
      .sign(key);
    return { value, payload };
  };

  const findStored = RefreshToken.find.bind(RefreshToken);
  RefreshToken.find = async (value, options) => {
    const jti = typeof value === 'string' ? await storedId(value, key, issuer) : undefined;
    const token = jti === undefined ? undefined : await findStored(jti, options);
    if (token?.consumed !== undefined && Math.floor(Date.now() / 1000) - token.consumed <= REFRESH_RETRY_GRACE_SECONDS) {
      token.consumed = undefined;
    }
    return token;
  };
}

/** The opaque token inside a refresh token this provider signed, or undefined. */
async function storedId(value: string, key: KeyObject, issuer: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(value, key, { algorithms: [ALGORITHM], issuer, audience: issuer, typ: 'JWT' });
    return payload.typ === 'Refresh' && typeof payload.jti === 'string' ? payload.jti : undefined;
  } catch {
    return undefined;
  }
}
