import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: 30 connections that asked for a year's analysis uncompressed and never read
// it took the server from 163 to 653 MB: each held its own copy of the JSON. Now only a
// few large uncompressed answers go out at once, and the rest wait their turn.
const OPPORTUNITIES = 70_000;
const STALLED = 30;
const AT_ONCE = 4;

let server: TestServer;
let port: number;
beforeAll(async () => {
  // Timeouts long enough that no stalled connection is cut while the test looks.
  server = await startTestServer({ settings: { HTTP_TIMEOUT: '120' } });
  // A year of about 6 MB of JSON: more than the kernel's socket buffers take in for a
  // client that does not read, so its answer really stays in the server.
  await server.db.query(
    `insert into opportunities (tenant_id, salesperson_id, customer, stage, created_date, revenue, probability)
     select 1, (select id from salespersons where tenant_id = 1 order by id limit 1), 'Stalled ' || n, 'proposal',
            timestamptz '2026-02-01T00:00:00Z' + make_interval(secs => n * 60), n, 50
     from generate_series(1, ${OPPORTUNITIES}) as n`,
  );
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
  // As a browser asks first: the answer is kept compressed, and the JSON is decoded again per plain client.
  expect((await analysis('br')).statusCode).toBe(200);
  // The rows go in through every trigger, as a real import's would, which is slow on a loaded machine:
  // the hook's limit is one that only a hang reaches.
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const body = JSON.stringify({ year: 2026, tenantId: 1 });
async function analysis(acceptEncoding: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/opportunities/anlaysis',
    headers: { ...(await server.as('admin@demo.test')), 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
    payload: body,
  });
}

interface Reader {
  socket: Socket;
  answered: boolean;
}

/** A client that asks for the analysis without compression, reads the first bytes of the answer, and no more. */
function stalledReader(authorization: string): Reader {
  const socket = connect(port, '127.0.0.1');
  const reader: Reader = { socket, answered: false };
  socket.on('error', () => {});
  socket.once('data', () => {
    reader.answered = true;
    socket.pause();
  });
  socket.write(
    `POST /api/opportunities/anlaysis HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return reader;
}

const answered = (readers: Reader[]) => readers.filter((reader) => reader.answered);

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; !condition() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 50));
}

test(`${STALLED} clients asking for a year's analysis uncompressed and never reading it: ${AT_ONCE} answers go out, the others wait their turn`, async () => {
  const { authorization } = await server.as('admin@demo.test');
  const readers = Array.from({ length: STALLED }, () => stalledReader(authorization));
  try {
    await waitFor(() => answered(readers).length >= AT_ONCE, 20_000);
    // Time enough for every one of the 30 to be answered, were they not waiting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(answered(readers)).toHaveLength(AT_ONCE);

    // A browser's request, compressed, is answered meanwhile.
    expect((await analysis('gzip, deflate, br')).statusCode).toBe(200);

    // Clients that leave while waiting give up their place; those that leave while being
    // answered pass their turn on.
    const waiting = readers.filter((reader) => !reader.answered);
    waiting.slice(0, 10).forEach((reader) => reader.socket.destroy());
    answered(readers).forEach((reader) => reader.socket.destroy());
    await waitFor(() => answered(readers).length >= 2 * AT_ONCE, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered(readers)).toHaveLength(2 * AT_ONCE);
  } finally {
    readers.forEach((reader) => reader.socket.destroy());
  }
});
