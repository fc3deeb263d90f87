import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';

/**
 * Hands every request under the issuer's path to oidc-provider (a Koa app).
 * The library routes relative to the issuer, so the prefix is cut from the URL. The body stream is left
 * unread for the library to parse, and the reply is hijacked, so the server's
 * onSend hooks do not run: the security headers are set here instead.
 */
export async function mountProvider(
  app: FastifyInstance,
  { provider, config, prefix }: { provider: Provider; config: ServerConfig; prefix: string },
): Promise<void> {
  const handle = provider.callback();
  const csp = contentSecurityPolicy(config);

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.all(`${prefix}/*`, async (request, reply) => {
      reply.hijack();
      // As Express does when mounting: the library reads the mount path back from
      // originalUrl to build the absolute URLs in its answers.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(prefix.length) || '/';
      setSecurityHeaders(reply.raw, csp);
      await handle(raw, reply.raw);
    });
  });
}

function setSecurityHeaders(response: ServerResponse, csp: string): void {
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  // On every answer, so that the library's own pages (an auto-submitting form when
  // a session is already gone) get it too: it adds its inline script's hash to it.
  response.setHeader('Content-Security-Policy', csp);
}
