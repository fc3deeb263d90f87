import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: no HSTS behind https, so a browser could be sent to the http address first.
let secure: TestServer;
beforeAll(async () => {
  secure = await startTestServer({ settings: { PUBLIC_URL: 'https://crm.example.test' } });
});
afterAll(async () => {
  await secure.close();
});

test('with an https PUBLIC_URL every answer tells browsers to use https only', async () => {
  for (const url of ['/healthz', '/api/auth/email?email=rep@demo.test', '/tenant-service/get-tenant?email=rep@demo.test']) {
    const response = await secure.app.inject({ url });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
  }
});

test('with an http PUBLIC_URL (local use) none is sent', async () => {
  const plain = await startTestServer({ sharing: secure });
  try {
    expect((await plain.app.inject({ url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
  } finally {
    await plain.close();
  }
});
