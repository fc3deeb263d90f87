import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';

/** The origins the app may talk to: its own, the API, the tenant service and the provider. */
export function contentSecurityPolicy(config: ServerConfig): string {
  const origins = new Set(["'self'"]);
  for (const url of [config.apiBaseUrl, config.tenantServiceUrl, config.oidc.issuer]) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  const formTargets = new Set([...origins, ...config.oidc.redirectUris.map((uri) => new URL(uri).origin)]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Plot and react-hot-toast set inline style attributes; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${[...origins].join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    // The provider's login form ends in a redirect to the client, which form-action governs too.
    "form-action 'self' " + [...formTargets].filter((o) => o !== "'self'").join(' '),
  ].join('; ').trim();
}

// API answers are never cached: they carry tenant data.
const API_ONLY_HEADERS = { 'cache-control': 'no-store' };

/**
 * No sniffing and no referrer anywhere. Served over https (PUBLIC_URL), browsers are told
 * to come back over https only, for a year; not for subdomains, which may be other
 * services of the company.
 */
export function everyAnswerHeaders(config: Pick<ServerConfig, 'publicUrl'>): Record<string, string> {
  const https: Record<string, string> = config.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000' } : {};
  return { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', ...https };
}

/** Headers on every answer (everyAnswerHeaders); the CSP on documents; no-store on the API. */
async function securityHeaders(app: FastifyInstance, { config }: { config: ServerConfig }): Promise<void> {
  const csp = contentSecurityPolicy(config);
  const everyAnswer = everyAnswerHeaders(config);
  // A callback hook: every answer passes here, and a promise each is measurable under load.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(everyAnswer);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.getHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', csp);
    }
    if (request.url.startsWith('/api/') || request.url.startsWith('/tenant-service/')) {
      reply.headers(API_ONLY_HEADERS);
    }
    done(null, payload);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
