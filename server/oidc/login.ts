import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Database } from '../db/database.ts';
import { authenticate, recordLogin } from './accounts.ts';
import { AUTOMATIC_LOGOUT_SCRIPT, errorPage, INVALID_CREDENTIALS, loginPage, TOO_MANY_ATTEMPTS } from './pages.ts';
import { LoginThrottle } from './throttle.ts';
import { LOGIN_PATH, LOGOUT_SCRIPT_PATH } from './paths.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type LoginRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, string | undefined> }>;

const HTML = 'text/html; charset=utf-8';
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * The login form the provider sends people to, and the small script its sign-out
 * page loads. A wrong password re-shows the form with an error and resolves
 * nothing; the right one finishes the interaction and the library issues the code.
 */
export async function installInteractions(
  app: FastifyInstance,
  { provider, db, prefix }: { provider: Provider; db: Database; prefix: string },
): Promise<void> {
  const throttle = new LoginThrottle();
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(`${prefix}${LOGIN_PATH}/:uid`, async (request: LoginRequest, reply) => {
      const interaction = await loginInteraction(provider, request, reply);
      if (!interaction) return expired(reply);
      return sendPage(reply, 200, loginPage({ action: request.url }));
    });

    scope.post(`${prefix}${LOGIN_PATH}/:uid`, async (request: LoginRequest, reply) => {
      const interaction = await loginInteraction(provider, request, reply);
      if (!interaction) return expired(reply);
      const email = String(request.body?.email ?? '').trim();
      const password = String(request.body?.password ?? '');
      const key = email.toLowerCase();
      if (throttle.isLocked(key)) {
        request.log.warn({ uid: interaction.uid }, 'sign-in refused: too many failed attempts');
        return sendPage(reply, 200, loginPage({ action: request.url, email, error: TOO_MANY_ATTEMPTS }));
      }
      const account = email && password ? await authenticate(db, email, password) : undefined;
      if (!account) {
        throttle.recordFailure(key);
        request.log.info({ uid: interaction.uid }, 'sign-in refused: invalid email or password');
        return sendPage(reply, 200, loginPage({ action: request.url, email, error: INVALID_CREDENTIALS }));
      }
      throttle.recordSuccess(key);
      await recordLogin(db, account.email);
      // remember: false keeps the session cookie for the browser session only, as Keycloak does without "remember me".
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.id, remember: false } },
        { mergeWithLastSubmission: false },
      );
      return reply.code(303).header('Cache-Control', 'no-store').redirect(returnTo);
    });

    scope.get(`${prefix}${LOGOUT_SCRIPT_PATH}`, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(AUTOMATIC_LOGOUT_SCRIPT),
    );
  });
}

/** The pending login interaction this page belongs to, or undefined when it is gone or not ours. */
async function loginInteraction(provider: Provider, request: LoginRequest, reply: FastifyReply): Promise<Interaction | undefined> {
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    return undefined;
  }
  return interaction.uid === request.params.uid && interaction.prompt.name === 'login' ? interaction : undefined;
}

function expired(reply: FastifyReply) {
  return sendPage(reply, 400, errorPage('Sign-in expired', 'This sign-in page has expired. Go back to the app and sign in again.'));
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type(HTML).header('Cache-Control', 'no-store').send(html);
}
