import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { CALLBACK_STATE_KEY, createOidc, InvalidCallback } from '../../../src/platform/oidc.ts';
import { RefreshRefused } from '../../../src/machines/session.ts';
import { APP_ORIGIN, CLIENT_ID, fakeProvider, ISSUER, MapStorage, REDIRECT_URI, tokenAnswer, type TokenEndpointAnswer } from '../../support/session/fake-provider.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The protocol module wired to a fake provider, a tab's storage, a clock and a captured navigation. */
function oidcAt(options: { now?: () => number; answerToken?: (form: URLSearchParams) => TokenEndpointAnswer } = {}) {
  const provider = fakeProvider(options.answerToken);
  const storage = new MapStorage();
  const visited: URL[] = [];
  const oidc = createOidc(
    { issuer: ISSUER, clientId: CLIENT_ID, redirectUri: REDIRECT_URI, postLogoutRedirectUri: APP_ORIGIN },
    { storage, assign: (url) => visited.push(new URL(url)), fetch: provider.fetch, ...(options.now ? { now: options.now } : {}) },
  );
  return { oidc, storage, visited, provider };
}

const storedCallback = (storage: MapStorage) =>
  JSON.parse(storage.getItem(CALLBACK_STATE_KEY)!) as { state: string; nonce: string; codeVerifier: string; createdAt: number };

const base64urlSha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

describe('starting a sign-in', () => {
  test.prop([fc.integer({ min: 2, max: 40 })], { numRuns: 20 })(
    'state, nonce and code verifier never repeat across %i sign-ins, and each is PKCE S256 with a 96-character verifier',
    async (attempts) => {
      const { oidc, storage, visited } = oidcAt();
      const seen = { state: new Set<string>(), nonce: new Set<string>(), verifier: new Set<string>() };
      for (let i = 0; i < attempts; i++) {
        await oidc.startLogin();
        const url = visited.at(-1)!;
        const stored = storedCallback(storage);
        const params = url.searchParams;
        expect(url.origin + url.pathname).toBe(`${ISSUER}/protocol/openid-connect/auth`);
        expect(params.get('response_type')).toBe('code');
        expect(params.get('client_id')).toBe(CLIENT_ID);
        expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
        expect(params.get('scope')?.split(' ')).toContain('openid');
        expect(params.get('code_challenge_method')).toBe('S256');
        expect(params.get('state')).toBe(stored.state);
        expect(params.get('nonce')).toBe(stored.nonce);
        expect(stored.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{96}$/);
        expect(params.get('code_challenge')).toBe(base64urlSha256(stored.codeVerifier));
        // The verifier stays in this tab: it never travels in the address.
        expect(url.href).not.toContain(stored.codeVerifier);
        seen.state.add(stored.state);
        seen.nonce.add(stored.nonce);
        seen.verifier.add(stored.codeVerifier);
      }
      expect(seen.state.size).toBe(attempts);
      expect(seen.nonce.size).toBe(attempts);
      expect(seen.verifier.size).toBe(attempts);
      expect(visited).toHaveLength(attempts);
    },
  );
});

describe('completing the callback', () => {
  /** Starts a sign-in at `startedAt`, then returns at `returnedAt` with the given state (default: the right one). */
  async function roundTrip(startedAt: number, returnedAt: number, state?: string) {
    let now = startedAt;
    const env = oidcAt({
      now: () => now,
      answerToken: () => tokenAnswer(storedNonce, Math.floor(returnedAt / 1000)),
    });
    await env.oidc.startLogin();
    const { state: rightState, nonce: storedNonce } = storedCallback(env.storage);
    now = returnedAt;
    const callback = new URL(`${REDIRECT_URI}?code=the-code&state=${encodeURIComponent(state ?? rightState)}`);
    return { ...env, outcome: env.oidc.completeCallback(callback) };
  }

  // The sign-in's own clock is the test's, but oauth4webapi checks the ID token's expiry
  // against the real one: tokens issued at a fixed date stopped passing once it was past.
  const start = Date.now();

  test.prop([fc.integer({ min: 0, max: HOUR_MS })], { numRuns: 25 })(
    'within the hour (%i ms later) the right state completes the sign-in with the stored verifier',
    async (elapsed) => {
      const { outcome, storage, provider } = await roundTrip(start, start + elapsed);
      await expect(outcome).resolves.toMatchObject({ refreshToken: 'refresh-1', idToken: expect.any(String) });
      const [exchange] = provider.tokenRequests();
      expect(exchange?.form?.get('code')).toBe('the-code');
      expect(exchange?.form?.get('code_verifier')).toMatch(/^[A-Za-z0-9\-._~]{96}$/);
      expect(storage.getItem(CALLBACK_STATE_KEY)).toBeNull();
    },
  );

  test.prop([fc.integer({ min: HOUR_MS + 1, max: 30 * 24 * HOUR_MS })], { numRuns: 25 })(
    'a stored state older than an hour (%i ms) fails with InvalidCallback and asks the provider nothing',
    async (elapsed) => {
      const { outcome, storage, provider } = await roundTrip(start, start + elapsed);
      await expect(outcome).rejects.toBeInstanceOf(InvalidCallback);
      expect(provider.tokenRequests()).toEqual([]);
      expect(storage.length).toBe(0);
    },
  );

  test('exactly one hour is still accepted; one millisecond more is not', async () => {
    await expect((await roundTrip(start, start + HOUR_MS)).outcome).resolves.toBeDefined();
    await expect((await roundTrip(start, start + HOUR_MS + 1)).outcome).rejects.toBeInstanceOf(InvalidCallback);
  });

  test.prop([fc.string({ minLength: 1, maxLength: 64 })], { numRuns: 50 })(
    'a wrong state (%s) fails with InvalidCallback, exchanges no code and stores nothing',
    async (wrong) => {
      const { outcome, storage, provider } = await roundTrip(start, start + 1000, wrong);
      await expect(outcome).rejects.toBeInstanceOf(InvalidCallback);
      expect(provider.tokenRequests()).toEqual([]);
      // The one-time state is gone too: the same callback cannot be replayed.
      expect(storage.length).toBe(0);
    },
  );

  test('a callback in a tab that started no sign-in fails with InvalidCallback', async () => {
    const { oidc, provider } = oidcAt();
    await expect(oidc.completeCallback(new URL(`${REDIRECT_URI}?code=c&state=s`))).rejects.toBeInstanceOf(InvalidCallback);
    expect(provider.tokenRequests()).toEqual([]);
  });

  test('an ID token whose nonce is not the one sent is refused', async () => {
    let now = start;
    const env = oidcAt({ now: () => now, answerToken: () => tokenAnswer('another-nonce', Math.floor(start / 1000)) });
    await env.oidc.startLogin();
    const { state } = storedCallback(env.storage);
    now += 1000;
    await expect(env.oidc.completeCallback(new URL(`${REDIRECT_URI}?code=c&state=${state}`))).rejects.toThrow(/nonce/i);
  });

  test('isCallback recognises an authorization response and nothing else', () => {
    const { oidc } = oidcAt();
    expect(oidc.isCallback(new URL(`${REDIRECT_URI}?code=c&state=s`))).toBe(true);
    expect(oidc.isCallback(new URL(`${REDIRECT_URI}?error=access_denied&state=s`))).toBe(true);
    expect(oidc.isCallback(new URL(`${REDIRECT_URI}?code=c`))).toBe(false);
    expect(oidc.isCallback(new URL(`${APP_ORIGIN}/dashboard`))).toBe(false);
  });
});

describe('refresh and logout', () => {
  test('a 400 from the token endpoint on refresh is RefreshRefused', async () => {
    const { oidc } = oidcAt({ answerToken: () => ({ status: 400, body: { error: 'invalid_grant' } }) });
    await expect(oidc.refresh({ refreshToken: 'r', idToken: 'i' })).rejects.toBeInstanceOf(RefreshRefused);
  });

  test('a 503 from the token endpoint on refresh is not RefreshRefused (it is retried)', async () => {
    const { oidc } = oidcAt({ answerToken: () => ({ status: 503, body: { error: 'temporarily_unavailable' } }) });
    const failure = await oidc.refresh({ refreshToken: 'r', idToken: 'i' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(RefreshRefused);
  });

  test('a refresh that omits the ID token keeps the previous one for the logout hint', async () => {
    const { oidc, provider } = oidcAt({
      answerToken: () => ({ status: 200, body: { access_token: 'a2', refresh_token: 'r2', token_type: 'Bearer', expires_in: 300 } }),
    });
    await expect(oidc.refresh({ refreshToken: 'r1', idToken: 'id-1' })).resolves.toEqual({ accessToken: 'a2', refreshToken: 'r2', idToken: 'id-1' });
    expect(provider.tokenRequests()[0]?.form?.get('refresh_token')).toBe('r1');
  });

  test('the logout address carries id_token_hint and the app origin to return to', async () => {
    const { oidc } = oidcAt();
    const url = new URL(await oidc.logoutUrl('id-token-1'));
    expect(url.origin + url.pathname).toBe(`${ISSUER}/protocol/openid-connect/logout`);
    expect(url.searchParams.get('id_token_hint')).toBe('id-token-1');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(APP_ORIGIN);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
  });
});
