import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Adapter } from 'oidc-provider';
import { migrate } from '../../server/db/migrate.ts';
import { postgresAdapter, sweepExpired } from '../../server/oidc/adapter.ts';
import { loadProviderKeys } from '../../server/oidc/keys.ts';
import { openTestDatabase } from '../support/server-harness.ts';

let storage: Awaited<ReturnType<typeof openTestDatabase>>;
let adapterFor: (model: string) => Adapter;

beforeAll(async () => {
  storage = await openTestDatabase();
  await migrate(storage.db);
  const Adapter = postgresAdapter(storage.db);
  adapterFor = (model) => new Adapter(model);
});
afterAll(async () => {
  await storage?.close();
});

describe('the provider storage adapter', () => {
  test('finds what it stored, per model, and an upsert replaces it', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('code-1', { accountId: '7', grantId: 'grant-1' }, 60);
    expect(await codes.find('code-1')).toEqual({ accountId: '7', grantId: 'grant-1' });
    expect(await adapterFor('RefreshToken').find('code-1')).toBeUndefined();
    await codes.upsert('code-1', { accountId: '8', grantId: 'grant-1' }, 60);
    expect(await codes.find('code-1')).toEqual({ accountId: '8', grantId: 'grant-1' });
  });

  test('never answers with a row whose lifetime has ended, and the sweep removes it', async () => {
    const tokens = adapterFor('RefreshToken');
    await tokens.upsert('short-lived', { grantId: 'grant-x' }, 0);
    expect(await tokens.find('short-lived')).toBeUndefined();
    expect(await sweepExpired(storage.db)).toBeGreaterThanOrEqual(1);
    const rows = await storage.db.query("select id from oidc_payloads where id = 'short-lived'");
    expect(rows).toEqual([]);
  });

  test('marks a consumed token, and a later upsert of the same id starts unconsumed', async () => {
    const tokens = adapterFor('RefreshToken');
    await tokens.upsert('rt-1', { grantId: 'grant-2' }, 60);
    await tokens.consume('rt-1');
    const consumed = await tokens.find('rt-1');
    expect(consumed?.consumed).toBeGreaterThan(Date.now() / 1000 - 60);
    await tokens.upsert('rt-1', { grantId: 'grant-2' }, 60);
    expect(await tokens.find('rt-1')).not.toHaveProperty('consumed');
  });

  test('finds a session by its uid and a device code by its user code', async () => {
    await adapterFor('Session').upsert('session-1', { uid: 'uid-1', accountId: '7' }, 60);
    expect(await adapterFor('Session').findByUid('uid-1')).toMatchObject({ accountId: '7' });
    expect(await adapterFor('Session').findByUid('uid-2')).toBeUndefined();
    await adapterFor('DeviceCode').upsert('device-1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await adapterFor('DeviceCode').findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
  });

  test('revoking a grant removes that model\'s rows of that grant only', async () => {
    const refresh = adapterFor('RefreshToken');
    const codes = adapterFor('AuthorizationCode');
    await refresh.upsert('rt-a', { grantId: 'grant-3' }, 60);
    await refresh.upsert('rt-b', { grantId: 'grant-4' }, 60);
    await codes.upsert('code-a', { grantId: 'grant-3' }, 60);
    await refresh.revokeByGrantId('grant-3');
    expect(await refresh.find('rt-a')).toBeUndefined();
    expect(await refresh.find('rt-b')).toBeDefined();
    expect(await codes.find('code-a')).toBeDefined();
  });

  test('destroys one row', async () => {
    const grants = adapterFor('Grant');
    await grants.upsert('grant-5', { accountId: '7' }, 60);
    await grants.destroy('grant-5');
    expect(await grants.find('grant-5')).toBeUndefined();
  });
});

describe('the provider keys', () => {
  test('are generated once and read back the same on the next start', async () => {
    const first = await loadProviderKeys(storage.db);
    const second = await loadProviderKeys(storage.db);
    expect(second).toEqual(first);
    expect(first.signingKey).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), d: expect.any(String) });
    expect(first.cookieKeys).toHaveLength(1);
  });

  test('two servers starting at once on empty storage end up with the same keys', async () => {
    await storage.db.query('delete from oidc_keys');
    const [a, b] = await Promise.all([loadProviderKeys(storage.db), loadProviderKeys(storage.db)]);
    expect(a.signingKey.kid).toBe(b.signingKey.kid);
    expect(a.cookieKeys).toEqual(b.cookieKeys);
  });
});
