import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectRefusal } from '../support/refusals.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

let server: TestServer;
let headers: { authorization: string };
beforeAll(async () => {
  server = await startTestServer();
  headers = await server.as('admin@demo.test');
});
afterAll(async () => {
  await server.close();
});

function expectMessage(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, pattern?: RegExp) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json() as { message: unknown };
  expect(body).toEqual({ message: expect.any(String) });
  if (pattern) expect(body.message).toMatch(pattern);
}

describe('bodies that break the document', () => {
  test('a missing field is refused with 400 naming it', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/users', headers, payload: { name: 'A', email: 'a@demo.test', password: 'long-password', status: 1 } });
    expectRefusal(response, { role_id: 'Must provide all fields' });
  });

  test('an unknown field is refused with 400 naming it, never silently dropped', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'newhire@demo.test', password: 'long-password', role_id: 1 },
    });
    expectRefusal(response, { role_id: 'Role cannot be sent here.' });
    expect(await server.db.query('select 1 from accounts where email = $1', ['newhire@demo.test'])).toHaveLength(0);
  });

  test('a field of the wrong type is refused with 400 naming it, not coerced', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/opportunities/anlaysis', headers, payload: { year: '2025', tenantId: 1 } });
    expectRefusal(response, { year: 'Year is not valid.' });
  });

  test('an e-mail of the wrong shape is refused with 400 naming it', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'not-an-email', password: 'long-password' } });
    expectRefusal(response, { email: 'Invalid email format' });
  });

  test('a body that is not an object is refused with 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await server.app.inject({ method: 'POST', url: '/api/teams/searchTeam', headers: { ...headers, 'content-type': 'application/json' }, payload });
      expectMessage(response, 400);
    }
  });

  test('a missing body is refused with 400', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/teams/searchTeam', headers });
    expectMessage(response, 400);
  });
});

describe('text the database cannot store', () => {
  test('a NUL character in a body field or a query is refused with 400 naming where, never a 500', async () => {
    const body = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { name: 'Nul\u0000Name', email: 'nul@demo.test', password: 'long-password', role_id: 3, status: 1 },
    });
    expectRefusal(body, { name: 'Name must not contain the NUL character.' });
    const query = await server.app.inject({ url: '/tenant-service/get-tenant?email=a%00b%40demo.test' });
    expectRefusal(query, { email: 'Email must not contain the NUL character.' });
  });
});

describe('bodies that are not JSON', () => {
  test('malformed JSON is refused with 400', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "newhire@demo.test", "password": ',
    });
    expectMessage(response, 400, /not valid JSON/);
  });

  test('a non-JSON content type is refused with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': type },
        payload: 'email=newhire@demo.test&password=long-password',
      });
      expectMessage(response, 415);
    }
  });

  test('a body over 1 MB is refused with 413', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024), email: 'big@demo.test', password: 'long-password', role_id: 3, status: 1 }),
    });
    expectMessage(response, 413);
  });
});

describe('ids that are not positive integers', () => {
  test.each(['abc', '1.5', '-1', '0', '1e3', '99999999999', '%20', '0x10'])('/api/users/%s answers 400', async (id) => {
    const response = await server.app.inject({ url: `/api/users/${id}`, headers });
    expectRefusal(response, { id: 'The address must end in a record’s number.' });
  });

  test.each(['abc', '1.5', '-1'])('/api/users/getAllData/%s answers 400', async (id) => {
    expectRefusal(await server.app.inject({ url: `/api/users/getAllData/${id}`, headers }), { tenant_id: 'The address must name a tenant by its number.' });
  });

  test('an integer written with a fraction of zeros is that integer, as JSON Schema counts it', async () => {
    const plain = await server.app.inject({ url: '/api/users/1', headers });
    const written = await server.app.inject({ url: '/api/users/1.00', headers });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual(plain.json());
    expect((await server.app.inject({ url: '/api/users/getAllData/1.0', headers })).statusCode).toBe(200);
  });
});

describe('unknown routes', () => {
  test('answer 404 as JSON with a message', async () => {
    for (const [method, url] of [['GET', '/api/nothing-here'], ['DELETE', '/api/users/1/nothing']] as const) {
      const response = await server.app.inject({ method, url, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
  });

  test('a method the document does not list for an address it describes answers 405 with the methods it does', async () => {
    const cases = [
      ['DELETE', '/api/users/1', 'GET, PUT, HEAD'],
      ['TRACE', '/api/customers', 'POST'],
      ['PATCH', '/tenant-service/get-tenant?email=rep%40demo.test', 'GET, HEAD'],
      // An address without parameters is its own resource, though PUT /api/opportunities/{id} would take it.
      ['PUT', '/api/opportunities/anlaysis', 'POST'],
    ] as const;
    for (const [method, url, allow] of cases) {
      // Methods Fastify's types do not list (TRACE) are sent all the same.
      const response = await server.app.inject({ method: method as 'GET', url, headers });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.json()).toEqual({ message: `${method} is not allowed here; use ${allow}.` });
    }
  });

  test('the 405 comes before the body is read: QUERY without a Content-Type', async () => {
    const response = await server.app.inject({ method: 'QUERY' as 'GET', url: '/api/users/getAllData/1', headers });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });
});

describe('rate limit', () => {
  test('sign-up, profile and get-tenant answer 429 with a message past the limit per client address', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 3, sharing: server });
    try {
      const token = { authorization: `Bearer ${await limited.tokenFor('rep@demo.test')}` };
      const requests = {
        signup: () => limited.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'nobody@demo.test', password: 'long-password' } }),
        profile: () => limited.app.inject({ url: '/api/auth/email?email=rep%40demo.test', headers: token }),
        tenant: () => limited.app.inject({ url: '/tenant-service/get-tenant?email=rep%40demo.test' }),
      };
      for (const send of Object.values(requests)) {
        for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBeLessThan(429);
        expectMessage(await send(), 429, /Too many requests/);
      }
      // Another client address has its own allowance.
      const other = await limited.app.inject({ url: '/tenant-service/get-tenant?email=rep%40demo.test', remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(200);
      // Routes outside the limit are not counted.
      expect((await limited.app.inject({ url: '/api/users/3', headers: token })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
