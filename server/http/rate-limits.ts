import { createHash } from 'node:crypto';
import rateLimitPlugin from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './refusals.ts';

const ONE_MINUTE_MS = 60_000;
const BEARER_TOKEN = /^Bearer (\S+)$/i;

/** The limiter's settings for a public call and for one that needs a caller. */
export interface RateLimits {
  public: Record<string, unknown>;
  signedIn: Record<string, unknown>;
}

/**
 * A public call counts against the client's address (behind TRUST_PROXY's proxies, the
 * address they forward), whatever headers it carries. A call that needs a caller counts
 * against its bearer token, so calls without one (or with another) never spend a
 * signed-in person's budget, and people behind one proxy do not share one.
 */
export function rateLimits(max: number): RateLimits {
  const byAddress = (request: FastifyRequest) => `address ${request.ip}`;
  const byToken = (request: FastifyRequest) => {
    const token = BEARER_TOKEN.exec(request.headers.authorization ?? '')?.[1];
    return token ? `token ${createHash('sha256').update(token).digest('base64url')}` : byAddress(request);
  };
  return {
    public: { max, timeWindow: ONE_MINUTE_MS, keyGenerator: byAddress },
    signedIn: { max, timeWindow: ONE_MINUTE_MS, keyGenerator: byToken },
  };
}

/** The limiter, for the routes whose config names their limit (rateLimits) and no others. */
async function rateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(rateLimitPlugin, {
    global: false,
    errorResponseBuilder: (_request, { after }) => new HttpError(429, `Too many requests; try again in ${after}`),
  });
}

export default fp(rateLimiting, { name: 'rate-limiting' });
