import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { signInIsLive } from '../oidc/adapter.ts';
import { HttpError } from './refusals.ts';
import { REQUIRED_CLIENT_ROLE } from '../../src/domain/session/tokens.ts';

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
  interface FastifyInstance {
    /** Who is calling: `requireCaller` sets `request.caller` from the bearer token or refuses. */
    callers: CallerCheck;
    /** The embedded provider's public keys, when it runs in this server. */
    providerKeys?: JWTVerifyGetKey;
  }
}

export interface TokenPolicy {
  issuer: string;
  audience: string;
  clientId: string;
  /** The provider's public keys (local for the embedded provider, remote JWKS otherwise). */
  keys: JWTVerifyGetKey;
  /**
   * Set where the issuer's sign-in sessions are in this database (the embedded
   * provider): a token of a session that has logged out, or whose grant was revoked, is
   * refused at once instead of working until it expires.
   */
  sessionsInDatabase?: boolean;
}

// Only asymmetric signatures: a token signed with a shared secret or none is refused.
const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];
// Keycloak's access tokens carry `typ: "Bearer"`; its ID tokens `ID`, its refresh tokens `Refresh`.
const ACCESS_TOKEN_TYPE = 'Bearer';

const unauthorized = (reason: string) => new HttpError(401, reason);

/**
 * Verifies signature, issuer, audience, expiry and algorithm; then what makes it an
 * access token of this app for a verified e-mail, as Keycloak 26 issues them (`typ`
 * Bearer, `azp` the app's client id, `email_verified` true); then the client role.
 */
export async function verifyAccessToken(token: string, policy: TokenPolicy): Promise<VerifiedPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, policy.keys, {
      issuer: policy.issuer,
      audience: policy.audience,
      algorithms: ALLOWED_ALGORITHMS,
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (error) {
    throw unauthorized(error instanceof joseErrors.JWTExpired ? 'Token expired' : 'Invalid token');
  }
  // An ID token has the app as audience too (with an external provider, the default
  // OIDC_AUDIENCE): only an access token says Bearer.
  if (payload.typ !== ACCESS_TOKEN_TYPE) throw unauthorized('Not an access token');
  if (payload.azp !== policy.clientId) throw unauthorized('The token was issued to another client');
  if (typeof payload.email !== 'string' || payload.email === '' || payload.email_verified !== true) {
    throw unauthorized('The token has no verified e-mail');
  }
  if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthorized('Invalid token');
  if (!clientRoles(payload, policy.clientId).includes(REQUIRED_CLIENT_ROLE)) {
    throw unauthorized(`The token lacks the ${REQUIRED_CLIENT_ROLE} role`);
  }
  return payload as VerifiedPayload;
}

export type VerifiedPayload = JWTPayload & { sub: string; email: string; iat: number; exp: number };

/** Keycloak's shape: `resource_access.<client id>.roles`. */
export function clientRoles(payload: JWTPayload, clientId: string): string[] {
  const access = payload.resource_access as Record<string, { roles?: unknown }> | undefined;
  const roles = access?.[clientId]?.roles;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

const SIGN_IN_ENDED = 'The sign-in of this token has ended or was revoked';

/** How the API learns who is calling: the one place where a bearer token becomes a caller. */
export interface CallerCheck {
  /** A preHandler that sets `request.caller` from the bearer token, or answers 401 or 403. */
  requireCaller: preHandlerHookHandler;
}

/**
 * Sets `request.caller` from the bearer token, or answers 401; a caller whose tenant's
 * subscription has ended gets 403, whatever the app did or did not check before calling.
 * Every request verifies its token and reads its user and tenant afresh, so a change
 * of role, e-mail or subscription counts from the very next request, however it was
 * written (route, SQL, another server process).
 */
export function authenticate(policy: TokenPolicy, db: Queryable): CallerCheck {
  return {
    async requireCaller(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized('Token not found');
      const payload = await verifyAccessToken(token, policy);
      if (policy.sessionsInDatabase && !(typeof payload.sid === 'string' && (await signInIsLive(db, payload.sid, policy.clientId)))) {
        throw unauthorized(SIGN_IN_ENDED);
      }
      const user = await userOfSubject(db, payload.sub, payload.email.toLowerCase());
      if (!user) throw unauthorized('No CRM user for this token');
      // Token times are whole seconds, so a token of the very second of the change still counts as after it.
      if (user.email_changed_at !== null && payload.iat < Math.floor(Number(user.email_changed_at))) {
        throw unauthorized('The token was issued before an e-mail change');
      }
      // A known caller whose tenant may not use the CRM now; the app shows the message as it is.
      if (user.expires_at !== null && Number(user.expires_at) <= Date.now()) throw new HttpError(403, 'Subscription expired.');
      request.caller = { userId: user.id, tenantId: user.tenant_id, roleId: user.role_id, email: user.email };
    },
  };
}

/** The user a token stands for, with what admitting them depends on. */
interface CallerRow {
  id: number;
  tenant_id: number;
  role_id: 1 | 2 | 3;
  email: string;
  /** Seconds since the epoch, or null when the e-mail never changed. */
  email_changed_at: number | null;
  /** Milliseconds since the epoch, or null for a subscription without end. */
  expires_at: number | null;
}

const SELECT_BY_SUBJECT = `select u.id, u.tenant_id, u.role_id, u.email,
    extract(epoch from u.email_changed_at) as email_changed_at,
    extract(epoch from t.subscription_expires_at) * 1000 as expires_at
  from users u join tenants t on t.id = u.tenant_id
  where u.subject = $1`;

/**
 * The user whose subject (the provider's stable id of the person) the token carries. A
 * user no token has yet named is bound to the first subject that comes with their
 * verified e-mail (lower-cased; never by a token whose sign-in has ended), and from then
 * on only that subject reaches them: an e-mail that later moves to someone else (in this
 * tenant or another) brings no one along.
 */
async function userOfSubject(db: Queryable, subject: string, email: string): Promise<CallerRow | undefined> {
  const [user] = await db.query<CallerRow>(SELECT_BY_SUBJECT, [subject]);
  if (user) return user;
  try {
    await db.query('update users set subject = $1 where email = $2 and subject is null', [subject, email]);
  } catch {
    return undefined; // the subject was bound to another user meanwhile
  }
  const [bound] = await db.query<CallerRow>(SELECT_BY_SUBJECT, [subject]);
  return bound;
}

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined. The scheme
 * is case-insensitive (RFC 7235 section 2.1): keycloak-js sends `bearer`.
 */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

// RFC 6750's b64token, after the scheme and one or more spaces.
const BEARER = /^bearer +([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * The caller check as the app's decorator `callers`. Tokens are checked with the keys
 * given (tests with a signer of their own), else the embedded provider's, whose tokens
 * name its sign-in sessions in this database (logout and revocation end them at once),
 * else those an external provider (Keycloak) publishes through discovery.
 */
async function authentication(app: FastifyInstance, { config, keys }: { config: ServerConfig; keys?: JWTVerifyGetKey }): Promise<void> {
  const sessionsInDatabase = keys === undefined && app.providerKeys !== undefined;
  const tokenKeys = keys ?? app.providerKeys ?? (await remoteKeys(config.oidc.issuer));
  const { issuer, audience, clientId } = config.oidc;
  app.decorate('callers', authenticate({ issuer, audience, clientId, keys: tokenKeys, sessionsInDatabase }, app.db));
}

async function remoteKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`Cannot read the discovery document of ${issuer}: ${response.status}`);
  const { jwks_uri } = (await response.json()) as { jwks_uri: string };
  return createRemoteJWKSet(new URL(jwks_uri));
}

export default fp(authentication, { name: 'authentication', dependencies: ['database'] });
