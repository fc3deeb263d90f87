import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt, type JWTVerifyGetKey } from 'jose';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { signInIsLive } from './adapter.ts';
import { verifiedAccessToken } from './person-endpoints.ts';

type IntrospectionRequest = FastifyRequest<{ Body: Record<string, string | undefined> }>;

const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Token introspection (RFC 7662) at Keycloak's path, for the confidential clients
 * configured in OIDC_INTROSPECTION_CLIENTS (a company's API checking tokens). The
 * app's public client may not introspect, as in Keycloak. The library's own
 * endpoint cannot read the JWT access tokens, so this answers: a token is active
 * while it verifies and its sign-in session lasts; a refresh token while the
 * provider would still take it.
 */
type IntrospectionOptions = { db: Database; config: ServerConfig; keys: JWTVerifyGetKey; provider: Provider; path: string };

export async function installIntrospection(app: FastifyInstance, { db, config, keys, provider, path }: IntrospectionOptions): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.post(path, async (request: IntrospectionRequest, reply) => {
      reply.header('Cache-Control', 'no-store');
      const caller = authenticatedClient(request, config.oidc.introspectionClients);
      if (!caller) {
        return reply
          .code(401)
          .header('WWW-Authenticate', 'Basic realm="introspection"')
          .send({ error: 'invalid_client', error_description: 'Only a confidential client with its secret may introspect tokens.' });
      }
      const token = request.body?.token;
      if (!token) return reply.code(400).send({ error: 'invalid_request', error_description: 'The token to introspect is missing.' });
      return (await activeAccessToken(token)) ?? (await activeRefreshToken(token)) ?? { active: false };
    });
  });

  const activeAccessToken = async (token: string) => {
    const claims = await verifiedAccessToken(token, { config, keys });
    if (!claims || !(await signInIsLive(db, String(claims.sid), String(claims.azp)))) return undefined;
    return { ...claims, active: true, client_id: claims.azp, username: claims.preferred_username, token_type: 'Bearer' };
  };

  const activeRefreshToken = async (token: string) => {
    const stored = await provider.RefreshToken.find(token);
    if (!stored?.isValid) return undefined;
    const claims = decodeJwt(token);
    return { ...claims, active: true, client_id: claims.azp, token_type: 'Refresh' };
  };
}

/** The confidential client the request authenticates as (HTTP Basic or form fields), or undefined. */
function authenticatedClient(request: IntrospectionRequest, clients: ServerConfig['oidc']['introspectionClients']) {
  const basic = /^basic +([A-Za-z0-9+/]+=*)$/i.exec(request.headers.authorization ?? '');
  let id: string | undefined;
  let secret: string | undefined;
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    // RFC 6749 section 2.3.1: both parts are form-encoded before joining.
    id = decodeFormPart(decoded.slice(0, colon));
    secret = decodeFormPart(decoded.slice(colon + 1));
  } else {
    id = request.body?.client_id;
    secret = request.body?.client_secret;
  }
  if (id === undefined || secret === undefined) return undefined;
  const client = clients.find((candidate) => candidate.clientId === id);
  return client && sameSecret(client.secret, secret) ? client : undefined;
}

function decodeFormPart(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
