import toast from 'react-hot-toast';
import { createActor, fromPromise, waitFor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { ApiError, createCrmClient, createPublicClient, found, type CrmClient } from '../api/client.ts';
import { EMPTY_PROFILE, PROFILE_STORAGE_KEY, type Profile } from '../domain/session/profile.ts';
import { needsRefresh, type TokenSet } from '../domain/session/tokens.ts';
import { ProfileBusy, sessionMachine, type Ending, type InitialTokens } from '../machines/session.ts';
import type { RuntimeConfig } from './runtime-config.ts';
import { createOidc, PROVIDER_TIMEOUT_MS } from './oidc.ts';
import { apiPartsLogic } from '../wiring/api-parts.ts';
import { createTenantCurrency, type TenantCurrency } from './tenant-currency.ts';
import { createDataYears, type DataYears } from './data-years.ts';

export const TOKENS_STORAGE_KEY = 'crm.session.tokens';
/** Why the last session of this tab ended, kept across the provider's logout and read once. */
export const ENDING_STORAGE_KEY = 'crm.session.ending';
/** The profile read at this tab's sign-in, kept beside its tokens for as long as they are. */
export const SESSION_PROFILE_STORAGE_KEY = 'crm.session.profile';
const LOGOUT_NOTICE_MS = 3000;

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ApiPartsActor = ActorRefFrom<ReturnType<typeof apiPartsLogic>>;

/** What the browser gives the session: storage, the address and navigation. */
export interface BrowserEnvironment {
  sessionStorage: Storage;
  localStorage: Storage;
  location: Pick<Location, 'href' | 'origin' | 'assign'>;
  /** Replaces the address without a reload (the code leaves the address bar). */
  replaceAddress(path: string): void;
  /** Moves the app to a route; `replace` rewrites the current history entry. */
  navigate(path: string, options?: { replace?: boolean }): void;
  fetch?: typeof fetch;
}

export interface AppServices {
  session: SessionActor;
  /** Which optional parts of the CRM API the screens may use, learned once at start. */
  apiParts: ApiPartsActor;
  /** The CRM API after sign-in, with the common handling. */
  api: CrmClient;
  /** The same, but failures other than the token's are only logged (the dashboard). */
  quietApi: CrmClient;
  /** Calls without a token: sign-up. */
  publicApi: CrmClient;
  /** The tenant's currency, for every amount. */
  currency: TenantCurrency;
  /** The years holding the tenant's opportunities or events, for every year choice but the dashboard's. */
  dataYears: DataYears;
  /** Moves the app to a route (an editor after a save, the dashboard's filters into the address). */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** The inspector's observer, handed to every actor the app starts; undefined when inspection is off. */
  inspect: Observer<InspectionEvent> | undefined;
}

/**
 * Wires the session machine to the browser and the protocol, and builds the API
 * clients around it, so that the machine stays the only place that knows tokens.
 */
export function createAppServices(
  config: RuntimeConfig,
  browser: BrowserEnvironment,
  inspect?: Observer<InspectionEvent>,
): AppServices {
  const oidc = createOidc(
    {
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      redirectUri: `${browser.location.origin}/signin`,
      postLogoutRedirectUri: browser.location.origin,
    },
    { storage: browser.sessionStorage, assign: (url) => browser.location.assign(url), fetch: browser.fetch },
  );
  const publicApi = createPublicClient({ baseUrl: config.apiBaseUrl, fetch: browser.fetch });
  const tenantService = createPublicClient({ baseUrl: config.tenantServiceUrl, fetch: browser.fetch });

  const machine = sessionMachine.provide({
    actors: {
      initialise: fromPromise(async (): Promise<InitialTokens> => {
        const address = new URL(browser.location.href);
        if (oidc.isCallback(address)) {
          // The code is single-use: it leaves the address bar whatever the outcome.
          browser.replaceAddress(address.pathname);
          return { tokens: await oidc.completeCallback(address) };
        }
        return {
          tokens: readStoredTokens(browser.sessionStorage),
          ended: takeStoredEnding(browser.sessionStorage),
          profile: readStoredProfile(browser.sessionStorage),
        };
      }),
      startLogin: fromPromise(() => oidc.startLogin()),
      lookupTenant: fromPromise(async ({ input }) => {
        const status = await found(tenantService.GET('/get-tenant', { params: { query: { email: input.email } } }));
        return { subscriptionExpired: status.result.subscription_expired };
      }),
      loadProfile: fromPromise(async ({ input }) => {
        const user = await found(
          publicApi.GET('/api/auth/email', {
            params: { query: { email: input.email } },
            headers: { Authorization: `Bearer ${input.accessToken}` },
          }),
        ).catch((error: unknown) => {
          throw error instanceof ApiError && error.status === 429 ? new ProfileBusy(error.message) : error;
        });
        const profile: Profile = {
          id: user.id,
          name: user.name,
          email: user.email,
          password: user.password,
          tenant_id: user.tenant_id,
          role_id: user.role_id,
        };
        return profile;
      }),
      refreshTokens: fromPromise(({ input }) => oidc.refresh(input)),
    },
    actions: {
      persistTokens: (_, { tokens }) => browser.sessionStorage.setItem(TOKENS_STORAGE_KEY, JSON.stringify(tokens)),
      clearTokens: () => {
        browser.sessionStorage.removeItem(TOKENS_STORAGE_KEY);
        browser.sessionStorage.removeItem(SESSION_PROFILE_STORAGE_KEY);
      },
      storeProfile: (_, { profile }) => {
        browser.localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(profile));
        browser.sessionStorage.setItem(SESSION_PROFILE_STORAGE_KEY, JSON.stringify(profile));
      },
      clearStoredUserId: () => browser.localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(EMPTY_PROFILE)),
      rememberEnding: (_, { ending }) => {
        if (ending) browser.sessionStorage.setItem(ENDING_STORAGE_KEY, JSON.stringify(ending));
      },
      redirectToProviderLogout: (_, { idToken }) => {
        oidc.logoutUrl(idToken).then(
          (url) => browser.location.assign(url),
          (error: unknown) => {
            console.error('Logout at the identity provider failed', error);
            browser.location.assign(browser.location.origin);
          },
        );
      },
      showError: (_, { message }) => {
        toast.error(message);
      },
      logError: (_, { error }) => console.error(error),
      navigate: (_, { to, replace }) => browser.navigate(to, { replace }),
    },
  });

  const session = createActor(machine, {
    input: {
      settings: {
        clientId: config.oidc.clientId,
        minValiditySeconds: config.session.minValiditySeconds,
        pollIntervalMs: config.session.pollIntervalSeconds * 1000,
        logoutNoticeMs: LOGOUT_NOTICE_MS,
      },
    },
    ...(inspect ? { inspect } : {}),
  });

  const hooks = {
    accessToken: () => freshAccessToken(session),
    // The session decides what a missing or refused token means, navigation included.
    tokenMissing: () => session.send({ type: 'token.missing' }),
    tokenRejected: () => session.send({ type: 'token.rejected' }),
    showError: (message: string) => {
      toast.error(message);
    },
  };
  const apiParts = createActor(apiPartsLogic(config.apiBaseUrl, browser.fetch), {
    input: { setting: config.apiParts },
    ...(inspect ? { inspect } : {}),
  });
  const quietApi = createCrmClient({ baseUrl: config.apiBaseUrl, hooks, fetch: browser.fetch, showFailures: false });
  return {
    session,
    apiParts,
    api: createCrmClient({ baseUrl: config.apiBaseUrl, hooks, fetch: browser.fetch }),
    quietApi,
    publicApi,
    currency: createTenantCurrency(quietApi, config.defaultCurrency, async () => {
      const known = await waitFor(apiParts, (state) => state.hasTag('known'));
      return known.context.parts.includes('tenant-settings');
    }),
    dataYears: createDataYears(quietApi, async () => {
      const known = await waitFor(apiParts, (state) => state.hasTag('known'));
      return known.context.parts.includes('board');
    }),
    navigate: (path, options) => browser.navigate(path, options),
    inspect,
  };
}

/**
 * The access token for a call, refreshed first when it is about to expire. Calls
 * that find a refresh under way wait for it, so many calls share one refresh.
 */
export async function freshAccessToken(session: SessionActor): Promise<string | undefined> {
  const snapshot = session.getSnapshot();
  const { tokens, claims, settings } = snapshot.context;
  if (!tokens || !claims) return undefined;
  if (snapshot.can({ type: 'token.refresh' }) && needsRefresh(claims, tokens.clockSkewSeconds, settings.minValiditySeconds, Date.now())) {
    session.send({ type: 'token.refresh' });
  }
  try {
    const settled = await waitFor(session, (state) => !state.hasTag('refreshing'), { timeout: PROVIDER_TIMEOUT_MS });
    return settled.context.tokens?.accessToken;
  } catch {
    // The provider is slow or unreachable: try the call with what we have.
    return session.getSnapshot().context.tokens?.accessToken;
  }
}

function takeStoredEnding(storage: Storage): Ending | null {
  const stored = storage.getItem(ENDING_STORAGE_KEY);
  storage.removeItem(ENDING_STORAGE_KEY);
  try {
    const ending = JSON.parse(stored ?? 'null') as Ending | null;
    return ending && typeof ending.reason === 'string' ? ending : null;
  } catch {
    return null;
  }
}

function readStoredTokens(storage: Storage): TokenSet | null {
  try {
    const stored = JSON.parse(storage.getItem(TOKENS_STORAGE_KEY) ?? 'null') as TokenSet | null;
    return stored && typeof stored.accessToken === 'string' ? stored : null;
  } catch {
    return null;
  }
}

function readStoredProfile(storage: Storage): Profile | null {
  try {
    const stored = JSON.parse(storage.getItem(SESSION_PROFILE_STORAGE_KEY) ?? 'null') as Profile | null;
    return stored && typeof stored.email === 'string' && typeof stored.role_id === 'number' ? stored : null;
  } catch {
    return null;
  }
}
