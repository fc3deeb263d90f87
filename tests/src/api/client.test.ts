import { describe, expect, expectTypeOf, test, vi } from 'vitest';
import {
  ApiError,
  answer,
  createCrmClient,
  createPublicClient,
  found,
  NOT_FOUND,
  type ApiHooks,
  type NotFound,
  type Opportunity,
  type TenantStatus,
  type User,
} from '../../../src/api/client.ts';
import type { paths } from '../../../src/api/schema';

const BASE_URL = 'http://127.0.0.1:4000';

/** A fetch that answers every request with `status` and `body`, recording the requests. */
function answering(status: number, body?: unknown) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return body === undefined
      ? new Response(null, { status })
      : new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' },
        });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

/** The hooks the common handling calls, recorded; the token is `token`. */
function hooksWith(token: string | undefined) {
  const shown: string[] = [];
  const hooks = {
    accessToken: vi.fn(async () => token),
    tokenMissing: vi.fn(),
    tokenRejected: vi.fn(),
    showError: vi.fn((message: string) => void shown.push(message)),
  } satisfies ApiHooks;
  return { hooks, shown };
}

function clientFor(status: number, body?: unknown, options: { token?: string | undefined; showFailures?: boolean } = {}) {
  const { fetch, requests } = answering(status, body);
  const { hooks, shown } = hooksWith('token' in options ? options.token : 'access-token-1');
  const client = createCrmClient({ baseUrl: BASE_URL, hooks, fetch, ...(options.showFailures === undefined ? {} : { showFailures: options.showFailures }) });
  return { client, requests, hooks, shown };
}

const getUser = (client: ReturnType<typeof createCrmClient>) => client.GET('/api/users/{id}', { params: { path: { id: 7 } } });

describe('the common handling of every call after sign-in', () => {
  test("no token: 'Token not found' is shown, the user is sent to sign in, and no request is sent", async () => {
    const { client, requests, hooks, shown } = clientFor(200, {}, { token: undefined });
    const result = await getUser(client);
    expect(shown).toEqual(['Token not found']);
    expect(hooks.tokenMissing).toHaveBeenCalledTimes(1);
    expect(hooks.tokenRejected).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    expect(result.response.ok).toBe(false);
    await expect(answer(getUser(client))).rejects.toMatchObject({ status: 401, message: 'Token not found' });
  });

  test('the bearer token is sent with every call', async () => {
    const { client, requests } = clientFor(200, { id: 7 });
    await getUser(client);
    await client.POST('/api/opportunities/anlaysis', { body: { year: 2026, tenantId: 1 } });
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual(['Bearer access-token-1', 'Bearer access-token-1']);
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/users/7', '/api/opportunities/anlaysis']);
    expect(await requests[1]!.json()).toEqual({ year: 2026, tenantId: 1 });
  });

  test('a fresh token is asked for on every call, so a refreshed token is used at once', async () => {
    const { fetch, requests } = answering(200, {});
    const tokens = ['first', 'second'];
    const { hooks } = hooksWith(undefined);
    hooks.accessToken.mockImplementation(async () => tokens.shift());
    const client = createCrmClient({ baseUrl: BASE_URL, hooks, fetch });
    await getUser(client);
    await getUser(client);
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual(['Bearer first', 'Bearer second']);
  });

  test("401: 'Token expired' is shown and the token is dropped (tokenRejected)", async () => {
    const { client, hooks, shown } = clientFor(401, { message: 'jwt expired' });
    await getUser(client);
    expect(shown).toEqual(['Token expired']);
    expect(hooks.tokenRejected).toHaveBeenCalledTimes(1);
    expect(hooks.tokenMissing).not.toHaveBeenCalled();
  });

  test("404: 'Not found' is shown and answer() returns the not-found marker", async () => {
    const { client, shown } = clientFor(404, { message: 'No such user' });
    await expect(answer(getUser(client))).resolves.toBe(NOT_FOUND);
    expect(shown).toEqual(['Not found']);
  });

  test('found() turns the not-found marker into an error for callers that need the record', async () => {
    const { client } = clientFor(404, { message: 'No such user' });
    await expect(found(getUser(client))).rejects.toEqual(new ApiError(404, 'Not found'));
  });

  test('500 with a message: the server message is shown, and answer() fails with it', async () => {
    const { client, shown, hooks } = clientFor(500, { message: 'The database is unavailable' });
    await expect(answer(getUser(client))).rejects.toEqual(new ApiError(500, 'The database is unavailable'));
    expect(shown).toEqual(['The database is unavailable']);
    expect(hooks.tokenRejected).not.toHaveBeenCalled();
  });

  test('409 and 400 show the server message too', async () => {
    for (const status of [400, 409]) {
      const { client, shown } = clientFor(status, { message: `refused with ${status}` });
      await getUser(client);
      expect(shown).toEqual([`refused with ${status}`]);
    }
  });

  test('a failure without a message shows the status', async () => {
    const { client, shown } = clientFor(502, '<html>Bad Gateway</html>');
    await getUser(client);
    expect(shown).toEqual(['Request failed (502)']);
  });

  test('a success shows nothing and gives the data', async () => {
    const user = { id: 7, name: 'Ada', email: 'ada@demo.test' };
    const { client, shown } = clientFor(200, user);
    await expect(answer(getUser(client))).resolves.toEqual(user);
    expect(shown).toEqual([]);
  });

  test('showFailures false (the dashboard) suppresses the other messages but not the token ones', async () => {
    for (const [status, body] of [[404, { message: 'gone' }], [500, { message: 'boom' }], [503, undefined]] as const) {
      const { client, shown } = clientFor(status, body, { showFailures: false });
      await getUser(client);
      expect(shown).toEqual([]);
    }
    const expired = clientFor(401, {}, { showFailures: false });
    await getUser(expired.client);
    expect(expired.shown).toEqual(['Token expired']);
    expect(expired.hooks.tokenRejected).toHaveBeenCalledTimes(1);

    const missing = clientFor(200, {}, { token: undefined, showFailures: false });
    await getUser(missing.client);
    expect(missing.shown).toEqual(['Token not found']);
    expect(missing.hooks.tokenMissing).toHaveBeenCalledTimes(1);
  });

  test('a 404 still returns the marker when messages are suppressed', async () => {
    const { client } = clientFor(404, {}, { showFailures: false });
    await expect(answer(getUser(client))).resolves.toBe(NOT_FOUND);
  });
});

describe('the public client (sign-up, the tenant service)', () => {
  test('sends no token and shows nothing: its callers give statuses their own meaning', async () => {
    const { fetch, requests } = answering(409, { message: 'exists' });
    const client = createPublicClient({ baseUrl: BASE_URL, fetch });
    const { response } = await client.POST('/api/auth/signup', { body: { email: 'ada@demo.test', password: 'long enough' } });
    expect(response.status).toBe(409);
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
  });

  test('the tenant lookup sends the email as a query parameter', async () => {
    const { fetch, requests } = answering(200, { result: { subscription_expired: true } });
    const client = createPublicClient({ baseUrl: 'http://127.0.0.1:4000/tenants', fetch });
    const status = await found(client.GET('/get-tenant', { params: { query: { email: 'expired@lapsed.test' } } }));
    expect(status.result.subscription_expired).toBe(true);
    expect(new URL(requests[0]!.url).searchParams.get('email')).toBe('expired@lapsed.test');
  });
});

describe('the contract, pinned at the type level (checked by tsc)', () => {
  test("POST /api/opportunities/anlaysis (spelled so) takes {year, tenantId} and gives the spec's four fields of each opportunity", async () => {
    const { client } = clientFor(200, []);
    const { data } = await client.POST('/api/opportunities/anlaysis', { body: { year: 2026, tenantId: 1 } });
    type Entry = NonNullable<typeof data>[number];
    expectTypeOf<keyof Entry>().toEqualTypeOf<'created_date' | 'revenue' | 'probability' | 'salesperson_id'>();
    expectTypeOf<Entry>().toHaveProperty('created_date').toEqualTypeOf<string>();
    expectTypeOf<Entry>().toHaveProperty('revenue').toEqualTypeOf<number>();
    expectTypeOf<Entry>().toHaveProperty('probability').toEqualTypeOf<number>();
    expectTypeOf<Entry>().toHaveProperty('salesperson_id').toEqualTypeOf<number>();
    expectTypeOf<Opportunity>().toHaveProperty('customer').toEqualTypeOf<string>();

    // @ts-expect-error tenantId is required
    await client.POST('/api/opportunities/anlaysis', { body: { year: 2026 } });
    // @ts-expect-error year is required
    await client.POST('/api/opportunities/anlaysis', { body: { tenantId: 1 } });
    // @ts-expect-error year is a number
    await client.POST('/api/opportunities/anlaysis', { body: { year: '2026', tenantId: 1 } });
  });

  test('the misspelled path exists and the correctly spelled one does not', async () => {
    expectTypeOf<paths>().toHaveProperty('/api/opportunities/anlaysis');
    expectTypeOf<'/api/opportunities/analysis' extends keyof paths ? true : false>().toEqualTypeOf<false>();
    const { client, requests } = clientFor(404, {});
    // @ts-expect-error the API has no /api/opportunities/analysis
    await client.POST('/api/opportunities/analysis', { body: { year: 2026, tenantId: 1 } });
    expect(requests).toHaveLength(1);
  });

  test('GET /api/auth/email needs the email query; get-tenant answers result.subscription_expired', async () => {
    const { client } = clientFor(200, {});
    const { data } = await client.GET('/api/auth/email', { params: { query: { email: 'ada@demo.test' } } });
    expectTypeOf(data).toEqualTypeOf<User | undefined>();
    // @ts-expect-error the email query is required
    await client.GET('/api/auth/email', { params: { query: {} } });
    expectTypeOf<TenantStatus['result']['subscription_expired']>().toEqualTypeOf<boolean>();
  });

  test('answer() gives the data or the not-found marker', () => {
    const { client } = clientFor(200, {});
    expectTypeOf(answer(getUser(client))).resolves.toEqualTypeOf<User | NotFound>();
    expectTypeOf(found(getUser(client))).resolves.toEqualTypeOf<User>();
  });
});

describe('revalidation of answers sent under an ETag', () => {
  /** A server holding one analysis under `etag`: 304 when asked with it, else the answer. */
  function serverHolding(etag: string, entries: unknown[]) {
    const asked: Array<string | null> = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      asked.push(request.headers.get('If-None-Match'));
      if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
      return new Response(JSON.stringify(entries), { status: 200, headers: { 'Content-Type': 'application/json', ETag: etag } });
    });
    return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
  }
  const analysis = (client: ReturnType<typeof createCrmClient>, year: number) =>
    client.POST('/api/opportunities/anlaysis', { body: { year, tenantId: 1 } });
  const entries = [{ created_date: '2025-01-02T03:04:05Z', revenue: 10, probability: 50, salesperson_id: 1 }];

  test('the same call again sends the ETag, and a 304 hands back the remembered answer without an error', async () => {
    const { fetch, asked } = serverHolding('"v1"', entries);
    const { hooks, shown } = hooksWith('access-token-1');
    const client = createCrmClient({ baseUrl: BASE_URL, hooks, fetch });
    expect((await analysis(client, 2025)).data).toEqual(entries);
    const again = await analysis(client, 2025);
    expect(asked).toEqual([null, '"v1"']);
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(entries);
    expect(shown).toEqual([]);
  });

  test('another body is another answer: its first call sends no ETag', async () => {
    const { fetch, asked } = serverHolding('"v1"', entries);
    const client = createCrmClient({ baseUrl: BASE_URL, hooks: hooksWith('access-token-1').hooks, fetch });
    await analysis(client, 2025);
    await analysis(client, 2024);
    expect(asked).toEqual([null, null]);
  });

  test('a new version replaces the remembered one', async () => {
    let etag = '"v1"';
    const asked: Array<string | null> = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      asked.push(request.headers.get('If-None-Match'));
      if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304 });
      return new Response(JSON.stringify([{ etag }]), { status: 200, headers: { 'Content-Type': 'application/json', ETag: etag } });
    }) as typeof globalThis.fetch;
    const client = createCrmClient({ baseUrl: BASE_URL, hooks: hooksWith('access-token-1').hooks, fetch });
    await analysis(client, 2025);
    etag = '"v2"';
    expect((await analysis(client, 2025)).data).toEqual([{ etag: '"v2"' }]);
    expect((await analysis(client, 2025)).data).toEqual([{ etag: '"v2"' }]);
    expect(asked).toEqual([null, '"v1"', '"v2"']);
  });
});

describe('revalidation leaves writes alone', () => {
  test('a PUT is sent as it was written, without If-None-Match, and its body as text', async () => {
    const sent: Request[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push(request);
      return new Response(JSON.stringify({ id: 7 }), { status: 200, headers: { 'Content-Type': 'application/json', ETag: '"v1"' } });
    }) as typeof globalThis.fetch;
    const client = createCrmClient({ baseUrl: BASE_URL, hooks: hooksWith('access-token-1').hooks, fetch });
    const body = { name: 'Alex Admin', email: 'admin@demo.test', password: '********', role_id: 1 as const };
    await client.PUT('/api/users/nohash/{id}', { params: { path: { id: 7 } }, body });
    await client.PUT('/api/users/nohash/{id}', { params: { path: { id: 7 } }, body });
    expect(sent.map((request) => request.headers.get('If-None-Match'))).toEqual([null, null]);
    expect(await sent[1]!.json()).toEqual(body);
  });
});
