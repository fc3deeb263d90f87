import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createCrmClient } from '../../../src/api/client.ts';
import { RefreshRefused } from '../../../src/machines/session.ts';
import { freshAccessToken, type SessionActor } from '../../../src/platform/session-runtime.ts';
import { returningWith, startSession, tokensFor, type FreshTokens } from '../../support/session/harness.ts';

/** A refresh the test answers when it wants, so that callers pile up behind it. */
function heldRefresh() {
  let release!: (tokens: FreshTokens) => void;
  let calls = 0;
  return {
    refreshTokens: () => {
      calls += 1;
      return new Promise<FreshTokens>((resolve) => (release = resolve));
    },
    release: (tokens: FreshTokens) => release(tokens),
    calls: () => calls,
  };
}

async function signedInSession(tokens: FreshTokens, refreshTokens?: () => Promise<FreshTokens>) {
  const started = startSession({ initialise: returningWith(tokens), ...(refreshTokens ? { refreshTokens } : {}) });
  const session = started.session as unknown as SessionActor;
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(session.getSnapshot().hasTag('signedIn')).toBe(true);
  return session;
}

// Only the clock's date is faked, so that a signed-in session's token can be made
// to near its expiry; timers and promises run as they do in the browser.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Signed in with a token of one minute, then 58 s pass: under the 5 s minimum validity. */
async function signedInNearExpiry(refreshTokens: () => Promise<FreshTokens>) {
  const session = await signedInSession(tokensFor({ lifetimeSeconds: 60 }), refreshTokens);
  vi.setSystemTime(Date.now() + 58_000);
  return session;
}

describe('freshAccessToken', () => {
  test('several concurrent callers needing a refresh share ONE refresh request and all get the new token', async () => {
    const refresh = heldRefresh();
    const session = await signedInNearExpiry(refresh.refreshTokens);
    const callers = Promise.all(Array.from({ length: 5 }, () => freshAccessToken(session)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refresh.calls()).toBe(1);
    const renewed = tokensFor({ lifetimeSeconds: 300 }, { refreshToken: 'refresh-2' });
    refresh.release(renewed);
    expect(await callers).toEqual(Array(5).fill(renewed.accessToken));
    expect(refresh.calls()).toBe(1);
  });

  test('concurrent API calls through the client share one refresh and all carry the new bearer token', async () => {
    const refresh = heldRefresh();
    const session = await signedInNearExpiry(refresh.refreshTokens);
    const sent: string[] = [];
    const client = createCrmClient({
      baseUrl: 'http://127.0.0.1:4000',
      fetch: async (input) => {
        sent.push((input as Request).headers.get('Authorization')!);
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
      hooks: { accessToken: () => freshAccessToken(session), tokenMissing() {}, tokenRejected() {}, showError() {} },
    });
    const calls = Promise.all([1, 2, 3, 4].map((id) => client.GET('/api/users/{id}', { params: { path: { id } } })));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const renewed = tokensFor({ lifetimeSeconds: 300 }, { refreshToken: 'refresh-2' });
    refresh.release(renewed);
    await calls;
    expect(refresh.calls()).toBe(1);
    expect(sent).toEqual(Array(4).fill(`Bearer ${renewed.accessToken}`));
  });

  test('a token with enough validity left is used as it is, without a refresh', async () => {
    const refresh = heldRefresh();
    const tokens = tokensFor({ lifetimeSeconds: 300 });
    const session = await signedInSession(tokens, refresh.refreshTokens);
    await expect(freshAccessToken(session)).resolves.toBe(tokens.accessToken);
    expect(refresh.calls()).toBe(0);
  });

  test('a caller arriving during a refresh already under way waits for it instead of starting another', async () => {
    const refresh = heldRefresh();
    const session = await signedInSession(tokensFor({ lifetimeSeconds: 300 }), refresh.refreshTokens);
    session.send({ type: 'token.refresh' });
    const waiting = freshAccessToken(session);
    const renewed = tokensFor({ lifetimeSeconds: 300 }, { refreshToken: 'refresh-2' });
    refresh.release(renewed);
    await expect(waiting).resolves.toBe(renewed.accessToken);
    expect(refresh.calls()).toBe(1);
  });

  test('signed out, there is no token', async () => {
    const { session } = startSession();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(freshAccessToken(session as unknown as SessionActor)).resolves.toBeUndefined();
  });

  test('a refresh the provider refused leaves no token', async () => {
    const session = await signedInNearExpiry(() => Promise.reject(new RefreshRefused('invalid_grant')));
    await expect(freshAccessToken(session)).resolves.toBeUndefined();
    expect(session.getSnapshot().matches({ expired: 'providerSessionEnded' })).toBe(true);
  });
});
