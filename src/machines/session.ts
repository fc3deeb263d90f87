import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { managesUsers, type Profile } from '../domain/session/profile.ts';
import { isSuperAdmin } from '../domain/rules/roles.ts';
import {
  REQUIRED_CLIENT_ROLE,
  measureClockSkew,
  needsRefresh,
  readClaims,
  type TokenClaims,
  type TokenSet,
} from '../domain/session/tokens.ts';

/** The spec's messages for the ways a sign-in can fail. */
export const SESSION_MESSAGES = {
  invalidToken: 'Invalid token. Please log in again.',
  missingRole: "Currently You don't have permission to access this dashboard.",
  subscriptionExpired: 'Subscription expired.',
  profileUnavailable: 'Unable to load your profile. Please try again later.',
  tokenRejected: 'Token expired',
} as const;

/** Why a session ended: one per final state, for the UI to show. */
export type EndReason =
  | 'loggedOut'
  | 'invalidToken'
  | 'missingRole'
  | 'subscriptionExpired'
  | 'profileUnavailable'
  | 'tokenRejected'
  | 'providerSessionEnded';

export interface SessionSettings {
  clientId: string;
  /** Refresh when the access token has less than this left (spec: 5 s). */
  minValiditySeconds: number;
  /** How often the session is checked (spec: 5 s). */
  pollIntervalMs: number;
  /**
   * How long a message shows before the logout that follows it takes the page away
   * (spec: 3 s after a profile failure; the same for every message a logout follows).
   */
  logoutNoticeMs: number;
}

/** Where a person who opened /signin goes once signed in. */
export const POST_LOGIN_ROUTE = '/dashboard';

/** Where a person goes when a call finds no token or the API refuses it. */
export const SIGN_IN_ROUTE = '/signin';

export interface SessionContext {
  settings: SessionSettings;
  tokens: TokenSet | null;
  claims: TokenClaims | null;
  profile: Profile | null;
  /** Consecutive refresh attempts that failed for a passing reason (network, 5xx). */
  refreshFailures: number;
  /** Consecutive profile reads the server put off (429). */
  profileWaits: number;
  ending: Ending | null;
}

export type SessionEvent =
  | { type: 'session.login' }
  | { type: 'session.logout' }
  /** /signin is open: sign in when a login is required, or move on to the dashboard once signed in. */
  | { type: 'session.signin' }
  | { type: 'token.refresh' }
  /** An API call found no token to send. */
  | { type: 'token.missing' }
  /** The API refused the token (401). */
  | { type: 'token.rejected' };

/** How a session ended, as the signed-out page explains it. */
export interface Ending {
  reason: EndReason;
  message: string | undefined;
}

/** What starting up found: tokens from a completed sign-in or from this tab's storage. */
export interface InitialTokens {
  /** Fresh tokens carry no skew yet; restored ones keep the skew measured when they arrived. */
  tokens: Omit<TokenSet, 'clockSkewSeconds'> | TokenSet | null;
  /** Why the session before this page ended, when a logout brought the browser back here. */
  ended?: Ending | null;
  /** The profile read at this session's sign-in, kept with its tokens: a reload does not ask again. */
  profile?: Profile | null;
}

/** A refresh the provider refused (400): the session there is gone. */
export class RefreshRefused extends Error {
  override name = 'RefreshRefused';
}

/**
 * The profile could not be read for now because the server is answering too many calls
 * (429): a busy person's reloads, not a reason to sign them out. Asked again after a while.
 */
export class ProfileBusy extends Error {
  override name = 'ProfileBusy';
}

const MAX_BACKOFF_MS = 30_000;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { settings: SessionSettings },
    tags: {} as 'busy' | 'signedIn' | 'refreshing' | 'ended' | 'denied' | 'loginRequired' | 'missingRole',
  },
  actors: {
    // Completes a sign-in callback in the address, or restores this tab's tokens.
    initialise: fromPromise<InitialTokens>(async () => {
      throw new Error('initialise is provided by the platform');
    }),
    // Sends the browser to the provider's sign-in; the page leaves.
    startLogin: fromPromise<void>(async () => {
      throw new Error('startLogin is provided by the platform');
    }),
    lookupTenant: fromPromise<{ subscriptionExpired: boolean }, { email: string }>(async () => {
      throw new Error('lookupTenant is provided by the platform');
    }),
    // Asked with the session's own access token, handed in as input.
    loadProfile: fromPromise<Profile, { email: string; accessToken: string }>(async () => {
      throw new Error('loadProfile is provided by the platform');
    }),
    refreshTokens: fromPromise<
      Omit<TokenSet, 'clockSkewSeconds'>,
      { refreshToken: string | undefined; idToken: string | undefined }
    >(async () => {
      throw new Error('refreshTokens is provided by the platform');
    }),
  },
  actions: {
    persistTokens: (_, _params: { tokens: TokenSet }) => {},
    clearTokens: () => {},
    storeProfile: (_, _params: { profile: Profile }) => {},
    clearStoredUserId: () => {},
    redirectToProviderLogout: (_, _params: { idToken: string | undefined }) => {},
    /** Keeps why the session ended across the provider's logout, for the page the browser comes back to. */
    rememberEnding: (_, _params: { ending: Ending | null }) => {},
    showError: (_, _params: { message: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
    navigate: (_, _params: { to: string; replace?: boolean }) => {},
    acceptTokens: assign(({ context }, params: { tokens: Omit<TokenSet, 'clockSkewSeconds'> | TokenSet }) => {
      const claims = readClaims(params.tokens.accessToken, context.settings.clientId);
      const clockSkewSeconds =
        'clockSkewSeconds' in params.tokens ? params.tokens.clockSkewSeconds : measureClockSkew(claims, Date.now());
      return {
        tokens: { ...params.tokens, clockSkewSeconds },
        claims,
        refreshFailures: 0,
      };
    }),
    forgetTokens: assign({ tokens: null, claims: null, profile: null }),
    countRefreshFailure: assign({ refreshFailures: ({ context }) => context.refreshFailures + 1 }),
    countProfileWait: assign({ profileWaits: ({ context }) => context.profileWaits + 1 }),
    /** The profile kept with restored tokens, when it is the same person's. */
    keepRestoredProfile: assign(({ context }, params: { profile: Profile | null | undefined }) => ({
      profile: params.profile && sameEmail(params.profile.email, context.claims?.email) ? params.profile : null,
    })),
    end: assign((_, params: { reason: EndReason; message?: string }) => ({
      ending: { reason: params.reason, message: params.message },
    })),

  },
  guards: {
    nothingToExplain: ({ context }) => !endingToExplain(context),
    hasTokens: (_, params: { tokens: InitialTokens['tokens'] }) => params.tokens !== null,
    lacksEmail: ({ context }) => !context.claims?.email,
    lacksAccessRole: ({ context }) => !context.claims?.clientRoles.includes(REQUIRED_CLIENT_ROLE),
    subscriptionExpired: (_, params: { subscriptionExpired: boolean }) => params.subscriptionExpired,
    tokenNearExpiry: ({ context }) =>
      context.claims !== null &&
      context.tokens !== null &&
      needsRefresh(context.claims, context.tokens.clockSkewSeconds, context.settings.minValiditySeconds, Date.now()),
    refusedByProvider: (_, params: { error: unknown }) => params.error instanceof RefreshRefused,
    profileBusy: (_, params: { error: unknown }) => params.error instanceof ProfileBusy,
    profileKept: ({ context }) => context.profile !== null,
  },
  delays: {
    pollInterval: ({ context }) => context.settings.pollIntervalMs,
    refreshBackoff: ({ context }) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, context.refreshFailures - 1)),
    logoutNotice: ({ context }) => context.settings.logoutNoticeMs,
    profileBackoff: ({ context }) => Math.min(MAX_BACKOFF_MS, 2000 * 2 ** Math.max(0, context.profileWaits - 1)),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    settings: input.settings,
    tokens: null,
    claims: null,
    profile: null,
    refreshFailures: 0,
    profileWaits: 0,
    ending: null,
  }),
  initial: 'uninitialised',
  // Wherever the session is, a call without a usable token sends the person to sign in.
  on: {
    'token.missing': { actions: { type: 'navigate', params: { to: SIGN_IN_ROUTE } } },
    'token.rejected': { actions: { type: 'navigate', params: { to: SIGN_IN_ROUTE } } },
  },
  states: {
    uninitialised: {
      tags: ['busy'],
      invoke: {
        src: 'initialise',
        onDone: [
          {
            guard: { type: 'hasTokens', params: ({ event }) => ({ tokens: event.output.tokens }) },
            target: 'verifying',
            actions: [
              { type: 'acceptTokens', params: ({ event }) => ({ tokens: event.output.tokens! }) },
              { type: 'persistTokens', params: ({ context }) => ({ tokens: context.tokens! }) },
              { type: 'keepRestoredProfile', params: ({ event }) => ({ profile: event.output.profile }) },
            ],
          },
          { target: 'loginRequired', actions: assign({ ending: ({ event }) => event.output.ended ?? null }) },
        ],
        onError: {
          target: 'loginRequired',
          actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'clearTokens'],
        },
      },
    },

    loginRequired: {
      tags: ['loginRequired'],
      on: { 'session.login': 'signingIn', 'session.signin': { target: 'signingIn', guard: 'nothingToExplain' } },
    },

    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'startLogin',
        onError: {
          target: 'loginRequired',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },

    // The checks after sign-in, in the spec's order, on a token the API will still accept.
    verifying: {
      tags: ['busy'],
      initial: 'checkingFreshness',
      states: {
        // Tokens restored after a reload may have run out while the tab was away (a
        // closed laptop, a server restart): refresh them before the profile is asked for
        // with them, instead of failing that call and logging the user out.
        checkingFreshness: {
          always: [{ guard: 'tokenNearExpiry', target: 'renewing' }, { target: 'checkingClaims' }],
        },
        renewing: {
          invoke: refreshInvocation({ done: 'checkingClaims', retry: 'renewRetrying' }) as never,
        },
        // A network error or 5xx keeps the tokens and tries again, backing off.
        renewRetrying: {
          after: { refreshBackoff: 'renewing' },
        },
        checkingClaims: {
          always: [
            { guard: 'lacksEmail', target: '#session.denied.invalidTokenNotice' },
            { guard: 'lacksAccessRole', target: '#session.denied.missingRole' },
            // A reload of a signed-in tab: the sign-in's checks were made once, at sign-in.
            { guard: 'profileKept', target: '#session.authenticated' },
            { target: 'checkingTenant' },
          ],
        },
        checkingTenant: {
          invoke: {
            src: 'lookupTenant',
            input: ({ context }) => ({ email: context.claims!.email! }),
            onDone: [
              {
                guard: { type: 'subscriptionExpired', params: ({ event }) => event.output },
                target: '#session.denied.subscriptionExpiredNotice',
              },
              { target: 'loadingProfile' },
            ],
            // The API enforces access on every call; an unreachable tenant service
            // is logged and does not lock the user out on its own.
            onError: {
              target: 'loadingProfile',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        loadingProfile: {
          invoke: {
            src: 'loadProfile',
            input: ({ context }) => ({ email: context.claims!.email!, accessToken: context.tokens!.accessToken }),
            onDone: {
              target: '#session.authenticated',
              actions: [
                assign({ profile: ({ event }) => event.output }),
                { type: 'storeProfile', params: ({ event }) => ({ profile: event.output }) },
              ],
            },
            onError: [
              {
                guard: { type: 'profileBusy', params: ({ event }) => ({ error: event.error }) },
                target: 'profileWaiting',
                actions: 'countProfileWait',
              },
              {
                target: '#session.denied.profileFailed',
                actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        // The server is busy with this person's calls: ask again later, signed in all along at the provider.
        profileWaiting: {
          after: { profileBackoff: 'loadingProfile' },
        },
      },
    },

    authenticated: {
      tags: ['signedIn'],
      initial: 'idle',
      on: {
        'session.logout': 'signedOut',
        // Signed in at /signin: on to the dashboard, in place of /signin in the history.
        'session.signin': { actions: { type: 'navigate', params: { to: POST_LOGIN_ROUTE, replace: true } } },
        'token.rejected': {
          target: '#session.expired.tokenRejected',
          actions: { type: 'navigate', params: { to: SIGN_IN_ROUTE } },
        },
      },
      states: {
        idle: {
          after: { pollInterval: 'checking' },
          on: { 'token.refresh': 'refreshing' },
        },
        checking: {
          always: [{ guard: 'tokenNearExpiry', target: 'refreshing' }, { target: 'idle' }],
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: refreshInvocation({ done: 'idle', retry: 'retrying' }) as never,
        },
        // Network errors and 5xx keep the tokens and try again, backing off.
        retrying: {
          tags: ['refreshing'],
          after: { refreshBackoff: 'refreshing' },
        },
      },
    },

    // The provider or the API no longer honours the tokens: they are dropped and
    // the user signs in again.
    expired: {
      tags: ['ended', 'loginRequired'],
      // Always entered through a child's id; xstate still needs an initial child for a compound state.
      initial: 'tokenRejected',
      entry: ['clearTokens', 'clearStoredUserId', 'forgetTokens'],
      // Its ending is always explained first: only 'Sign in' (session.login) starts again.
      on: { 'session.login': 'signingIn' },
      states: {
        tokenRejected: {
          type: 'final',
          entry: { type: 'end', params: { reason: 'tokenRejected', message: SESSION_MESSAGES.tokenRejected } },
        },
        providerSessionEnded: {
          type: 'final',
          entry: { type: 'end', params: { reason: 'providerSessionEnded' } },
        },
      },
    },

    // Signed in at the provider, but not let into the CRM.
    denied: {
      tags: ['ended', 'denied'],
      // Always entered through a child's id; xstate still needs an initial child for a compound state.
      initial: 'invalidTokenNotice',
      states: {
        // Each message that a logout follows shows for a moment first, so that it can be
        // read before the provider's logout takes the page away.
        invalidTokenNotice: noticeBefore('invalidToken'),
        invalidToken: endedWithLogout('invalidToken'),
        // The user stays signed in at the provider and sees the 404 page, which shows the
        // message (once: a toast as well would say it twice); they may sign out.
        missingRole: {
          type: 'final',
          tags: ['missingRole'],
          entry: { type: 'end', params: { reason: 'missingRole', message: SESSION_MESSAGES.missingRole } },
          on: { 'session.logout': '#session.signedOut' },
        },
        subscriptionExpiredNotice: noticeBefore('subscriptionExpired'),
        subscriptionExpired: endedWithLogout('subscriptionExpired'),
        profileFailed: noticeBefore('profileUnavailable'),
        profileUnavailable: endedWithLogout('profileUnavailable'),
      },
    },

    signedOut: {
      type: 'final',
      tags: ['ended'],
      entry: [{ type: 'end', params: { reason: 'loggedOut' } }, ...logout()],
    },
  },
});

/**
 * Logout: tokens and the stored user id go, then the provider ends its session.
 * The ID token hint is read before `forgetTokens` drops it from the context.
 */
/** The denials whose message is shown for a moment before the logout ends the session with it. */
type LoggedOutDenial = 'invalidToken' | 'subscriptionExpired' | 'profileUnavailable';

/** Shows the denial's message, then moves on to its ending (the state named `reason`) after the notice's time. */
function noticeBefore(reason: LoggedOutDenial) {
  return { entry: { type: 'showError', params: { message: SESSION_MESSAGES[reason] } }, after: { logoutNotice: reason } } as const;
}

/** The session ended for the denial, with its message, and logged out at the provider. */
function endedWithLogout(reason: LoggedOutDenial) {
  return { type: 'final', entry: [{ type: 'end', params: { reason, message: SESSION_MESSAGES[reason] } }, ...logout()] } as const;
}

function logout() {
  return [
    'clearTokens',
    'clearStoredUserId',
    { type: 'rememberEnding', params: ({ context }: { context: SessionContext }) => ({ ending: context.ending }) },
    { type: 'redirectToProviderLogout', params: ({ context }: { context: SessionContext }) => ({ idToken: context.tokens?.idToken }) },
    'forgetTokens',
  ] as const;
}

/**
 * The shared shape of a token refresh, before and after the profile is in: on
 * success the new tokens are kept, a refusal by the provider ends the session,
 * and anything else (network, 5xx) is counted and tried again after a backoff.
 */
function refreshInvocation({ done, retry }: { done: string; retry: string }) {
  return {
    src: 'refreshTokens',
    input: ({ context }: { context: SessionContext }) => ({ refreshToken: context.tokens?.refreshToken, idToken: context.tokens?.idToken }),
    onDone: {
      target: done,
      actions: [
        { type: 'acceptTokens', params: ({ event }: { event: { output: Omit<TokenSet, 'clockSkewSeconds'> } }) => ({ tokens: event.output }) },
        { type: 'persistTokens', params: ({ context }: { context: SessionContext }) => ({ tokens: context.tokens! }) },
      ],
    },
    onError: [
      {
        guard: { type: 'refusedByProvider', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        target: '#session.expired.providerSessionEnded',
      },
      {
        target: retry,
        actions: [
          'countRefreshFailure',
          { type: 'logError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        ],
      },
    ],
  } as const;
}

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** How the session bears on a screen, read from the machine's tags: the one place it is derived. */
export type SessionPhase = 'signedIn' | 'missingRole' | 'signedOut' | 'loginRequired' | 'waiting';

/**
 * Where the session stands for the screens. A session that has just ended (here, or
 * before the provider's logout brought the browser back) is 'signedOut': its ending
 * is explained before the person is sent to sign in again.
 */
export function sessionPhase(snapshot: Pick<SessionSnapshot, 'hasTag' | 'context'>): SessionPhase {
  if (snapshot.hasTag('signedIn')) return 'signedIn';
  if (snapshot.hasTag('missingRole')) return 'missingRole';
  if (snapshot.hasTag('loginRequired')) return endingToExplain(snapshot.context) ? 'signedOut' : 'loginRequired';
  return 'waiting';
}

/** Whether the signed-out page explains this ending (a missing role has the fallback page instead). */
export function explainsEnding(reason: EndReason | undefined): reason is Exclude<EndReason, 'missingRole'> {
  return reason !== undefined && reason !== 'missingRole';
}

function endingToExplain(context: Pick<SessionContext, 'ending'>): boolean {
  return explainsEnding(context.ending?.reason);
}

/** Whether the signed-in person manages users and salespersons (Super Admin or Admin). */
export function isManager(snapshot: Pick<SessionSnapshot, 'context'>): boolean {
  return snapshot.context.profile !== null && managesUsers(snapshot.context.profile);
}

/** Whether the signed-in person is their tenant's Super Admin (the tenant settings are theirs). */
export function isTenantSuperAdmin(snapshot: Pick<SessionSnapshot, 'context'>): boolean {
  return snapshot.context.profile !== null && isSuperAdmin(snapshot.context.profile);
}

function sameEmail(a: string, b: string | undefined): boolean {
  return b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();
}
