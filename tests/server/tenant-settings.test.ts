import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';
import { DEFAULT_STAGE_PROBABILITIES } from '../../src/domain/opportunities/pipeline.ts';

const stage_probabilities = DEFAULT_STAGE_PROBABILITIES;

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
      expect(response.json()).toEqual({ currency: 'EUR', stage_probabilities });
    }
    expect((await call('admin@globex.test', 'GET')).json()).toEqual({ currency: 'USD', stage_probabilities });
  });

  test('the Super Admin changes the currency of their own tenant only', async () => {
    const changed = await call('admin@globex.test', 'PUT', { currency: 'CHF' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ currency: 'CHF', stage_probabilities });
    expect((await call('ops@globex.test', 'GET')).json()).toEqual({ currency: 'CHF', stage_probabilities });
    expect((await call('rep@demo.test', 'GET')).json()).toEqual({ currency: 'EUR', stage_probabilities });
    await call('admin@globex.test', 'PUT', { currency: 'USD' });
  });

  test('an Admin or a User may not change it', async () => {
    for (const email of ['manager@demo.test', 'rep@demo.test']) {
      const response = await call(email, 'PUT', { currency: 'USD' });
      expect(response.statusCode).toBe(403);
    }
    expect((await call('admin@demo.test', 'GET')).json()).toEqual({ currency: 'EUR', stage_probabilities });
  });

  test('a code that is no ISO 4217 currency is refused in words, and nothing changes', async () => {
    const unknown = await call('admin@demo.test', 'PUT', { currency: 'ABC' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('ABC is not an ISO 4217 currency code.');
    const lower = await call('admin@demo.test', 'PUT', { currency: 'usd' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe('Enter a three-letter currency code, for example EUR or USD.');
    expect((await call('admin@demo.test', 'PUT', { currency: 'EURO' })).statusCode).toBe(400);
    expect((await call('admin@demo.test', 'GET')).json()).toEqual({ currency: 'EUR', stage_probabilities });
  });

  test("every tenant starts with the domain's stage probabilities (migration 020 and the app agree); the Super Admin changes them", async () => {
    for (const email of ['rep@demo.test', 'ops@globex.test']) expect((await call(email, 'GET')).json().stage_probabilities).toEqual(DEFAULT_STAGE_PROBABILITIES);
    const changed = { ...DEFAULT_STAGE_PROBABILITIES, proposal: 35 };
    const response = await call('admin@globex.test', 'PUT', { currency: 'USD', stage_probabilities: changed });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ currency: 'USD', stage_probabilities: changed });
    // Left out, they are kept.
    expect((await call('admin@globex.test', 'PUT', { currency: 'USD' })).json().stage_probabilities).toEqual(changed);
    expect((await call('rep@demo.test', 'GET')).json().stage_probabilities).toEqual(DEFAULT_STAGE_PROBABILITIES);
    await call('admin@globex.test', 'PUT', { currency: 'USD', stage_probabilities: DEFAULT_STAGE_PROBABILITIES });
  });

  test('a probability that is no whole number from 0 to 100, or a stage missing or unknown, is refused and nothing changes', async () => {
    for (const stage_probabilities of [
      { ...DEFAULT_STAGE_PROBABILITIES, negotiation: 101 },
      { ...DEFAULT_STAGE_PROBABILITIES, negotiation: 12.5 },
      { ...DEFAULT_STAGE_PROBABILITIES, 'on hold': 5 },
      { qualification: 10 },
    ]) {
      const response = await call('admin@demo.test', 'PUT', { currency: 'EUR', stage_probabilities });
      expect(response.statusCode).toBe(400);
    }
    expect((await call('admin@demo.test', 'GET')).json()).toEqual({ currency: 'EUR', stage_probabilities });
  });

  test('without a token there is no answer', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/tenant/settings' });
    expect(response.statusCode).toBe(401);
  });
});
