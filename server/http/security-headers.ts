import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** The origins the app may talk to: its own, the API, the tenant service and the provider. */
export function contentSecurityPolicy(config: ServerConfig): string {
  const origins = new Set(["'self'"]);
  for (const url of [config.apiBaseUrl, config.tenantServiceUrl, config.oidc.issuer]) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
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
    "form-action 'self' " + [...origins].filter((o) => o !== "'self'").join(' '),
  ].join('; ').trim();
}

const EVERY_ANSWER_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
// API answers are never cached: they carry tenant data.
const API_ONLY_HEADERS = { 'cache-control': 'no-store' };

/** What every answer of the API and the tenant service carries, whichever way it is sent. */
export const API_ANSWER_HEADERS = Object.freeze({ ...EVERY_ANSWER_HEADERS, ...API_ONLY_HEADERS });

/** Headers on every answer: no sniffing and no referrer anywhere; the CSP on documents; no-store on the API. */
export function installSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const csp = contentSecurityPolicy(config);
  // A callback hook: every answer passes here, and a promise each is measurable under load.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(EVERY_ANSWER_HEADERS);
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
