import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { findAccountById, identityClaims } from './accounts.ts';
import { SIGNING_ALGORITHM } from './keys.ts';
import { bearerToken } from '../plugins/authenticate.ts';

/**
 * The userinfo endpoint, answering for the same access tokens the API accepts
 * (as Keycloak's does). oidc-provider's own endpoint refuses tokens that carry an
 * audience, and ours always carry the API's.
 */
export async function installUserinfo(
  app: FastifyInstance,
  { db, config, keys, path }: { db: Database; config: ServerConfig; keys: JWTVerifyGetKey; path: string },
): Promise<void> {
  const appOrigin = new URL(config.publicUrl).origin;

  const allowOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.origin === appOrigin) {
      reply
        .header('Access-Control-Allow-Origin', appOrigin)
        .header('Access-Control-Expose-Headers', 'WWW-Authenticate')
        .header('Vary', 'Origin');
    }
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    allowOrigin(request, reply);
    reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request.headers.authorization);
    if (!token) return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ error: 'invalid_request', error_description: 'no access token provided' });
    let subject: string | undefined;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        algorithms: [SIGNING_ALGORITHM],
        requiredClaims: ['exp', 'sub'],
      });
      subject = payload.sub;
    } catch {
      return refuse(reply, 'invalid token provided');
    }
    const account = subject ? await findAccountById(db, subject) : undefined;
    if (!account) return refuse(reply, 'the account of this token no longer exists');
    return identityClaims(account);
  };

  app.get(path, answer);
  app.post(path, answer);
  app.options(path, async (request, reply) => {
    allowOrigin(request, reply);
    return reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, POST')
      .header('Access-Control-Allow-Headers', 'Authorization')
      .header('Access-Control-Max-Age', '3600')
      .send();
  });
}

/** RFC 6750's answer to a token that does not do. */
function refuse(reply: FastifyReply, description: string) {
  return reply
    .code(401)
    .header('WWW-Authenticate', `Bearer error="invalid_token", error_description="${description}"`)
    .send({ error: 'invalid_token', error_description: description });
}
