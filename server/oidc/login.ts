import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Database } from '../db/database.ts';
import { authenticate, recordLogin } from './accounts.ts';
import { errorPage, INVALID_CREDENTIALS, loginPage, TOO_MANY_ATTEMPTS } from './pages.ts';
import { LoginThrottle } from './throttle.ts';
import { LOGIN_PATH } from './paths.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type LoginRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, string | undefined> }>;

const HTML = 'text/html; charset=utf-8';
const FORM_BODY_LIMIT = 8 * 1024;
const PASSWORD_ACR = '1';

/**
 * The login form the provider sends people to. A wrong password re-shows the form with an error and resolves
 * nothing; the right one finishes the interaction and the library issues the code.
 * A consent prompt (only when a request insists on prompt=consent) is granted
 * without asking: the CRM app is first-party.
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
      const interaction = await pendingInteraction(provider, request, reply);
      if (interaction?.prompt.name === 'consent') {
        const grantId = await grantFirstPartyConsent(provider, interaction);
        const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
        return reply.code(303).header('Cache-Control', 'no-store').redirect(returnTo);
      }
      if (interaction?.prompt.name !== 'login') return expired(reply);
      return sendPage(reply, 200, loginPage({ action: request.url }));
    });

    scope.post(`${prefix}${LOGIN_PATH}/:uid`, async (request: LoginRequest, reply) => {
      const interaction = await pendingInteraction(provider, request, reply);
      if (interaction?.prompt.name !== 'login') return expired(reply);
      const email = String(request.body?.email ?? '').trim();
      const password = String(request.body?.password ?? '');
      const key = email.toLowerCase();
      // request.ip is the client's address behind TRUST_PROXY's proxies.
      if (throttle.waitFor(key, request.ip) > 0) {
        request.log.warn({ uid: interaction.uid }, 'sign-in refused: too many failed attempts');
        return sendPage(reply, 200, loginPage({ action: request.url, email, error: TOO_MANY_ATTEMPTS }));
      }
      const account = email && password ? await authenticate(db, email, password) : undefined;
      if (!account) {
        throttle.recordFailure(key, request.ip);
        request.log.info({ uid: interaction.uid }, 'sign-in refused: invalid email or password');
        return sendPage(reply, 200, loginPage({ action: request.url, email, error: INVALID_CREDENTIALS }));
      }
      throttle.recordSuccess(key, request.ip);
      await recordLogin(db, account.email);
      // remember: false keeps the session cookie for the browser session only, as Keycloak does without "remember me";
      // acr "1" is Keycloak's level for a sign-in with a password.
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.id, remember: false, acr: PASSWORD_ACR } },
        { mergeWithLastSubmission: false },
      );
      return reply.code(303).header('Cache-Control', 'no-store').redirect(returnTo);
    });
  });
}

/** The pending interaction this page belongs to, or undefined when it is gone or not this one. */
async function pendingInteraction(provider: Provider, request: LoginRequest, reply: FastifyReply): Promise<Interaction | undefined> {
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    return undefined;
  }
  return interaction.uid === request.params.uid ? interaction : undefined;
}

/** Grants whatever the consent prompt found missing, as oidc-provider's example does for first-party clients. */
async function grantFirstPartyConsent(provider: Provider, interaction: Interaction): Promise<string> {
  const { details } = interaction.prompt;
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId: interaction.session!.accountId, clientId: String(interaction.params.client_id) });
  const missingScopes = details.missingOIDCScope as string[] | undefined;
  const missingClaims = details.missingOIDCClaims as string[] | undefined;
  const missingResourceScopes = details.missingResourceScopes as Record<string, string[]> | undefined;
  if (missingScopes) grant.addOIDCScope(missingScopes.join(' '));
  if (missingClaims) grant.addOIDCClaims(missingClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

function expired(reply: FastifyReply) {
  return sendPage(reply, 400, errorPage('Sign-in expired', 'This sign-in page has expired. Go back to the app and sign in again.'));
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type(HTML).header('Cache-Control', 'no-store').send(html);
}
