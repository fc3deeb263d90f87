import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppClient } from './client.ts';
import { SESSION_STATUS_PATHS } from './paths.ts';

/**
 * Keycloak's session-status pages, which keycloak-js frames in the app: the
 * third-party-cookie check (step1.html sets a cookie, step2.html reports whether
 * it stuck) and the login-status iframe, which answers "unchanged" while the
 * sign-in session its token names is the one in this browser. The session is
 * named by the KEYCLOAK_SESSION cookie (framed/login-status-iframe.js reads it), the SHA-256 of the session's id (the
 * tokens' `sid`), readable by the iframe's script; the provider's own session
 * cookie stays HttpOnly. Only the app's origins may frame the pages, and their
 * scripts are files, so no inline script is allowed anywhere.
 */
export const SESSION_STATUS_COOKIE = 'KEYCLOAK_SESSION';

/** The KEYCLOAK_SESSION value for a session: base64url SHA-256 of its id, as Keycloak 26.1 and later set it. */
export function sessionStatusValue(sessionUid: string): string {
  return createHash('sha256').update(sessionUid).digest('base64url');
}

/** Keeps KEYCLOAK_SESSION in step with the provider's session on every answer that loads it. */
export function keepSessionStatusCookie(provider: Provider, realmPath: string): void {
  provider.use(async (ctx, next) => {
    await next();
    const session = (ctx as { oidc?: { session?: { uid: string; accountId?: string; destroyed?: boolean } } }).oidc?.session;
    if (!session) return;
    const signedIn = Boolean(session.accountId) && !session.destroyed;
    if (!signedIn && ctx.cookies.get(SESSION_STATUS_COOKIE) === undefined) return;
    ctx.cookies.set(SESSION_STATUS_COOKIE, signedIn ? sessionStatusValue(session.uid) : null, {
      path: `${realmPath}/`,
      httpOnly: false,
      sameSite: 'lax',
      secure: ctx.secure,
      signed: false,
      overwrite: true,
    });
  });
}

export async function installSessionStatusPages(app: FastifyInstance, { prefix, client }: { prefix: string; client: AppClient }): Promise<void> {
  const paths = Object.fromEntries(Object.entries(SESSION_STATUS_PATHS).map(([name, path]) => [name, prefix + path])) as typeof SESSION_STATUS_PATHS;
  const framedPolicy = [
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",
    `frame-ancestors ${client.webOrigins.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  // Each page, the script it loads, and that script's file (in framed/, beside this module).
  const pages = [
    [paths.loginStatusIframe, 'Session status', paths.loginStatusScript, 'login-status-iframe.js'],
    [paths.thirdPartyCookiesStep1, 'Cookie check', paths.thirdPartyCookiesStep1Script, '3p-cookies-step1.js'],
    [paths.thirdPartyCookiesStep2, 'Cookie check', paths.thirdPartyCookiesStep2Script, '3p-cookies-step2.js'],
  ] as const;
  for (const [page, title, script, file] of pages) {
    const source = readFileSync(new URL(`./framed/${file}`, import.meta.url), 'utf8');
    const head = `<head><meta charset="utf-8"><title>${title}</title></head>`;
    const html = `<!DOCTYPE html>\n<html lang="en">\n${head}\n<body><script src="${script}"></script></body>\n</html>\n`;
    app.get(page, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Content-Security-Policy', framedPolicy).send(html),
    );
    app.get(script, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(source));
  }

  // The iframe asks once whether the page framing it may learn the session's status.
  app.get<{ Querystring: { client_id?: string; origin?: string } }>(`${paths.loginStatusIframe}/init`, async (request, reply) => {
    const { client_id: clientId, origin } = request.query;
    const allowed = clientId === client.clientId && origin !== undefined && client.webOrigins.includes(origin);
    return reply.code(allowed ? 204 : 403).header('Cache-Control', 'no-store').send();
  });
}
