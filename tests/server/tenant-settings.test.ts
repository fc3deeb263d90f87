import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function call(email: string, method: 'GET' | 'PUT', payload?: object) {
  return server.app.inject({ method, url: '/api/tenant/settings', headers: await server.as(email), ...(payload ? { payload } : {}) });
}

describe('/api/tenant/settings', () => {
  test("every user of a tenant reads its currency; the demo tenants count in euros and dollars", async () => {
    for (const email of ['admin@demo.test', 'manager@demo.test', 'rep@demo.test']) {
      const response = await call(email, 'GET');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ currency: 'EUR' });
    }
    expect((await call('admin@globex.test', 'GET')).json()).toEqual({ currency: 'USD' });
  });

  test('the Super Admin changes the currency of their own tenant only', async () => {
    const changed = await call('admin@globex.test', 'PUT', { currency: 'CHF' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ currency: 'CHF' });
    expect((await call('ops@globex.test', 'GET')).json()).toEqual({ currency: 'CHF' });
    expect((await call('rep@demo.test', 'GET')).json()).toEqual({ currency: 'EUR' });
    await call('admin@globex.test', 'PUT', { currency: 'USD' });
  });

  test('an Admin or a User may not change it', async () => {
    for (const email of ['manager@demo.test', 'rep@demo.test']) {
      const response = await call(email, 'PUT', { currency: 'USD' });
      expect(response.statusCode).toBe(403);
    }
    expect((await call('admin@demo.test', 'GET')).json()).toEqual({ currency: 'EUR' });
  });

  test('a code that is no ISO 4217 currency is refused in words, and nothing changes', async () => {
    const unknown = await call('admin@demo.test', 'PUT', { currency: 'ABC' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('ABC is not an ISO 4217 currency code.');
    const lower = await call('admin@demo.test', 'PUT', { currency: 'usd' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe('Enter a three-letter currency code, for example EUR or USD.');
    expect((await call('admin@demo.test', 'PUT', { currency: 'EURO' })).statusCode).toBe(400);
    expect((await call('admin@demo.test', 'GET')).json()).toEqual({ currency: 'EUR' });
  });

  test('without a token there is no answer', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/tenant/settings' });
    expect(response.statusCode).toBe(401);
  });
});
