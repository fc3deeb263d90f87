import type { SnapshotFrom } from 'xstate';
import { needsRefresh } from '../../../src/domain/session/tokens.ts';
import { ProfileBusy, RefreshRefused, sessionMachine, type SessionEvent } from '../../../src/machines/session.ts';
import { PROFILE, SETTINGS, type FreshTokens } from './harness.ts';
import { accessToken } from './jwt.ts';

/** The instant the model is explored and replayed at (fake clock). */
export const MODEL_NOW = Date.parse('2026-11-22T12:00:00.000Z');
const nowSeconds = MODEL_NOW / 1000;

const tokens = (claims: { email?: string | undefined; roles?: string[]; lifetimeSeconds: number }, n: number): FreshTokens => ({
  accessToken: accessToken({ email: claims.email, roles: claims.roles, iat: nowSeconds, exp: nowSeconds + claims.lifetimeSeconds }),
  refreshToken: `refresh-${n}`,
  idToken: `id-token-${n}`,
});

export const MODEL_TOKENS = {
  good: tokens({ email: 'admin@demo.test', lifetimeSeconds: 300 }, 1),
  /** Under the 5 s minimum validity from the start: the next poll refreshes. */
  nearExpiry: tokens({ email: 'admin@demo.test', lifetimeSeconds: 3 }, 2),
  withoutEmail: tokens({ email: undefined, lifetimeSeconds: 300 }, 3),
  withoutRole: tokens({ email: 'outsider@demo.test', roles: [], lifetimeSeconds: 300 }, 4),
};

/** The ids xstate gives the machine's invocations (`<index>.<state node id>`), as the done/error events name them. */
export const INVOCATIONS = {
  initialise: '0.session.uninitialised',
  startLogin: '0.session.signingIn',
  lookupTenant: '0.session.verifying.checkingTenant',
  loadProfile: '0.session.verifying.loadingProfile',
  renewTokens: '0.session.verifying.renewing',
  refreshTokens: '0.session.authenticated.refreshing',
} as const;

/** The delayed transitions, as the events xstate schedules for them. */
export const DELAYS = {
  pollInterval: 'xstate.after.pollInterval.session.authenticated.idle',
  refreshBackoff: 'xstate.after.refreshBackoff.session.authenticated.retrying',
  profileFailureLogout: 'xstate.after.logoutNotice.session.denied.profileFailed',
  invalidTokenLogout: 'xstate.after.logoutNotice.session.denied.invalidTokenNotice',
  subscriptionExpiredLogout: 'xstate.after.logoutNotice.session.denied.subscriptionExpiredNotice',
  renewBackoff: 'xstate.after.refreshBackoff.session.verifying.renewRetrying',
  profileBackoff: 'xstate.after.profileBackoff.session.verifying.profileWaiting',
} as const;

const done = (invocation: keyof typeof INVOCATIONS, output: unknown) => ({ type: `xstate.done.actor.${INVOCATIONS[invocation]}`, output });
const failed = (invocation: keyof typeof INVOCATIONS, error: unknown) => ({ type: `xstate.error.actor.${INVOCATIONS[invocation]}`, error });

const NAMED_EVENTS = {
  'login': { type: 'session.login' },
  'logout': { type: 'session.logout' },
  'forced refresh': { type: 'token.refresh' },
  'API says 401': { type: 'token.rejected' },
  'a call finds no token': { type: 'token.missing' },
  '/signin opened': { type: 'session.signin' },
  'no tokens found': done('initialise', { tokens: null }),
  'tokens found': done('initialise', { tokens: MODEL_TOKENS.good }),
  'tokens and their profile found': done('initialise', { tokens: MODEL_TOKENS.good, profile: PROFILE }),
  'tokens without email found': done('initialise', { tokens: MODEL_TOKENS.withoutEmail }),
  'tokens without crm-access found': done('initialise', { tokens: MODEL_TOKENS.withoutRole }),
  'tokens found, run out': done('initialise', { tokens: MODEL_TOKENS.nearExpiry }),
  'start-up fails': failed('initialise', new Error('invalid callback')),
  'renewed': done('renewTokens', MODEL_TOKENS.good),
  'renew refused (400)': failed('renewTokens', new RefreshRefused('invalid_grant')),
  'renew network error': failed('renewTokens', new TypeError('Failed to fetch')),
  'sign-in cannot start': failed('startLogin', new TypeError('Failed to fetch')),
  'tenant current': done('lookupTenant', { subscriptionExpired: false }),
  'tenant expired': done('lookupTenant', { subscriptionExpired: true }),
  'tenant service down': failed('lookupTenant', new TypeError('Failed to fetch')),
  'profile loaded': done('loadProfile', PROFILE),
  'profile fails': failed('loadProfile', new Error('502')),
  'profile put off (429)': failed('loadProfile', new ProfileBusy('Request failed (429)')),
  'refreshed': done('refreshTokens', MODEL_TOKENS.good),
  'refreshed, due again': done('refreshTokens', MODEL_TOKENS.nearExpiry),
  'refresh refused (400)': failed('refreshTokens', new RefreshRefused('invalid_grant')),
  'refresh network error': failed('refreshTokens', new TypeError('Failed to fetch')),
  'poll': { type: DELAYS.pollInterval },
  'backoff over': { type: DELAYS.refreshBackoff },
  '3 s after profile failure': { type: DELAYS.profileFailureLogout },
  '3 s after invalid token': { type: DELAYS.invalidTokenLogout },
  '3 s after subscription expired': { type: DELAYS.subscriptionExpiredLogout },
  'renew backoff over': { type: DELAYS.renewBackoff },
  'profile backoff over': { type: DELAYS.profileBackoff },
};

/**
 * Everything that can happen to a session: what the person does, every answer
 * each invoked actor can give, and each timer firing. Actor answers and timers
 * are the events xstate itself raises for them, so the traversal explores every
 * order in which they can arrive.
 */
export const MODEL_EVENTS = Object.values(NAMED_EVENTS) as unknown as SessionEvent[];

/** A readable name for one of MODEL_EVENTS, for test titles. */
export function nameOf(event: SessionEvent): string {
  return Object.entries(NAMED_EVENTS).find(([, candidate]) => candidate === (event as unknown))?.[0] ?? event.type;
}

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * A state is its value plus what steers where a signed-in session goes next:
 * whether the held access token is due for a refresh (judged at the clock's
 * now, as the machine judges it) and whether a refresh has failed. The backoff's
 * exact lengths are proven in the machine tests, not here.
 */
export function serializeSession(snapshot: SessionSnapshot): string {
  const { tokens, claims, refreshFailures, settings } = snapshot.context;
  const held =
    !tokens || !claims ? 'none' : needsRefresh(claims, tokens.clockSkewSeconds, settings.minValiditySeconds, Date.now()) ? 'due' : 'fresh';
  const signedIn = snapshot.matches('authenticated');
  return JSON.stringify({ value: snapshot.value, tokens: held, ...(signedIn ? { retried: refreshFailures > 0 } : {}) });
}
