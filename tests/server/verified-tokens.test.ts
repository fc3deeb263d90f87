import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTVerifyGetKey } from 'jose';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { verifyAccessTokenWithKey, type TokenPolicy } from '../../server/http/authenticate.ts';
import { REMEMBERED_TOKENS, verifiedTokenMemo } from '../../server/http/verified-tokens.ts';

const ISSUER = 'https://id.example.test/realms/crm';
const CLIENT_ID = 'crm-app';
const KEY_ID = 'k1';

async function signer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  return {
    keys: createLocalJWKSet({ keys: [jwk] }),
    sign: (claims: Record<string, unknown> = {}) => {
      const nowS = Math.floor(Date.now() / 1000);
      return new SignJWT({
        typ: 'Bearer',
        azp: CLIENT_ID,
        email: 'ada@example.test',
        email_verified: true,
        resource_access: { [CLIENT_ID]: { roles: ['crm-access'] } },
        sub: 'subject-ada',
        iss: ISSUER,
        aud: 'crm-api',
        iat: nowS,
        exp: nowS + 60,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
        .sign(privateKey);
    },
  };
}

/** The memo over the real full check, counting how often the full check runs. */
function memoOf(keys: JWTVerifyGetKey) {
  const policy: TokenPolicy = { issuer: ISSUER, audience: 'crm-api', clientId: CLIENT_ID, keys };
  const fullChecks = { count: 0 };
  const verify = verifiedTokenMemo(
    (header, token) => policy.keys(header, token),
    (token) => {
      fullChecks.count += 1;
      return verifyAccessTokenWithKey(token, policy);
    },
  );
  return { verify, fullChecks, policy };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('tokens that passed the full check', () => {
  test('the same token is checked in full once, and answers the same payload after', async () => {
    const { keys, sign } = await signer();
    const { verify, fullChecks } = memoOf(keys);
    const token = await sign();
    const first = await verify(token);
    const again = await verify(token);
    expect(again).toEqual(first);
    expect(again.sub).toBe('subject-ada');
    expect(fullChecks.count).toBe(1);
  });

  test('expiry still counts on every request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { keys, sign } = await signer();
    const { verify } = memoOf(keys);
    const token = await sign();
    await verify(token);
    vi.setSystemTime(Date.now() + 61_000);
    await expect(verify(token)).rejects.toThrow('Token expired');
  });

  test('a token not valid before a time is refused until then, though remembered', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { keys, sign } = await signer();
    const { verify } = memoOf(keys);
    const start = Date.now();
    const token = await sign({ nbf: Math.floor(start / 1000) + 5, exp: Math.floor(start / 1000) + 60 });
    vi.setSystemTime(start + 10_000);
    await verify(token);
    vi.setSystemTime(start);
    await expect(verify(token)).rejects.toThrow('Invalid token');
  });

  test('a token whose key the provider no longer answers with is refused', async () => {
    const { keys, sign } = await signer();
    const other = await signer();
    let current = keys;
    const { verify } = memoOf((header, token) => current(header, token));
    const token = await sign();
    await verify(token);
    // Rotated: the same kid now names another key, under which the signature fails.
    current = other.keys;
    await expect(verify(token)).rejects.toThrow('Invalid token');
  });

  test('a refused token is not remembered: each try is checked in full', async () => {
    const { keys, sign } = await signer();
    const { verify, fullChecks } = memoOf(keys);
    const token = await sign({ email_verified: false });
    await expect(verify(token)).rejects.toThrow('no verified e-mail');
    await expect(verify(token)).rejects.toThrow('no verified e-mail');
    expect(fullChecks.count).toBe(2);
  });

  test('keeps at most REMEMBERED_TOKENS, forgetting the least recently used first', async () => {
    const { keys, sign } = await signer();
    const { verify, fullChecks } = memoOf(keys);
    const tokens = await Promise.all(Array.from({ length: REMEMBERED_TOKENS + 1 }, (_, i) => sign({ sub: `subject-${i}` })));
    for (const token of tokens) await verify(token);
    expect(fullChecks.count).toBe(REMEMBERED_TOKENS + 1);
    await verify(tokens.at(-1)!);
    expect(fullChecks.count).toBe(REMEMBERED_TOKENS + 1);
    await verify(tokens[0]!);
    expect(fullChecks.count).toBe(REMEMBERED_TOKENS + 2);
  });
});
