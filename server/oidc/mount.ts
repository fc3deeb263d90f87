import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import { contentSecurityPolicy, everyAnswerHeaders } from '../http/security-headers.ts';

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
  // The CSP on every answer, so that the library's own pages (an auto-submitting form when
  // a session is already gone) get it too: it adds its inline script's hash to it.
  const headers = { ...everyAnswerHeaders(config), 'content-security-policy': contentSecurityPolicy(config) };

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
      for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
      await handle(raw, reply.raw);
    });
  });
}
