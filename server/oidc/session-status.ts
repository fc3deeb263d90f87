import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppClient } from './client.ts';
import { SESSION_STATUS_PATHS } from './paths.ts';

/**
 * Keycloak's session-status pages, which keycloak-js frames in the app: the
 * third-party-cookie check (step1.html sets a cookie, step2.html reports whether
 * it stuck) and the login-status iframe, which answers "unchanged" while the
 * sign-in session its token names is the one in this browser. The session is
 * named by the KEYCLOAK_SESSION cookie, the SHA-256 of the session's id (the
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

export async function installSessionStatusPages(
  app: FastifyInstance,
  { prefix, client }: { prefix: string; client: AppClient },
): Promise<void> {
  const paths = Object.fromEntries(Object.entries(SESSION_STATUS_PATHS).map(([name, path]) => [name, prefix + path])) as typeof SESSION_STATUS_PATHS;
  const framedPolicy = [
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",
    `frame-ancestors ${client.webOrigins.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  const framedPage = (reply: FastifyReply, title: string, script: string) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', framedPolicy)
      .send(`<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${title}</title></head>\n<body><script src="${script}"></script></body>\n</html>\n`);
  const script = (reply: FastifyReply, source: string) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(source);

  app.get(paths.loginStatusIframe, async (_request, reply) => framedPage(reply, 'Session status', paths.loginStatusScript));
  app.get(paths.thirdPartyCookiesStep1, async (_request, reply) => framedPage(reply, 'Cookie check', paths.thirdPartyCookiesStep1Script));
  app.get(paths.thirdPartyCookiesStep2, async (_request, reply) => framedPage(reply, 'Cookie check', paths.thirdPartyCookiesStep2Script));
  app.get(paths.loginStatusScript, async (_request, reply) => script(reply, LOGIN_STATUS_SCRIPT));
  app.get(paths.thirdPartyCookiesStep1Script, async (_request, reply) => script(reply, STEP1_SCRIPT));
  app.get(paths.thirdPartyCookiesStep2Script, async (_request, reply) => script(reply, STEP2_SCRIPT));

  // The iframe asks once whether the page framing it may learn the session's status.
  app.get<{ Querystring: { client_id?: string; origin?: string } }>(`${paths.loginStatusIframe}/init`, async (request, reply) => {
    const { client_id: clientId, origin } = request.query;
    const allowed = clientId === client.clientId && origin !== undefined && client.webOrigins.includes(origin);
    return reply.code(allowed ? 204 : 403).header('Cache-Control', 'no-store').send();
  });
}

const LOGIN_STATUS_SCRIPT = `'use strict';
// keycloak-js posts "<client id> <session id>"; the answer is unchanged, changed or error.
let allowed;
let asked = false;

window.addEventListener('message', async (event) => {
  if (typeof event.data !== 'string') return;
  const parts = event.data.split(' ');
  if (parts.length !== 2) return;
  const [clientId, sessionId] = parts;
  event.source.postMessage(await sessionStatus(clientId, event.origin, sessionId), event.origin);
});

async function sessionStatus(clientId, origin, sessionId) {
  if (!(await mayReadCookies())) return 'error';
  if (!allowed) {
    // One question to the server per frame: a page cannot make it ask again and again.
    if (asked) return 'error';
    asked = true;
    const url = new URL(location.origin + location.pathname + '/init');
    url.searchParams.set('client_id', clientId);
    url.searchParams.set('origin', origin);
    const response = await fetch(url);
    if (!response.ok) return 'error';
    allowed = { clientId, origin };
  }
  if (clientId !== allowed.clientId || origin !== allowed.origin) return 'error';
  const cookie = cookieNamed('${SESSION_STATUS_COOKIE}');
  if (!cookie) return sessionId === '' ? 'unchanged' : 'changed';
  return cookie === (await sha256(sessionId)) ? 'unchanged' : 'changed';
}

async function mayReadCookies() {
  if (!('hasStorageAccess' in document) || (await document.hasStorageAccess())) return true;
  try {
    await document.requestStorageAccess();
    return true;
  } catch {
    return false;
  }
}

function cookieNamed(name) {
  for (const pair of document.cookie.split(';')) {
    const [key, value] = pair.split('=').map((part) => part.trim());
    if (key === name) return value;
  }
  return undefined;
}

async function sha256(text) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
}
`;

const STEP1_SCRIPT = `'use strict';
// Sets two short-lived cookies, then lets step 2 see whether this frame may keep them.
document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=supported; max-age=60; samesite=none; secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=supported; max-age=60';
location.replace('step2.html');
`;

const STEP2_SCRIPT = `'use strict';
const supported = document.cookie.includes('KEYCLOAK_3P_COOKIE');
document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=none; secure';
document.cookie = 'KEYCLOAK_3P_COOKIE=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
window.parent.postMessage(supported ? 'supported' : 'unsupported', '*');
`;
