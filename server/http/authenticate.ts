import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Queryable } from '../db/database.ts';
import type { DataVersions } from '../caching/data-versions.ts';

/** Who is calling, as the server established it: never taken from a path or body. */
export interface Caller {
  userId: number;
  tenantId: number;
  roleId: 1 | 2 | 3;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export interface TokenPolicy {
  issuer: string;
  audience: string;
  clientId: string;
  /** The provider's public keys (local for the embedded provider, remote JWKS otherwise). */
  keys: JWTVerifyGetKey;
}

export const REQUIRED_CLIENT_ROLE = 'crm-access';
// Only asymmetric signatures: a token signed with a shared secret or none is refused.
const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

export class Unauthorized extends Error {
  readonly statusCode = 401;
}

/** A known caller whose tenant may not use the CRM now; the app shows the message as it is. */
export class SubscriptionExpired extends Error {
  readonly statusCode = 403;
  constructor() {
    super('Subscription expired.');
  }
}

/** Verifies signature, issuer, audience, expiry and algorithm; then reads the client roles. */
export async function verifyAccessToken(token: string, policy: TokenPolicy): Promise<JWTPayload & { email: string }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, policy.keys, {
      issuer: policy.issuer,
      audience: policy.audience,
      algorithms: ALLOWED_ALGORITHMS,
      requiredClaims: ['exp', 'sub'],
    }));
  } catch (error) {
    throw new Unauthorized(error instanceof joseErrors.JWTExpired ? 'Token expired' : 'Invalid token');
  }
  if (typeof payload.email !== 'string' || payload.email === '') throw new Unauthorized('Invalid token');
  if (!clientRoles(payload, policy.clientId).includes(REQUIRED_CLIENT_ROLE)) {
    throw new Unauthorized(`The token lacks the ${REQUIRED_CLIENT_ROLE} role`);
  }
  return payload as JWTPayload & { email: string };
}

/** Keycloak's shape: `resource_access.<client id>.roles`. */
export function clientRoles(payload: JWTPayload, clientId: string): string[] {
  const access = payload.resource_access as Record<string, { roles?: unknown }> | undefined;
  const roles = access?.[clientId]?.roles;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

/** How the API learns who is calling: the one place where a bearer token becomes a caller. */
export interface CallerCheck {
  /** A preHandler that sets `request.caller` from the bearer token, or answers 401 or 403. */
  requireCaller: preHandlerHookHandler;
  /**
   * The caller of this Authorization header if that is known without waiting: a token
   * already verified and unexpired, its e-mail's user unchanged since, and a
   * subscription that has not ended. Undefined means "take the full check", never "refused".
   */
  knownCaller(authorization: string | undefined): Caller | undefined;
}

/**
 * Sets `request.caller` from the bearer token, or answers 401; a caller whose tenant's
 * subscription has ended gets 403, whatever the app did or did not check before calling.
 *
 * Both steps are remembered, because every call of the app takes them again with the
 * same token: a token once verified until it expires (it cannot change, and expiry is
 * checked on each use), and who its e-mail belongs to while the versions of the
 * tenant's users and of the tenant itself are unchanged (any write to either forgets
 * it, in the very next request). The subscription's end is compared with the clock on
 * every request.
 */
export function authenticate(policy: TokenPolicy, db: Queryable, versions: DataVersions): CallerCheck {
  // Keyed by the end of the signature: hashing a kilobyte of token on every request
  // cost more than the rest of the lookup; the whole token is compared on a hit.
  const verifiedTokens = new BoundedMap<string, VerifiedToken>(REMEMBERED_TOKENS);
  const knownCallers = new BoundedMap<string, KnownCaller>(REMEMBERED_CALLERS);
  const tokenKey = (token: string) => token.slice(-TOKEN_KEY_LENGTH);

  const rememberedToken = (token: string): VerifiedToken | undefined => {
    const remembered = verifiedTokens.get(tokenKey(token));
    return remembered && remembered.token === token && Date.now() < remembered.expiresAtMs ? remembered : undefined;
  };

  const verified = async (token: string): Promise<VerifiedToken> => {
    const remembered = rememberedToken(token);
    if (remembered) return remembered;
    const claims = await verifyAccessToken(token, policy);
    const fresh = { token, email: claims.email.toLowerCase(), expiresAtMs: claims.exp! * 1000 };
    verifiedTokens.set(tokenKey(token), fresh);
    return fresh;
  };

  /** The caller as remembered, while nothing they depend on has been written since. */
  const rememberedCaller = (email: string): KnownCaller | undefined => {
    const known = knownCallers.get(email);
    if (!known || !versions.isLive()) return undefined;
    const { tenantId } = known.caller;
    const current = versions.peek(tenantId, 'users') === known.usersVersion && versions.peek(tenantId, 'tenants') === known.tenantVersion;
    return current ? known : undefined;
  };

  const lookUp = async (email: string): Promise<KnownCaller | undefined> => {
    const remembered = rememberedCaller(email);
    if (remembered) return remembered;
    const changesBefore = versions.changeCount();
    const [user] = await db.query<{ id: number; tenant_id: number; role_id: 1 | 2 | 3; expires_at: number | null }>(
      `select u.id, u.tenant_id, u.role_id, extract(epoch from t.subscription_expires_at) * 1000 as expires_at
       from users u join tenants t on t.id = u.tenant_id
       where u.email = $1`,
      [email],
    );
    if (!user) {
      knownCallers.delete(email);
      return undefined;
    }
    const caller: KnownCaller = {
      caller: Object.freeze({ userId: user.id, tenantId: user.tenant_id, roleId: user.role_id, email }),
      subscriptionEndsAtMs: user.expires_at === null ? undefined : Number(user.expires_at),
      usersVersion: await versions.current(user.tenant_id, 'users'),
      tenantVersion: await versions.current(user.tenant_id, 'tenants'),
    };
    // Only when no write landed during the read are the versions those of what it read.
    const rememberable = versions.isLive() && versions.changeCount() === changesBefore && caller.usersVersion !== undefined && caller.tenantVersion !== undefined;
    if (rememberable) knownCallers.set(email, caller);
    else knownCallers.delete(email);
    return caller;
  };

  const hasEnded = (known: KnownCaller) => known.subscriptionEndsAtMs !== undefined && known.subscriptionEndsAtMs <= Date.now();

  const admit = (request: FastifyRequest, known: KnownCaller | undefined): void => {
    if (!known) throw new Unauthorized('No CRM user for this token');
    if (hasEnded(known)) throw new SubscriptionExpired();
    request.caller = known.caller;
  };

  const checkedFully = async (request: FastifyRequest, header: string): Promise<void> => {
    const match = BEARER.exec(header);
    if (!match) throw new Unauthorized('Token not found');
    const { email } = await verified(match[1]!);
    admit(request, await lookUp(email));
  };

  const rememberedCallerOf = (header: string | undefined): KnownCaller | undefined => {
    const token = header?.startsWith('Bearer ') ? rememberedToken(header.slice(7)) : undefined;
    return token && rememberedCaller(token.email);
  };

  return {
    // A callback hook, so that a caller already known (nearly every request) is admitted
    // without a promise; anyone else takes the full check.
    requireCaller(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
      const header = request.headers.authorization ?? '';
      const known = rememberedCallerOf(header);
      if (known) {
        try {
          admit(request, known);
        } catch (error) {
          return done(error as Error);
        }
        return done();
      }
      checkedFully(request, header).then(() => done(), done);
    },
    knownCaller(header) {
      const known = rememberedCallerOf(header);
      return known && !hasEnded(known) ? known.caller : undefined;
    },
  };
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;
// The last characters of a JWT are its signature's: as good as random.
const TOKEN_KEY_LENGTH = 32;

// A token is about a kilobyte: four thousand people signed in at once cost a few
// megabytes, and one more only costs the next a signature check. A caller is a few
// hundred bytes.
const REMEMBERED_TOKENS = 4096;
const REMEMBERED_CALLERS = 10_000;

interface VerifiedToken {
  token: string;
  email: string;
  expiresAtMs: number;
}

interface KnownCaller {
  /** Made once and frozen: every request of this caller is handed the same object. */
  caller: Readonly<Caller>;
  subscriptionEndsAtMs: number | undefined;
  usersVersion: string | undefined;
  tenantVersion: string | undefined;
}

/** A Map that forgets its oldest entries beyond `limit`. */
class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
