import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { bearerToken } from '../http/authenticate.ts';
import { signInIsLive } from './adapter.ts';
import { findAccountById, identityClaims, type ProviderAccount } from './accounts.ts';
import type { AppClient } from './client.ts';
import { SIGNING_ALGORITHM } from './keys.ts';
import { errorPage } from './pages.ts';
import { KEYCLOAK_ROUTES } from './paths.ts';

export interface PersonEndpointsOptions {
  db: Database;
  config: ServerConfig;
  client: AppClient;
  keys: JWTVerifyGetKey;
  /** The issuer's path, under which the endpoints answer at Keycloak's paths. */
  prefix: string;
}

const ACCOUNT_PAGE = 'Your name, e-mail and password are managed in the CRM. Go back to the app to change them.';

/**
 * What the app reads about the signed-in person with its access token, where a
 * Keycloak realm answers it: userinfo (keycloak-js's loadUserInfo) and the account
 * endpoint (loadUserProfile). Both take exactly the access tokens the API takes,
 * and, as Keycloak's do, refuse them once their sign-in session has ended.
 * oidc-provider's own userinfo refuses tokens that carry an audience, and ours
 * always carry the API's.
 */
export async function installPersonEndpoints(app: FastifyInstance, options: PersonEndpointsOptions): Promise<void> {
  const { prefix, client } = options;
  const person = personOfToken(options);

  const allowOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin && client.webOrigins.includes(origin)) {
      reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Expose-Headers', 'WWW-Authenticate').header('Vary', 'Origin');
    }
  };

  /** An answer about the person the request's token names, or the refusal of the token. */
  const aboutPerson = (answer: (account: ProviderAccount) => unknown, page?: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    allowOrigin(request, reply);
    reply.header('Cache-Control', 'no-store');
    // A browser opening the address (keycloak-js's accountManagement) gets a page, not JSON.
    if (page && !String(request.headers.accept ?? '').includes('application/json')) return reply.type('text/html; charset=utf-8').send(page);
    const found = await person(request.headers.authorization);
    return 'refusal' in found ? refuse(reply, found.refusal) : answer(found.account);
  };
  const userinfo = aboutPerson(identityClaims);
  const account = aboutPerson(accountProfile, errorPage('Your account', ACCOUNT_PAGE));

  const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
    allowOrigin(request, reply);
    return reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, POST')
      .header('Access-Control-Allow-Headers', 'Authorization, Accept')
      .header('Access-Control-Max-Age', '3600')
      .send();
  };

  app.get(prefix + KEYCLOAK_ROUTES.userinfo, userinfo);
  app.post(prefix + KEYCLOAK_ROUTES.userinfo, userinfo);
  app.options(prefix + KEYCLOAK_ROUTES.userinfo, preflight);
  for (const path of [prefix + KEYCLOAK_ROUTES.account, `${prefix + KEYCLOAK_ROUTES.account}/`]) {
    app.get(path, account);
    app.options(path, preflight);
  }
}

type PersonOrRefusal = { account: ProviderAccount; claims: JWTPayload } | { refusal: Refusal };

interface Refusal {
  error: 'invalid_request' | 'invalid_token';
  description: string;
}

/** The person an Authorization header's access token names, checked as the API checks it, or why not. */
export function personOfToken({ db, config, keys }: Pick<PersonEndpointsOptions, 'db' | 'config' | 'keys'>) {
  return async (authorization: string | undefined): Promise<PersonOrRefusal> => {
    const token = bearerToken(authorization);
    if (!token) return { refusal: { error: 'invalid_request', description: 'no access token provided' } };
    const claims = await verifiedAccessToken(token, { config, keys });
    if (!claims) return { refusal: { error: 'invalid_token', description: 'invalid token provided' } };
    if (typeof claims.sid !== 'string' || !(await signInIsLive(db, claims.sid, String(claims.azp)))) {
      return { refusal: { error: 'invalid_token', description: 'the session of this token has ended' } };
    }
    const account = await findAccountById(db, claims.sub!);
    if (!account) return { refusal: { error: 'invalid_token', description: 'the account of this token no longer exists' } };
    return { account, claims };
  };
}

/** The claims of an access token this provider issued and that has not expired, or undefined. */
export async function verifiedAccessToken(token: string, { config, keys }: Pick<PersonEndpointsOptions, 'config' | 'keys'>): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      algorithms: [SIGNING_ALGORITHM],
      typ: 'JWT',
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    return payload.typ === 'Bearer' ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** The person as Keycloak's account REST endpoint describes them (a UserRepresentation). */
export function accountProfile(account: ProviderAccount) {
  const { sub, preferred_username, email, email_verified } = identityClaims(account);
  const [firstName, ...rest] = (account.name ?? '').trim().split(/\s+/);
  return {
    id: sub,
    username: preferred_username,
    ...(firstName ? { firstName } : {}),
    ...(rest.length > 0 ? { lastName: rest.join(' ') } : {}),
    email,
    emailVerified: email_verified,
  };
}

/** RFC 6750's answer to a request without a token that does. */
function refuse(reply: FastifyReply, { error, description }: Refusal) {
  const challenge = error === 'invalid_request' ? 'Bearer' : `Bearer error="${error}", error_description="${description}"`;
  return reply.code(401).header('WWW-Authenticate', challenge).send({ error, error_description: description });
}
