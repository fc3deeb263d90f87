import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JWTVerifyGetKey } from 'jose';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { postgresAdapter, sweepExpired } from './adapter.ts';
import { findAccountById, identityClaims } from './accounts.ts';
import { loadProviderKeys, publicJwk, type ProviderKeys } from './keys.ts';
import { errorPage, logoutPage, signedOutPage } from './pages.ts';
import { mountProvider } from './mount.ts';
import { installInteractions } from './login.ts';
import { installUserinfo } from './userinfo.ts';
import { issuerPath, KEYCLOAK_ROUTES, LOGIN_PATH, LOGOUT_SCRIPT_PATH } from './paths.ts';

/** What the rest of the server needs from the embedded provider. */
export interface EmbeddedProvider {
  /** Verifies the access tokens it issues. */
  keys: JWTVerifyGetKey;
}

/** How long one sign-in lasts at most: its session, grant and refresh tokens end then. */
export const SIGN_IN_LIFETIME_SECONDS = 8 * 60 * 60;
const INTERACTION_LIFETIME_SECONDS = 60 * 60;
const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const SIGN_IN_SCOPES = 'openid email profile';

/**
 * Runs the identity provider inside this server at the issuer's path (/realms/crm):
 * oidc-provider with its state in the database, a real login form, and one public
 * client, the CRM app, doing the code flow with PKCE S256.
 */
export async function installEmbeddedProvider(
  app: FastifyInstance,
  deps: { db: Database; config: ServerConfig },
): Promise<EmbeddedProvider> {
  const { db, config } = deps;
  const secrets = await loadProviderKeys(db);
  const provider = createProvider(config, db, secrets);
  provider.on('server_error', (_ctx: unknown, error: Error) => app.log.error({ err: error }, 'identity provider error'));

  const keys = createLocalJWKSet({ keys: [publicJwk(secrets.signingKey)] });
  const prefix = issuerPath(config.oidc.issuer);
  await installInteractions(app, { provider, db, prefix });
  await installUserinfo(app, { db, config, keys, path: prefix + KEYCLOAK_ROUTES.userinfo });
  await mountProvider(app, { provider, config, prefix });

  await sweepExpired(db);
  const sweeper = setInterval(() => {
    sweepExpired(db).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping expired provider state failed'));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  return { keys };
}

function createProvider(config: ServerConfig, db: Database, secrets: ProviderKeys): Provider {
  const { issuer, clientId, audience, accessTokenTtlSeconds } = config.oidc;
  const prefix = issuerPath(issuer);
  // An absolute URI naming the CRM API; the app never sends it, so it is the default.
  const apiResource = `${config.publicUrl}/api`;
  const remainingSignIn = (since: number | undefined) =>
    since === undefined ? SIGN_IN_LIFETIME_SECONDS : Math.max(since + SIGN_IN_LIFETIME_SECONDS - epochNow(), 1);

  const configuration: Configuration = {
    adapter: postgresAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'CRM',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/signin`, `${config.publicUrl}/`],
        post_logout_redirect_uris: [config.publicUrl, `${config.publicUrl}/`],
      },
    ],
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    jwks: { keys: [secrets.signingKey] },
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    // Keycloak answers CORS for the origins of the client's redirect URIs; so does this.
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris!.some((uri) => new URL(uri).origin === origin),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: async () => identityClaims(account) };
    },
    // The access token carries what the API and the app read, shaped like Keycloak's.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken') return undefined;
      const account = token.accountId ? await findAccountById(db, token.accountId) : undefined;
      if (!account) return undefined;
      return {
        // Keycloak's access tokens say what they are (its ID tokens say ID) and whether the e-mail is verified.
        typ: 'Bearer',
        email: account.email,
        email_verified: true,
        // The library adds sid only for back-channel logout clients; the sign-in
        // session's uid names the same session and is on every access token.
        sid: (token as unknown as { sessionUid?: string }).sessionUid,
        azp: clientId,
        resource_access: { [clientId]: { roles: account.clientRoles } },
      };
    },
    // Keycloak gives the app a refresh token with every sign-in, not only for offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every use gives a new refresh token; presenting a used one revokes the whole grant.
    rotateRefreshToken: true,
    // The CRM app is first-party: whatever it asks for is granted, so no consent screen.
    async loadExistingGrant(ctx) {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await provider.Grant.find(grantId) : undefined;
      const grant =
        existing && existing.accountId === session.accountId
          ? existing
          : new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      // (requestParamOIDCScopes is missing from the library's type definitions.)
      const requested = (ctx.oidc as unknown as { requestParamOIDCScopes: Set<string> }).requestParamOIDCScopes;
      grant.addOIDCScope([...requested].join(' '));
      for (const [indicator, resourceServer] of Object.entries(ctx.oidc.resourceServers ?? {})) {
        grant.addResourceScope(indicator, resourceServer.scope);
      }
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx, interaction) => `${prefix}${LOGIN_PATH}/${interaction.uid}`,
    },
    routes: {
      authorization: KEYCLOAK_ROUTES.authorization,
      token: KEYCLOAK_ROUTES.token,
      userinfo: KEYCLOAK_ROUTES.userinfo,
      end_session: KEYCLOAK_ROUTES.end_session,
      jwks: KEYCLOAK_ROUTES.jwks,
      revocation: KEYCLOAK_ROUTES.revocation,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // Access tokens are JWTs for the API, which the library's own userinfo refuses;
      // userinfo.ts answers at the same path instead.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf?.[0] ?? apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== apiResource) throw new errors.InvalidTarget();
          // Keycloak's access tokens list the sign-in scopes; these do too.
          return { scope: SIGN_IN_SCOPES, audience, accessTokenFormat: 'jwt', accessTokenTTL: accessTokenTtlSeconds };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage({
            form,
            automatic: hintNamesSessionAccount(ctx),
            scriptUrl: prefix + LOGOUT_SCRIPT_PATH,
          });
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    discovery: { userinfo_endpoint: issuer + KEYCLOAK_ROUTES.userinfo },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage('Sign-in problem', String(out.error_description ?? out.error ?? 'The request could not be completed.'));
    },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      IdToken: accessTokenTtlSeconds,
      AuthorizationCode: AUTHORIZATION_CODE_LIFETIME_SECONDS,
      Interaction: INTERACTION_LIFETIME_SECONDS,
      // Absolute from the moment of sign-in, however often they are used or rotated.
      Grant: (_ctx, grant) => remainingSignIn(grant.iat),
      Session: (_ctx, session) => remainingSignIn(session.loginTs),
      RefreshToken: (_ctx, token) => remainingSignIn(token.authTime),
    },
  };

  const provider = new Provider(issuer, configuration);
  // Behind a TLS-terminating proxy an https issuer must trust X-Forwarded-Proto.
  provider.proxy = issuer.startsWith('https:');
  return provider;
}

/**
 * A logout request names the signed-in person when its id_token_hint (already
 * validated by the library) was issued to them; then no confirmation is asked,
 * as Keycloak does.
 */
function hintNamesSessionAccount(ctx: KoaContextWithOIDC): boolean {
  const subject = ctx.oidc.entities.IdTokenHint?.payload.sub;
  return typeof subject === 'string' && subject === ctx.oidc.session?.accountId;
}

function epochNow(): number {
  return Math.floor(Date.now() / 1000);
}
