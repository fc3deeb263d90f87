import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// 30 connections that asked for a year's analysis uncompressed and never read it once
// took the server from 163 to 653 MB: each held its own copy of the JSON.
const OPPORTUNITIES = 70_000;
const STALLED = 30;

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

/** What the server's process holds in JavaScript's heap and outside it (buffers, strings on their way out). */
function heldBytes(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

test(`${STALLED} clients asking for a year's analysis uncompressed and never reading it hold no copy of it each`, async () => {
  const plain = await analysis('identity');
  expect(plain.statusCode).toBe(200);
  const answerBytes = plain.rawPayload.length;
  // Large enough that the copies would show far above the noise of a collection.
  expect(answerBytes).toBeGreaterThan(5_000_000);

  const before = heldBytes();
  const { authorization } = await server.as('admin@demo.test');
  const readers = Array.from({ length: STALLED }, () => stalledReader(authorization));
  try {
    await waitFor(() => answered(readers).length === STALLED, 30_000);
    expect(answered(readers)).toHaveLength(STALLED);
    // Time for every answer to be written as far as the socket lets it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const grown = heldBytes() - before;
    // A copy each would be STALLED answers; a stream each holds only its buffer.
    expect(grown).toBeLessThan((STALLED * answerBytes) / 4);

    // A browser's request, compressed, is answered meanwhile.
    expect((await analysis('gzip, deflate, br')).statusCode).toBe(200);
  } finally {
    readers.forEach((reader) => reader.socket.destroy());
  }
});
