import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: 31 token-less profile calls from one address made the next signed-in user's
// profile load answer 429 (which signs them out), and behind a proxy every user shared
// the proxy's address.
const LIMIT = 30;
const PROXY = '10.0.0.5';
const profileOf = (email: string) => `/api/auth/email?email=${encodeURIComponent(email)}`;

describe('without a proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: LIMIT });
  });
  afterAll(async () => {
    await server.close();
  });

  test("31 token-less profile calls from one address do not use up a signed-in user's budget there", async () => {
    for (let call = 0; call <= LIMIT; call += 1) await server.app.inject({ url: profileOf('rep@demo.test') });
    const anonymous = await server.app.inject({ url: profileOf('rep@demo.test') });
    expect(anonymous.statusCode).toBe(429);
    const signedIn = await server.app.inject({ url: profileOf('rep@demo.test'), headers: await server.as('rep@demo.test') });
    expect(signedIn.statusCode).toBe(200);
  });

  test("a signed-in caller's budget is their token's: another's calls do not spend it", async () => {
    const heavy = await server.as('manager@demo.test');
    for (let call = 0; call < LIMIT; call += 1) await server.app.inject({ url: profileOf('manager@demo.test'), headers: heavy });
    expect((await server.app.inject({ url: profileOf('manager@demo.test'), headers: heavy })).statusCode).toBe(429);
    expect((await server.app.inject({ url: profileOf('admin@demo.test'), headers: await server.as('admin@demo.test') })).statusCode).toBe(200);
  });

  test('a forwarded address is not believed unless TRUST_PROXY says so', async () => {
    for (let call = 0; call < LIMIT; call += 1) {
      await server.app.inject({ url: '/tenant-service/get-tenant?email=x@y.test', remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': `192.0.2.${call}` } });
    }
    const next = await server.app.inject({ url: '/tenant-service/get-tenant?email=x@y.test', remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': '192.0.2.200' } });
    expect(next.statusCode).toBe(429);
  });

  test('sign-up stays limited per address whatever Authorization header comes with it', async () => {
    let last = 0;
    for (let call = 0; call <= LIMIT; call += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '10.8.8.8',
        headers: { authorization: `Bearer made-up-${call}` },
        payload: { email: 'nobody@demo.test', password: 'a long password here' },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimitPerMinute: LIMIT, settings: { TRUST_PROXY: PROXY } });
  });
  afterAll(async () => {
    await server.close();
  });

  const fromBehindProxy = (client: string) => server.app.inject({ url: profileOf('someone@demo.test'), remoteAddress: PROXY, headers: { 'x-forwarded-for': client } });

  test("each client's address has its own budget; one client's calls do not limit another", async () => {
    for (let call = 0; call < LIMIT; call += 1) await fromBehindProxy('198.51.100.1');
    expect((await fromBehindProxy('198.51.100.1')).statusCode).toBe(429);
    expect((await fromBehindProxy('198.51.100.2')).statusCode).toBe(401);
  });
});
