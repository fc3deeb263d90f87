import type * as OAuth from 'oauth4webapi';
import type { TokenSet } from '../domain/session/tokens.ts';
import { RefreshRefused } from '../machines/session.ts';

/**
 * OpenID Connect with oauth4webapi: authorization code flow with PKCE S256, for a
 * public client in the browser. The session machine decides when; this module
 * only speaks the protocol and keeps the one-time callback state.
 *
 * oauth4webapi arrives with the first exchange with the provider (a sign-in, a
 * callback, a refresh, a logout), not with the app's first screen: /signup never needs it.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Where the provider sends the browser back with the code (the app's /signin). */
  redirectUri: string;
  /** Where the provider sends the browser after logout (the app's origin). */
  postLogoutRedirectUri: string;
}

export interface OidcEnvironment {
  /** Where the one-time callback state lives (this tab only). */
  storage: Storage;
  /** Leaves the page for the provider. */
  assign(url: string): void;
  fetch?: typeof fetch;
  now?: () => number;
}

export type TokensWithoutSkew = Omit<TokenSet, 'clockSkewSeconds'>;

/** The spec's constants: verifier length, callback-state lifetime, provider time-out. */
export const CODE_VERIFIER_LENGTH = 96;
export const CALLBACK_STATE_TTL_MS = 60 * 60 * 1000;
export const PROVIDER_TIMEOUT_MS = 10_000;
export const CALLBACK_STATE_KEY = 'crm.oidc.callback';

interface CallbackState {
  state: string;
  nonce: string;
  codeVerifier: string;
  createdAt: number;
}

export class InvalidCallback extends Error {
  override name = 'InvalidCallback';
}

let oauthLibrary: Promise<typeof OAuth> | undefined;
const loadOauth = () => (oauthLibrary ??= import('oauth4webapi'));

export function createOidc(settings: OidcSettings, environment: OidcEnvironment) {
  const client: OAuth.Client = { client_id: settings.clientId };
  const issuer = new URL(settings.issuer);
  const now = environment.now ?? Date.now;
  // Plain http is accepted only for a provider on this machine (the embedded one).
  const insecure = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  const requestOptions = (oauth: typeof OAuth) => ({
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    [oauth.allowInsecureRequests]: insecure,
    ...(environment.fetch ? { [oauth.customFetch]: environment.fetch } : {}),
  });

  let discovered: Promise<OAuth.AuthorizationServer> | undefined;
  function authorizationServer(): Promise<OAuth.AuthorizationServer> {
    discovered ??= loadOauth()
      .then(async (oauth) => oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, requestOptions(oauth))))
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  function readCallbackState(): CallbackState | undefined {
    const raw = environment.storage.getItem(CALLBACK_STATE_KEY);
    environment.storage.removeItem(CALLBACK_STATE_KEY); // one use only, whatever happens next
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as CallbackState;
      return now() - parsed.createdAt <= CALLBACK_STATE_TTL_MS ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    /** Sends the browser to the provider with a fresh state, nonce and 96-character verifier. */
    async startLogin(): Promise<void> {
      const [oauth, as] = await Promise.all([loadOauth(), authorizationServer()]);
      const callback: CallbackState = {
        state: oauth.generateRandomState(),
        nonce: oauth.generateRandomNonce(),
        codeVerifier: randomVerifier(),
        createdAt: now(),
      };
      environment.storage.setItem(CALLBACK_STATE_KEY, JSON.stringify(callback));
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: callback.state,
        nonce: callback.nonce,
        code_challenge: await oauth.calculatePKCECodeChallenge(callback.codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      environment.assign(url.href);
    },

    /** True when an address carries an authorization response for us to complete. */
    isCallback(url: URL): boolean {
      return url.searchParams.has('state') && (url.searchParams.has('code') || url.searchParams.has('error'));
    },

    /**
     * Completes a sign-in from the callback address: the state must be the one this tab
     * stored within the hour, and the ID token's nonce the one sent with it.
     */
    async completeCallback(url: URL): Promise<TokensWithoutSkew> {
      const callback = readCallbackState();
      if (!callback) throw new InvalidCallback('No sign-in was started here, or it is older than an hour');
      const [oauth, as] = await Promise.all([loadOauth(), authorizationServer()]);
      let parameters: URLSearchParams;
      try {
        parameters = oauth.validateAuthResponse(as, client, url, callback.state);
      } catch (error) {
        throw new InvalidCallback(error instanceof Error ? error.message : 'Invalid authorization response');
      }
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        parameters,
        settings.redirectUri,
        callback.codeVerifier,
        requestOptions(oauth),
      );
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
        expectedNonce: callback.nonce,
        requireIdToken: true,
      });
      return toTokens(result);
    },

    /** A refresh; the provider's 400 becomes RefreshRefused, anything else stays transient. */
    async refresh(previous: { refreshToken: string | undefined; idToken: string | undefined }): Promise<TokensWithoutSkew> {
      const { refreshToken } = previous;
      if (!refreshToken) throw new RefreshRefused('No refresh token');
      const [oauth, as] = await Promise.all([loadOauth(), authorizationServer()]);
      try {
        const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, requestOptions(oauth));
        const result = await oauth.processRefreshTokenResponse(as, client, response);
        return toTokens(result, previous);
      } catch (error) {
        if (error instanceof oauth.ResponseBodyError && error.status === 400) throw new RefreshRefused(error.message);
        throw error;
      }
    },

    /** The provider's end-session address with id_token_hint and the app's origin to return to. */
    async logoutUrl(idToken: string | undefined): Promise<string> {
      const as = await authorizationServer();
      const url = new URL(as.end_session_endpoint ?? `${settings.issuer}/protocol/openid-connect/logout`);
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('post_logout_redirect_uri', settings.postLogoutRedirectUri);
      if (idToken) url.searchParams.set('id_token_hint', idToken);
      return url.href;
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;

function toTokens(
  result: OAuth.TokenEndpointResponse,
  previous?: { refreshToken: string | undefined; idToken: string | undefined },
): TokensWithoutSkew {
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? previous?.refreshToken,
    // A refresh may omit the ID token; logout still needs it as a hint.
    idToken: result.id_token ?? previous?.idToken,
  };
}

/** 72 random bytes as base64url: exactly 96 characters of PKCE's unreserved alphabet. */
function randomVerifier(): string {
  const bytes = crypto.getRandomValues(new Uint8Array((CODE_VERIFIER_LENGTH * 3) / 4));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
