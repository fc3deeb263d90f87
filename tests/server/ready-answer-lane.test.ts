import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// The ready-answer lane (server/caching/ready-answer-lane.ts) answers in the HTTP
// server's request event, which the framework's inject never reaches: these tests
// talk to a port. Whether Fastify answered shows in the harness's record of the
// answers that passed its onSend hooks; the lane's do not.

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  port = await listening(server);
});
afterAll(() => server?.close());

async function listening(on: TestServer): Promise<number> {
  await on.app.listen({ host: '127.0.0.1', port: 0 });
  return (on.app.server.address() as AddressInfo).port;
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string>, on = port): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port: on, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** Calls the list and tells who answered: Fastify, or the lane before it. */
async function userList(headers: Record<string, string>, tenantId = 1) {
  const fastifyAnswersBefore = server.answers.length;
  const answer = await get(`/api/users/getAllData/${tenantId}`, headers);
  return { ...answer, byLane: server.answers.length === fastifyAnswersBefore };
}

const users = (answer: RawAnswer) =>
  JSON.parse((answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body).toString()) as { email: string; name: string }[];

/** Everything but the clock and the length, which differs between the fast and the small encoding. */
const comparable = ({ date: _date, 'content-length': _length, ...headers }: IncomingHttpHeaders) => headers;

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('the lane answers what Fastify would, and only that', () => {
  test("a known caller's repeated user list comes from the lane, with Fastify's status, headers and content", async () => {
    const admin = { ...(await server.as('admin@demo.test')), ...BROWSER };
    const first = await userList(admin);
    expect(first.byLane).toBe(false);
    const second = await userList(admin);
    expect(second.byLane).toBe(true);

    expect(second.status).toBe(first.status);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
    expect(users(second)).toEqual(users(first));
    expect(users(second).length).toBeGreaterThan(0);
    expect(second.body.toString('latin1') + brotliDecompressSync(second.body).toString()).not.toContain('$argon2');
  });

  test('an uncompressed answer for a client that accepts no encoding', async () => {
    // Whichever way it goes: a second after its brotli encoding is made, the cache keeps
    // no JSON to send from the lane, and Fastify's way decodes it again.
    const admin = await server.as('admin@demo.test');
    await userList(admin);
    const plain = await userList(admin);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(users(plain).map((u) => u.email)).toContain('rep@demo.test');
  });

  test('a write is in the very next answer, and the lane serves the new one after it', async () => {
    const admin = { ...(await server.as('admin@demo.test')), ...BROWSER };
    await userList(admin);
    expect((await userList(admin)).byLane).toBe(true);

    await server.db.query("update users set name = 'Renamed Under The Lane' where email = 'rep@demo.test'");
    const next = await userList(admin);
    expect(next.byLane).toBe(false);
    expect(users(next).find((u) => u.email === 'rep@demo.test')!.name).toBe('Renamed Under The Lane');
    const after = await userList(admin);
    expect(after.byLane).toBe(true);
    expect(users(after).find((u) => u.email === 'rep@demo.test')!.name).toBe('Renamed Under The Lane');
  });

  test("refusals are Fastify's, for callers the lane knows too", async () => {
    const admin = { ...(await server.as('admin@demo.test')), ...BROWSER };
    expect((await userList(admin)).status).toBe(200);
    expect((await userList(admin)).byLane).toBe(true);
    const otherTenant = await userList(admin, 2);
    expect(otherTenant).toMatchObject({ status: 404, byLane: false });

    const rep = await server.as('rep@demo.test');
    for (let call = 0; call < 2; call += 1) {
      const refused = await userList(rep);
      expect(refused).toMatchObject({ status: 403, byLane: false });
      expect(JSON.parse(refused.body.toString())).toEqual({ message: 'Your role may not manage users' });
    }

    expect(await userList({})).toMatchObject({ status: 401, byLane: false });
    expect(await userList({ authorization: `${admin.authorization}x` })).toMatchObject({ status: 401, byLane: false });
  });

  test('a token that expires between two calls is refused at the second', async () => {
    const shortLived = { authorization: `Bearer ${await server.tokenFor('admin@demo.test', { exp: Math.floor(Date.now() / 1000) + 2 })}`, ...BROWSER };
    await userList(shortLived);
    expect((await userList(shortLived)).byLane).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await userList(shortLived);
    expect(expired).toMatchObject({ status: 401, byLane: false });
    expect(JSON.parse(expired.body.toString())).toEqual({ message: 'Token expired' });
  });

  test('a subscription that runs out between two calls is refused at the second', async () => {
    const admin = { ...(await server.as('admin@demo.test')), ...BROWSER };
    await server.db.query("update tenants set subscription_expires_at = now() + interval '1500 milliseconds' where id = 1");
    try {
      await userList(admin);
      expect((await userList(admin)).byLane).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const lapsed = await userList(admin);
      expect(lapsed).toMatchObject({ status: 403, byLane: false });
      expect(JSON.parse(lapsed.body.toString())).toEqual({ message: 'Subscription expired.' });
    } finally {
      await server.db.query('update tenants set subscription_expires_at = null where id = 1');
    }
  });

  test('conditional requests, queries and numbers written otherwise go to Fastify', async () => {
    const admin = { ...(await server.as('admin@demo.test')), ...BROWSER };
    const first = await userList(admin);
    expect((await userList(admin)).byLane).toBe(true);

    const fastifyAnswersBefore = server.answers.length;
    const unchanged = await get('/api/users/getAllData/1', { ...admin, 'if-none-match': String(first.headers.etag) });
    expect(unchanged.status).toBe(304);
    const withQuery = await get('/api/users/getAllData/1?fresh=1', admin);
    const leadingZero = await get('/api/users/getAllData/01', admin);
    for (const answer of [withQuery, leadingZero]) {
      expect(answer.status).toBe(200);
      expect(users(answer)).toEqual(users(first));
    }
    expect(server.answers.length).toBe(fastifyAnswersBefore + 2);
  });
});

test('a server that logs every request answers every one through Fastify, so each is in its log', async () => {
  const lines: string[] = [];
  const logged = await startTestServer({ sharing: server, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
  try {
    const loggedPort = await listening(logged);
    const admin = { ...(await logged.as('admin@demo.test')), ...BROWSER };
    for (let call = 0; call < 3; call += 1) expect((await get('/api/users/getAllData/1', admin, loggedPort)).status).toBe(200);
    expect(logged.answers).toHaveLength(3);
    expect(lines.filter((line) => line.includes('"request completed"'))).toHaveLength(3);
  } finally {
    await logged.close();
  }
});
