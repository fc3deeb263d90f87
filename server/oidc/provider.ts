import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet } from 'jose';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { postgresAdapter, revokeGrant, sweepExpired } from './adapter.ts';
import { findAccountById, identityClaims } from './accounts.ts';
import { appClient, type AppClient } from './client.ts';
import { installIntrospection } from './introspection.ts';
import { accessTokenClaims, issueKeycloakIdTokens, signInOf, type RealmFacts } from './keycloak-tokens.ts';
import { loadProviderKeys, publicJwk, secretsKeptInDatabase, type ProviderKeys } from './keys.ts';
import { errorPage, logoutPage, signedOutPage } from './pages.ts';
import { mountProvider } from './mount.ts';
import { installInteractions } from './login.ts';
import { installPersonEndpoints } from './person-endpoints.ts';
import { issueRefreshTokensAsJwts } from './refresh-tokens.ts';
import { installSessionStatusPages, keepSessionStatusCookie } from './session-status.ts';
import { issuerPath, KEYCLOAK_ROUTES, LOGIN_PATH, SESSION_STATUS_PATHS } from './paths.ts';

/** How long one sign-in lasts at most: its session, grant and refresh tokens end then. */
export const SIGN_IN_LIFETIME_SECONDS = 8 * 60 * 60;
const INTERACTION_LIFETIME_SECONDS = 60 * 60;
const AUTHORIZATION_CODE_LIFETIME_SECONDS = 60;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const SIGN_IN_SCOPES = 'openid email profile';
const SESSION_COOKIE_OPTIONS = { signed: true, httpOnly: true, sameSite: 'lax' } as const;

/**
 * Runs the identity provider inside this server at the issuer's path (/realms/crm):
 * oidc-provider with its state in the database, a real login form, and one public
 * client, the CRM app, doing the code flow with PKCE S256. Its public keys, which
 * verify the access tokens it issues, become the app's decorator `providerKeys`.
 */
async function embeddedProvider(app: FastifyInstance, { config }: { config: ServerConfig }): Promise<void> {
  const { db } = app;
  const secrets = await loadProviderKeys(db, config.oidc.secrets);
  const kept = secretsKeptInDatabase(config.oidc.secrets);
  if (process.env.NODE_ENV === 'production' && kept.length > 0) {
    app.log.warn(
      { settings: kept },
      'The identity provider keeps its keys in the database, as the demo does: a backup could mint tokens. Give them in the environment or files (docs/configuration.md).',
    );
  }
  const client = appClient(config);
  const provider = createProvider(config, db, secrets, client);
  provider.on('server_error', (_ctx: unknown, error: Error) => app.log.error({ err: error }, 'identity provider error'));

  const keys = createLocalJWKSet({ keys: [publicJwk(secrets.signingKey)] });
  const prefix = issuerPath(config.oidc.issuer);
  await installInteractions(app, { provider, db, prefix });
  await installPersonEndpoints(app, { db, config, client, keys, prefix });
  await installSessionStatusPages(app, { prefix, client });
  await installIntrospection(app, { db, config, keys, provider, path: prefix + KEYCLOAK_ROUTES.introspection });
  await mountProvider(app, { provider, config, prefix });

  await sweepExpired(db);
  const sweeper = setInterval(() => {
    sweepExpired(db).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping expired provider state failed'));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.decorate('providerKeys', keys);
}

export default fp(embeddedProvider, { name: 'embedded-provider', dependencies: ['database'] });

function createProvider(config: ServerConfig, db: Database, secrets: ProviderKeys, client: AppClient): Provider {
  const { issuer, audience, accessTokenTtlSeconds } = config.oidc;
  const prefix = issuerPath(issuer);
  // The realm's name is the last part of the issuer's path (crm for /realms/crm).
  const realm: RealmFacts = { client, realm: prefix.split('/').pop() ?? '' };
  // An absolute URI naming the CRM API; the app never sends it, so it is the default.
  const apiResource = `${config.publicUrl}/api`;
  const remainingSignIn = (since: number | undefined) =>
    since === undefined ? SIGN_IN_LIFETIME_SECONDS : Math.max(since + SIGN_IN_LIFETIME_SECONDS - Math.floor(Date.now() / 1000), 1);
  // The library's own routes; introspection and the account answer beside it (introspection.ts, person-endpoints.ts).
  const { introspection: _introspection, account: _account, ...routes } = KEYCLOAK_ROUTES;

  const configuration: Configuration = {
    adapter: postgresAdapter(db),
    clients: [
      {
        client_id: client.clientId,
        client_name: 'CRM',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: client.redirectUris,
        post_logout_redirect_uris: client.postLogoutRedirectUris,
        // Keycloak puts auth_time in every ID token.
        require_auth_time: true,
      },
    ],
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    jwks: { keys: [secrets.signingKey] },
    cookies: { keys: secrets.cookieKeys, long: SESSION_COOKIE_OPTIONS, short: SESSION_COOKIE_OPTIONS },
    // Keycloak answers CORS for the client's web origins; so does this.
    clientBasedCORS: (_ctx, origin) => client.webOrigins.includes(origin),
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
    formats: {
      customizers: {
        // The access token is Keycloak's: header typ JWT (not at+jwt), and its claims.
        // `sid` is the sign-in session's uid on every token, which names it in the
        // database (the library's own sid is per client and only for back-channel logout).
        async jwt(ctx, token, jwt) {
          const accountId = 'accountId' in token ? token.accountId : undefined;
          const account = accountId ? await findAccountById(db, accountId) : undefined;
          if (!account) throw new errors.InvalidGrant('the account of this sign-in no longer exists');
          const signIn = { ...signInOf(ctx), sessionUid: (token as unknown as { sessionUid?: string }).sessionUid };
          // The library reads back the object it passed in.
          jwt.header = { typ: 'JWT' };
          delete jwt.payload.client_id;
          Object.assign(jwt.payload, accessTokenClaims(account, signIn, realm));
          return jwt;
        },
      },
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
    routes,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // Access tokens are JWTs for the API, which the library's own userinfo refuses;
      // person-endpoints.ts answers at the same path instead.
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
          // With an id_token_hint (validated by the library) issued to who is signed in, Keycloak
          // signs out and redirects at once; without one, it asks first.
          const hinted = ctx.oidc.entities.IdTokenHint?.payload.sub;
          if (typeof hinted === 'string' && hinted === ctx.oidc.session?.accountId) return endSessionAtOnce(ctx, db);
          ctx.type = 'html';
          ctx.body = logoutPage({ form });
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    discovery: {
      userinfo_endpoint: issuer + KEYCLOAK_ROUTES.userinfo,
      introspection_endpoint: issuer + KEYCLOAK_ROUTES.introspection,
      introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      check_session_iframe: issuer + SESSION_STATUS_PATHS.loginStatusIframe,
      // The provider serves its own app only, which registers no logout URI: neither
      // front- nor back-channel logout is implemented, and discovery says so.
      frontchannel_logout_supported: false,
      frontchannel_logout_session_supported: false,
      backchannel_logout_supported: false,
      backchannel_logout_session_supported: false,
    },
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
  issueKeycloakIdTokens(provider, realm);
  issueRefreshTokensAsJwts(provider, { secret: secrets.refreshTokenKey, issuer });
  keepSessionStatusCookie(provider, prefix);
  allowCredentialedCors(provider, client.webOrigins);
  return provider;
}

/**
 * keycloak-js calls the token endpoint with `credentials: 'include'`, which the
 * browser allows only when the answer (and its preflight) says so; Keycloak does
 * for its web origins, and only those get it here.
 */
function allowCredentialedCors(provider: Provider, webOrigins: string[]): void {
  provider.use(async (ctx, next) => {
    await next();
    if (webOrigins.includes(ctx.response.get('Access-Control-Allow-Origin'))) ctx.set('Access-Control-Allow-Credentials', 'true');
  });
}

/**
 * Ends the sign-in session and sends the browser to the post-logout address (or
 * the signed-out page), as the library's confirmation step would: every grant of
 * the session is revoked with its tokens, and the session and its cookie go.
 */
async function endSessionAtOnce(ctx: KoaContextWithOIDC, db: Database): Promise<void> {
  const { session } = ctx.oidc;
  // (cookieName and urlFor are missing from the library's type definitions.)
  const provider = ctx.oidc.provider as Provider & { cookieName(name: string): string };
  const urlFor = (route: string) => (ctx.oidc as unknown as { urlFor(route: string): string }).urlFor(route);
  const state = session!.state as { postLogoutRedirectUri?: string; state?: string } | undefined;
  for (const { grantId } of Object.values(session!.authorizations ?? {})) {
    if (grantId) await revokeGrant(db, grantId);
  }
  await session!.destroy();
  ctx.oidc.cookies.set(provider.cookieName('session'), null, SESSION_COOKIE_OPTIONS);
  // The registered address exactly as given, as Keycloak redirects (no slash added to a bare origin).
  const target = state?.postLogoutRedirectUri
    ? withQuery(state.postLogoutRedirectUri, state.state === undefined ? {} : { state: state.state })
    : urlFor('end_session_success');
  provider.emit('end_session.success', ctx);
  ctx.status = 303;
  // Koa's redirect would parse the address again, and give a bare origin its slash back.
  ctx.set('Location', target);
  ctx.body = '';
}

function withQuery(address: string, parameters: Record<string, string>): string {
  const query = new URLSearchParams(parameters).toString();
  if (!query) return address;
  const [base, fragment] = address.split('#', 2) as [string, string | undefined];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment === undefined ? '' : `#${fragment}`}`;
}
