import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: 500,000 nested arrays sent without a token answered 500, a recursive guard
// overflowing the stack before the caller was even checked.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

test('500,000 nested arrays without a token are refused with 400 in plain words, not a crash', async () => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: { 'content-type': 'application/json' },
    payload: nested(500_000),
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message: 'The request is nested too deeply: at most 64 levels of brackets are accepted.' });
});

test('a deep object inside a signed-in body is refused the same way, brackets in strings not counted', async () => {
  const headers = { ...(await server.as('admin@demo.test')), 'content-type': 'application/json' };
  const deep = `{"name":"${'['.repeat(200)}","x":${'{"a":'.repeat(65)}1${'}'.repeat(65)}}`;
  const refused = await server.app.inject({ method: 'POST', url: '/api/teams/searchTeam', headers, payload: deep });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toMatch(/nested too deeply/);
  // 64 levels, and brackets inside strings, are fine as far as depth goes.
  const shallow = `{"name":"${'['.repeat(200)}\\"]","x":${'['.repeat(62)}${']'.repeat(62)}}`;
  const passed = await server.app.inject({ method: 'POST', url: '/api/teams/searchTeam', headers, payload: shallow });
  expect(passed.json().message ?? '').not.toMatch(/nested too deeply/);
});

test('the NUL guard walks deep bodies without recursion', async () => {
  const { nulPath } = await import('../../server/http/text-guard.ts');
  let value: unknown = 'a\u0000b';
  for (let level = 0; level < 200_000; level += 1) value = [value];
  expect(nulPath(value, 'body')).toMatch(/^body(\.0)+$/);
});
