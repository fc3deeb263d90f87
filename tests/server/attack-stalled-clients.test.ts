import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Issue 19: the HTTP server had no request or socket timeout, so connections that stop
// reading (or sending) held their answers in memory for as long as they liked.
let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ settings: { HTTP_TIMEOUT: '1' } });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
});

/** Opens connections that send `text`, then neither send nor read anything more. */
async function stallingClients(count: number, text: string): Promise<() => void> {
  const sockets = await Promise.all(
    Array.from({ length: count }, () => new Promise<Socket>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(text);
        resolve(socket);
      });
      socket.pause();
      socket.on('error', () => {});
    })),
  );
  return () => sockets.forEach((socket) => socket.destroy());
}

const openConnections = () => new Promise<number>((resolve, reject) => server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The open connections once they stop falling or `ms` has passed: without timeouts they never fall. */
async function connectionsAfter(ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let count = await openConnections();
  while (count > 0 && Date.now() < deadline) {
    await pause(200);
    count = await openConnections();
  }
  return count;
}
// A loaded machine (the whole suite on two cores) may run the 1 s timers late.
const CUT_WITHIN_MS = 10_000;

test('a client that stops halfway through its request is cut after HTTP_TIMEOUT', async () => {
  const body = 'POST /api/customers HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":';
  const end = await stallingClients(1, body);
  try {
    await pause(300);
    expect(await openConnections()).toBe(1);
    expect(await connectionsAfter(CUT_WITHIN_MS)).toBe(0);
  } finally {
    end();
  }
});

test('many connections that ask for an answer and never read it are all cut', async () => {
  const headers = await server.as('admin@demo.test');
  const request = `GET /api/users/getAllData/1 HTTP/1.1\r\nHost: x\r\nAuthorization: ${headers.authorization}\r\nConnection: keep-alive\r\n\r\n`;
  const end = await stallingClients(30, request);
  try {
    expect(await connectionsAfter(CUT_WITHIN_MS)).toBe(0);
  } finally {
    end();
  }
});

test('the timeouts are set on the HTTP server', () => {
  expect(server.app.server.requestTimeout).toBe(1_000);
  expect(server.app.server.headersTimeout).toBe(1_000);
  expect(server.app.server.timeout).toBe(1_000);
  expect(server.app.server.keepAliveTimeout).toBe(1_000);
});
