import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ProfileBusy, RefreshRefused, SESSION_MESSAGES, type Ending } from '../../../src/machines/session.ts';
import { PROFILE, returningWith, startSession, tokensFor } from '../../support/session/harness.ts';

const START = new Date('2026-11-22T12:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets pending promises (actors' answers) settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

const LOGOUT = ['clearTokens', 'clearStoredUserId', 'rememberEnding', 'redirectToProviderLogout'];

describe('starting up', () => {
  test('with no tokens in this tab, a login is required and nothing else happens', async () => {
    const { session, effects } = startSession();
    expect(session.getSnapshot().value).toBe('uninitialised');
    expect(session.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(session.getSnapshot().value).toBe('loginRequired');
    expect(session.getSnapshot().can({ type: 'session.login' })).toBe(true);
    expect(session.getSnapshot().can({ type: 'token.refresh' })).toBe(false);
    expect(effects).toEqual([]);
  });

  test('a callback or stored tokens that fail to load are logged and cleared, and a login is required', async () => {
    const failure = new Error('InvalidCallback');
    const { session, effects } = startSession({ initialise: () => Promise.reject(failure) });
    await settle();
    expect(session.getSnapshot().value).toBe('loginRequired');
    expect(effects).toEqual([{ type: 'logError', error: failure }, { type: 'clearTokens' }]);
  });

  test('session.login goes to signingIn and starts the provider sign-in once', async () => {
    const { session, effects } = startSession();
    await settle();
    session.send({ type: 'session.login' });
    expect(session.getSnapshot().value).toBe('signingIn');
    expect(session.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(effects).toEqual([{ type: 'startLogin' }]);
    expect(session.getSnapshot().can({ type: 'session.login' })).toBe(false);
  });

  test('/signin open (session.signin) starts the sign-in when a login is required', async () => {
    const { session, effects } = startSession();
    await settle();
    session.send({ type: 'session.signin' });
    expect(session.getSnapshot().value).toBe('signingIn');
    await settle();
    expect(effects).toEqual([{ type: 'startLogin' }]);
  });

  test('/signin open while signed in moves on to the dashboard in place of /signin; the session stays as it is', async () => {
    const { session, effects, clearEffects } = startSession({ initialise: returningWith(tokensFor()) });
    await settle();
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
    clearEffects();
    session.send({ type: 'session.signin' });
    expect(effects).toEqual([{ type: 'navigate', to: '/dashboard', replace: true }]);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  test('a call that finds no token sends the person to /signin, whatever the session is doing', async () => {
    const { session, effects } = startSession();
    await settle();
    session.send({ type: 'token.missing' });
    expect(effects).toEqual([{ type: 'navigate', to: '/signin' }]);
    expect(session.getSnapshot().value).toBe('loginRequired');
  });

  test("the profile is asked for with the session's own access token, handed in as input", async () => {
    const tokens = tokensFor();
    const seen: string[] = [];
    startSession({
      initialise: returningWith(tokens),
      loadProfile: async (_email, accessToken) => {
        seen.push(accessToken);
        return PROFILE;
      },
    });
    await settle();
    expect(seen).toEqual([tokens.accessToken]);
  });

  test('a sign-in that cannot start (provider unreachable) is logged and a login is required again', async () => {
    const failure = new TypeError('Failed to fetch');
    const { session, effects } = startSession({ startLogin: () => Promise.reject(failure) });
    await settle();
    session.send({ type: 'session.login' });
    await settle();
    expect(session.getSnapshot().value).toBe('loginRequired');
    expect(effects).toEqual([{ type: 'startLogin' }, { type: 'logError', error: failure }]);
  });
});

describe('the checks after sign-in, in the spec order', () => {
  test("a token without email: 'Invalid token. Please log in again.', then after 3000 ms logout with the ID token", async () => {
    const tokens = tokensFor({ email: undefined }, { idToken: 'id-token-no-email' });
    const { session, effects, effectTypes } = startSession({ initialise: returningWith(tokens) });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'invalidTokenNotice' });
    expect(effectTypes()).toEqual(['persistTokens', 'showError']);
    await vi.advanceTimersByTimeAsync(2999);
    expect(effectTypes()).not.toContain('redirectToProviderLogout');
    await vi.advanceTimersByTimeAsync(1);
    const snapshot = session.getSnapshot();
    expect(snapshot.value).toEqual({ denied: 'invalidToken' });
    expect(snapshot.context.ending).toEqual({ reason: 'invalidToken', message: 'Invalid token. Please log in again.' });
    expect(effects).toContainEqual({ type: 'showError', message: 'Invalid token. Please log in again.' });
    expect(effects).toContainEqual({ type: 'redirectToProviderLogout', idToken: 'id-token-no-email' });
    expect(effectTypes()).toEqual(['persistTokens', 'showError', ...LOGOUT]);
    expect(snapshot.context.tokens).toBeNull();
    expect(snapshot.hasTag('ended')).toBe(true);
  });

  test('an empty email counts as no email', async () => {
    const { session } = startSession({ initialise: returningWith(tokensFor({ email: '' })) });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'invalidTokenNotice' });
  });

  test("without the client role crm-access: the permission message, and NO logout", async () => {
    const { session, effects, effectTypes } = startSession({ initialise: returningWith(tokensFor({ roles: ['offline_access'] })) });
    await settle();
    const snapshot = session.getSnapshot();
    expect(snapshot.value).toEqual({ denied: 'missingRole' });
    expect(snapshot.hasTag('denied')).toBe(true);
    // The fallback page shows the message; a toast as well would say it twice.
    expect(effects.filter((effect) => effect.type === 'showError')).toEqual([]);
    expect(effectTypes()).toEqual(['persistTokens']);
    expect(snapshot.context.ending).toEqual({ reason: 'missingRole', message: SESSION_MESSAGES.missingRole });
    // Still signed in at the provider: the tokens stay so that the user can sign out.
    expect(snapshot.context.tokens).not.toBeNull();
  });

  test('a user denied for the missing role can still log out', async () => {
    const tokens = tokensFor({ roles: [] }, { idToken: 'id-token-outsider' });
    const { session, effects, clearEffects } = startSession({ initialise: returningWith(tokens) });
    await settle();
    clearEffects();
    session.send({ type: 'session.logout' });
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(effects).toEqual([
      { type: 'clearTokens' },
      { type: 'clearStoredUserId' },
      { type: 'rememberEnding', ending: { reason: 'loggedOut', message: undefined } },
      { type: 'redirectToProviderLogout', idToken: 'id-token-outsider' },
    ]);
  });

  test('the reason a session ended is kept across the provider logout and found again on the way back', async () => {
    const expired = startSession({
      initialise: returningWith(tokensFor({ email: 'expired@lapsed.test' })),
      lookupTenant: async () => ({ subscriptionExpired: true }),
    });
    await settle();
    await vi.advanceTimersByTimeAsync(3000);
    const ending = { reason: 'subscriptionExpired', message: 'Subscription expired.' };
    expect(expired.effects).toContainEqual({ type: 'rememberEnding', ending });

    const back = startSession({ initialise: async () => ({ tokens: null, ended: ending as Ending }) });
    await settle();
    expect(back.session.getSnapshot().value).toBe('loginRequired');
    expect(back.session.getSnapshot().context.ending).toEqual(ending);
    expect(back.session.getSnapshot().can({ type: 'session.login' })).toBe(true);
  });

  test('crm-access granted for another client does not count', async () => {
    const tokens = tokensFor();
    const other = tokensFor({ roles: [] });
    // Same token but the role sits under a different client's resource_access.
    const payload = JSON.parse(Buffer.from(other.accessToken.split('.')[1]!, 'base64url').toString());
    payload.resource_access = { 'another-app': { roles: ['crm-access'] } };
    const [header, , signature] = tokens.accessToken.split('.');
    const accessToken = [header, Buffer.from(JSON.stringify(payload)).toString('base64url'), signature].join('.');
    const { session } = startSession({ initialise: returningWith({ ...tokens, accessToken }) });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'missingRole' });
  });

  test("tenant lookup says subscription_expired: 'Subscription expired.', then after 3000 ms logout", async () => {
    const { session, effects, effectTypes } = startSession({
      initialise: returningWith(tokensFor({ email: 'expired@lapsed.test' }, { idToken: 'id-token-lapsed' })),
      lookupTenant: async () => ({ subscriptionExpired: true }),
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'subscriptionExpiredNotice' });
    expect(effectTypes()).toEqual(['persistTokens', 'lookupTenant', 'showError']);
    await vi.advanceTimersByTimeAsync(2999);
    expect(effectTypes()).not.toContain('redirectToProviderLogout');
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot().value).toEqual({ denied: 'subscriptionExpired' });
    expect(session.getSnapshot().context.ending).toEqual({ reason: 'subscriptionExpired', message: 'Subscription expired.' });
    expect(effectTypes()).toEqual(['persistTokens', 'lookupTenant', 'showError', ...LOGOUT]);
    expect(effects).toContainEqual({ type: 'lookupTenant', email: 'expired@lapsed.test' });
    expect(effects).toContainEqual({ type: 'showError', message: 'Subscription expired.' });
    expect(effects).toContainEqual({ type: 'redirectToProviderLogout', idToken: 'id-token-lapsed' });
  });

  test('an unreachable tenant service is logged and the profile still loads (the API enforces access)', async () => {
    const failure = new TypeError('Failed to fetch');
    const { session, effectTypes } = startSession({
      initialise: returningWith(tokensFor()),
      lookupTenant: () => Promise.reject(failure),
    });
    await settle();
    expect(session.getSnapshot().matches('authenticated')).toBe(true);
    expect(effectTypes()).toEqual(['persistTokens', 'lookupTenant', 'logError', 'loadProfile', 'storeProfile']);
  });

  test("profile load fails: 'Unable to load your profile. Please try again later.' at once, logout only after 3000 ms", async () => {
    const { session, effects, effectTypes } = startSession({
      initialise: returningWith(tokensFor({}, { idToken: 'id-token-admin' })),
      loadProfile: () => Promise.reject(new Error('502')),
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'profileFailed' });
    expect(effects).toContainEqual({ type: 'showError', message: 'Unable to load your profile. Please try again later.' });
    expect(effectTypes()).toEqual(['persistTokens', 'lookupTenant', 'loadProfile', 'logError', 'showError']);

    await vi.advanceTimersByTimeAsync(2999);
    expect(session.getSnapshot().value).toEqual({ denied: 'profileFailed' });
    expect(effectTypes()).not.toContain('redirectToProviderLogout');

    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot().value).toEqual({ denied: 'profileUnavailable' });
    expect(effectTypes().slice(-LOGOUT.length)).toEqual(LOGOUT);
    expect(effects).toContainEqual({ type: 'redirectToProviderLogout', idToken: 'id-token-admin' });
    expect(session.getSnapshot().context.ending).toEqual({
      reason: 'profileUnavailable',
      message: 'Unable to load your profile. Please try again later.',
    });
  });

  test('otherwise the profile loads and is stored: authenticated', async () => {
    const tokens = tokensFor({}, { refreshToken: 'refresh-admin', idToken: 'id-token-admin' });
    const { session, effects } = startSession({ initialise: returningWith(tokens) });
    await settle();
    const snapshot = session.getSnapshot();
    expect(snapshot.value).toEqual({ authenticated: 'idle' });
    expect(snapshot.hasTag('signedIn')).toBe(true);
    expect(snapshot.context.profile).toEqual(PROFILE);
    expect(snapshot.context.claims).toMatchObject({ email: 'admin@demo.test', clientRoles: ['crm-access'] });
    expect(effects).toEqual([
      { type: 'persistTokens', tokens: { ...tokens, clockSkewSeconds: 0 } },
      { type: 'lookupTenant', email: 'admin@demo.test' },
      { type: 'loadProfile', email: 'admin@demo.test' },
      { type: 'storeProfile', profile: PROFILE },
    ]);
  });

  test('the checks run in order: email before role', async () => {
    const { session, effectTypes } = startSession({ initialise: returningWith(tokensFor({ email: undefined, roles: [] })) });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'invalidTokenNotice' });
    expect(effectTypes()).not.toContain('lookupTenant');
  });

  test('the checks run in order: role before tenant', async () => {
    const { session, effectTypes } = startSession({
      initialise: returningWith(tokensFor({ roles: [] })),
      lookupTenant: async () => ({ subscriptionExpired: true }),
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'missingRole' });
    expect(effectTypes()).not.toContain('lookupTenant');
    expect(effectTypes()).not.toContain('loadProfile');
  });

  test('the checks run in order: tenant before profile', async () => {
    const { session, effectTypes } = startSession({
      initialise: returningWith(tokensFor()),
      lookupTenant: async () => ({ subscriptionExpired: true }),
      loadProfile: () => Promise.reject(new Error('never asked')),
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'subscriptionExpiredNotice' });
    expect(effectTypes()).not.toContain('loadProfile');
  });

  test('while checking, the session is busy and not yet signed in', async () => {
    let answerTenant!: (status: { subscriptionExpired: boolean }) => void;
    const { session } = startSession({
      initialise: returningWith(tokensFor()),
      lookupTenant: () => new Promise((resolve) => (answerTenant = resolve)),
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ verifying: 'checkingTenant' });
    expect(session.getSnapshot().hasTag('busy')).toBe(true);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(false);
    answerTenant({ subscriptionExpired: false });
    await settle();
    expect(session.getSnapshot().value).toEqual({ authenticated: 'idle' });
  });
});

describe('restored tokens that ran out while the tab was away', () => {
  /** Tokens stored in this tab a while ago: their access token has `leftSeconds` of validity left. */
  const storedTokens = (leftSeconds: number) => ({ ...tokensFor({ lifetimeSeconds: leftSeconds }), clockSkewSeconds: 0 });

  test('are refreshed before the checks, so the profile is asked for with a token the API accepts', async () => {
    const renewed = tokensFor({}, { refreshToken: 'refresh-2', idToken: 'id-token-2' });
    const { session, effects, effectTypes } = startSession({
      initialise: returningWith(storedTokens(-60)),
      refreshTokens: async () => renewed,
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(effectTypes()).toEqual(['persistTokens', 'refreshTokens', 'persistTokens', 'lookupTenant', 'loadProfile', 'storeProfile']);
    expect(effects[2]).toEqual({ type: 'persistTokens', tokens: { ...renewed, clockSkewSeconds: 0 } });
    expect(session.getSnapshot().context.tokens?.accessToken).toBe(renewed.accessToken);
  });

  test('with under 5 s left they are refreshed too; with 5 s or more they are used as they are', async () => {
    const nearly = startSession({ initialise: returningWith(storedTokens(4)) });
    await settle();
    expect(nearly.effectTypes()).toContain('refreshTokens');
    const enough = startSession({ initialise: returningWith(storedTokens(5)) });
    await settle();
    expect(enough.effectTypes()).not.toContain('refreshTokens');
    expect(enough.session.getSnapshot().value).toEqual({ authenticated: 'idle' });
  });

  test('the checks read the renewed token: a role taken away meanwhile denies access', async () => {
    const { session } = startSession({
      initialise: returningWith(storedTokens(-60)),
      refreshTokens: async () => tokensFor({ roles: [] }),
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ denied: 'missingRole' });
  });

  test('a refresh the provider refuses (400) ends the session: providerSessionEnded, and the checks never run', async () => {
    const { session, effectTypes } = startSession({
      initialise: returningWith(storedTokens(-60)),
      refreshTokens: () => Promise.reject(new RefreshRefused('invalid_grant')),
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ expired: 'providerSessionEnded' });
    expect(effectTypes()).toEqual(['persistTokens', 'refreshTokens', 'clearTokens', 'clearStoredUserId']);
  });

  test('a network error keeps the tokens and retries with backoff, busy meanwhile', async () => {
    const outcomes = [() => Promise.reject(new TypeError('Failed to fetch')), async () => tokensFor()];
    const { session, effectTypes } = startSession({
      initialise: returningWith(storedTokens(-60)),
      refreshTokens: () => outcomes.shift()!(),
    });
    await settle();
    expect(session.getSnapshot().value).toEqual({ verifying: 'renewRetrying' });
    expect(session.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(effectTypes().filter((type) => type === 'refreshTokens')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(effectTypes()).not.toContain('clearTokens');
  });
});

describe('clock skew', () => {
  test('fresh tokens measure the provider clock against ours from the access token iat', async () => {
    const { session } = startSession({ initialise: returningWith(tokensFor({ providerAheadSeconds: 42 })) });
    await settle();
    expect(session.getSnapshot().context.tokens?.clockSkewSeconds).toBe(42);
  });

  test('tokens restored from this tab keep the skew measured when they arrived', async () => {
    const restored = { ...tokensFor({ providerAheadSeconds: 0 }), clockSkewSeconds: -17 };
    const { session, effects } = startSession({ initialise: returningWith(restored) });
    await settle();
    expect(session.getSnapshot().context.tokens?.clockSkewSeconds).toBe(-17);
    expect(effects[0]).toEqual({ type: 'persistTokens', tokens: restored });
  });
});

/** Signed in with the given tokens; effects cleared so that tests see what comes next. */
async function signedIn(scenario: Parameters<typeof startSession>[0] = {}) {
  const started = startSession({ initialise: returningWith(tokensFor()), ...scenario });
  await settle();
  expect(started.session.getSnapshot().value).toEqual({ authenticated: 'idle' });
  started.clearEffects();
  return started;
}

describe('keeping the session fresh', () => {
  test('the session is checked every 5 s and refreshed only when under 5 s of validity is left', async () => {
    // 20 s of validity: polls at 5, 10 and 15 s find 15, 10 and 5 s left (not under 5); the poll at 20 s refreshes.
    const { session, effects } = await signedIn({ initialise: returningWith(tokensFor({ lifetimeSeconds: 20 })) });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(effects).toEqual([]);
    expect(session.getSnapshot().value).toEqual({ authenticated: 'idle' });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(effects.map((effect) => effect.type)).toEqual(['refreshTokens', 'persistTokens']);
    expect(effects[0]).toEqual({ type: 'refreshTokens', refreshToken: 'refresh-1', idToken: 'id-token-1' });
    expect(session.getSnapshot().value).toEqual({ authenticated: 'idle' });
  });

  test('expiry is judged in the provider clock: a provider 10 s ahead gets its refresh at 20 s, not 30 s', async () => {
    // The token lives 20 s in the provider's clock; by the local clock its exp is 30 s away.
    const { effects } = await signedIn({ initialise: returningWith(tokensFor({ lifetimeSeconds: 20, providerAheadSeconds: 10 })) });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(effects[0]?.type).toBe('refreshTokens');
  });

  test('a provider 10 s behind does not get an early refresh at 10 s: it comes at 20 s', async () => {
    // By the local clock exp is only 10 s away; in the provider's clock 20 s are left.
    const { effects } = await signedIn({ initialise: returningWith(tokensFor({ lifetimeSeconds: 20, providerAheadSeconds: -10 })) });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(effects[0]?.type).toBe('refreshTokens');
  });

  test('minimum validity and poll interval are configurable', async () => {
    const { effects } = await signedIn({
      initialise: returningWith(tokensFor({ lifetimeSeconds: 60 })),
      settings: { minValiditySeconds: 59, pollIntervalMs: 2000 },
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(effects[0]?.type).toBe('refreshTokens');
  });

  test('token.refresh forces a refresh at once; the new tokens are kept and persisted', async () => {
    const renewed = tokensFor({ lifetimeSeconds: 600 }, { refreshToken: 'refresh-2', idToken: 'id-token-2' });
    let answer!: (tokens: typeof renewed) => void;
    const { session, effects } = await signedIn({ refreshTokens: () => new Promise((resolve) => (answer = resolve)) });
    session.send({ type: 'token.refresh' });
    expect(session.getSnapshot().value).toEqual({ authenticated: 'refreshing' });
    expect(session.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
    await settle();
    expect(effects).toEqual([{ type: 'refreshTokens', refreshToken: 'refresh-1', idToken: 'id-token-1' }]);
    answer(renewed);
    await settle();
    expect(session.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(session.getSnapshot().context.tokens).toEqual({ ...renewed, clockSkewSeconds: 0 });
    expect(effects[1]).toEqual({ type: 'persistTokens', tokens: { ...renewed, clockSkewSeconds: 0 } });
  });

  test('a refresh the provider refuses (400) clears the tokens and ends the session: providerSessionEnded', async () => {
    const { session, effects } = await signedIn({ refreshTokens: () => Promise.reject(new RefreshRefused('invalid_grant')) });
    session.send({ type: 'token.refresh' });
    await settle();
    const snapshot = session.getSnapshot();
    expect(snapshot.value).toEqual({ expired: 'providerSessionEnded' });
    expect(snapshot.context.ending).toEqual({ reason: 'providerSessionEnded', message: undefined });
    expect(snapshot.context.tokens).toBeNull();
    expect(snapshot.context.profile).toBeNull();
    expect(effects.map((effect) => effect.type)).toEqual(['refreshTokens', 'clearTokens', 'clearStoredUserId']);
  });

  test('a network error keeps the tokens and retries with backoff (1 s, 2 s, 4 s); success keeps the session', async () => {
    const outcomes = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new Error('503 Service Unavailable')),
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => tokensFor({}, { refreshToken: 'refresh-2' }),
    ];
    const { session, effects } = await signedIn({ refreshTokens: () => outcomes.shift()!() });
    const kept = session.getSnapshot().context.tokens;
    const refreshes = () => effects.filter((effect) => effect.type === 'refreshTokens').length;

    session.send({ type: 'token.refresh' });
    await settle();
    expect(session.getSnapshot().value).toEqual({ authenticated: 'retrying' });
    expect(session.getSnapshot().context.tokens).toBe(kept);
    expect(session.getSnapshot().context.refreshFailures).toBe(1);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);

    for (const [failures, backoffMs] of [[1, 1000], [2, 2000], [3, 4000]] as const) {
      expect(refreshes()).toBe(failures);
      await vi.advanceTimersByTimeAsync(backoffMs - 1);
      expect(refreshes()).toBe(failures);
      await vi.advanceTimersByTimeAsync(1);
      expect(refreshes()).toBe(failures + 1);
    }
    expect(session.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(session.getSnapshot().context.refreshFailures).toBe(0);
    expect(session.getSnapshot().context.tokens?.refreshToken).toBe('refresh-2');
    expect(effects.filter((effect) => effect.type === 'logError')).toHaveLength(3);
    expect(effects.map((effect) => effect.type)).not.toContain('clearTokens');
  });

  test('the backoff stops growing at 30 s', async () => {
    const { session, effects } = await signedIn({ refreshTokens: () => Promise.reject(new TypeError('Failed to fetch')) });
    session.send({ type: 'token.refresh' });
    await settle();
    // 1 + 2 + 4 + 8 + 16 s, then 30 s each time instead of 32, 64, …
    await vi.advanceTimersByTimeAsync(31_000);
    const refreshes = () => effects.filter((effect) => effect.type === 'refreshTokens').length;
    expect(refreshes()).toBe(6);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(refreshes()).toBe(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes()).toBe(7);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshes()).toBe(8);
  });

  test('token.rejected (the API said 401) ends the session: tokenRejected, to /signin, tokens and user id cleared', async () => {
    const { session, effects } = await signedIn();
    session.send({ type: 'token.rejected' });
    const snapshot = session.getSnapshot();
    expect(snapshot.value).toEqual({ expired: 'tokenRejected' });
    expect(snapshot.context.ending).toEqual({ reason: 'tokenRejected', message: 'Token expired' });
    expect(snapshot.context.tokens).toBeNull();
    expect(effects).toEqual([{ type: 'navigate', to: '/signin' }, { type: 'clearTokens' }, { type: 'clearStoredUserId' }]);
  });

  test('token.rejected during a refresh ends the session too', async () => {
    const { session } = await signedIn({ refreshTokens: () => new Promise(() => {}) });
    session.send({ type: 'token.refresh' });
    session.send({ type: 'token.rejected' });
    expect(session.getSnapshot().value).toEqual({ expired: 'tokenRejected' });
  });

  test('after the session expired, session.login signs in again', async () => {
    const { session, effects } = await signedIn();
    session.send({ type: 'token.rejected' });
    session.send({ type: 'session.login' });
    expect(session.getSnapshot().value).toBe('signingIn');
    await settle();
    expect(effects.at(-1)).toEqual({ type: 'startLogin' });
  });

  test('no polling after the session ended', async () => {
    const { session, effects } = await signedIn({ initialise: returningWith(tokensFor({ lifetimeSeconds: 1 })) });
    session.send({ type: 'token.rejected' });
    effects.splice(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(effects).toEqual([]);
  });
});

describe('logging out', () => {
  test('session.logout: tokens and stored user id cleared, then the provider logout with the ID token', async () => {
    const { session, effects } = await signedIn({ initialise: returningWith(tokensFor({}, { idToken: 'id-token-admin' })) });
    session.send({ type: 'session.logout' });
    const snapshot = session.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.ending).toEqual({ reason: 'loggedOut', message: undefined });
    expect(snapshot.context.tokens).toBeNull();
    expect(snapshot.context.profile).toBeNull();
    expect(effects).toEqual([
      { type: 'clearTokens' },
      { type: 'clearStoredUserId' },
      { type: 'rememberEnding', ending: { reason: 'loggedOut', message: undefined } },
      { type: 'redirectToProviderLogout', idToken: 'id-token-admin' },
    ]);
  });

  test('logging out in the middle of a refresh abandons it', async () => {
    const { session, effects } = await signedIn({ refreshTokens: () => new Promise(() => {}) });
    session.send({ type: 'token.refresh' });
    session.send({ type: 'session.logout' });
    expect(session.getSnapshot().value).toBe('signedOut');
    expect(effects.map((effect) => effect.type)).toEqual(['refreshTokens', ...LOGOUT]);
  });
});

describe('busy hands: reloads and a busy profile never sign anyone out', () => {
  test('thirty reloads of a signed-in tab in 20 s sign in from the kept profile, asking for it not once', async () => {
    for (let reload = 0; reload < 30; reload += 1) {
      const { session, effectTypes } = startSession({ initialise: async () => ({ tokens: tokensFor(), profile: PROFILE }) });
      await settle();
      expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
      expect(session.getSnapshot().context.profile).toEqual(PROFILE);
      expect(effectTypes()).not.toContain('loadProfile');
      expect(effectTypes()).not.toContain('redirectToProviderLogout');
      session.stop();
      await vi.advanceTimersByTimeAsync(650);
    }
  });

  test("a kept profile of someone else (another person's tokens in this tab) is read again", async () => {
    const { session, effectTypes } = startSession({
      initialise: async () => ({ tokens: tokensFor(), profile: { ...PROFILE, email: 'someone.else@demo.test' } }),
    });
    await settle();
    expect(effectTypes()).toContain('loadProfile');
    expect(session.getSnapshot().context.profile).toEqual(PROFILE);
  });

  test('a 429 from the profile is asked again after a while, with no message and no logout', async () => {
    let asked = 0;
    const { session, effectTypes } = startSession({
      initialise: returningWith(tokensFor()),
      loadProfile: async () => {
        asked += 1;
        if (asked <= 3) throw new ProfileBusy('Request failed (429)');
        return PROFILE;
      },
    });
    await settle();
    expect(session.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(2000 + 4000 + 8000);
    expect(asked).toBe(4);
    expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(effectTypes()).not.toContain('showError');
    expect(effectTypes()).not.toContain('redirectToProviderLogout');
  });
});
