import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendAsBrowser, type Resend } from '../../bench/browser-send.ts';

/** A server whose `onRequest` is told how many requests its connection has carried before this one. */
async function serve(onRequest: (request: IncomingMessage, response: ServerResponse, earlier: number) => void): Promise<{ url: string; server: Server; connections: () => number }> {
  const carried = new WeakMap<Socket, number>();
  let connections = 0;
  const server = createServer((request, response) => {
    const earlier = carried.get(request.socket) ?? 0;
    carried.set(request.socket, earlier + 1);
    onRequest(request, response, earlier);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, server, connections: () => connections };
}

const opened: { server: Server; agent: Agent }[] = [];
afterEach(async () => {
  for (const { server, agent } of opened.splice(0)) {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function setUp(onRequest: Parameters<typeof serve>[0]) {
  const served = await serve(onRequest);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  opened.push({ server: served.server, agent });
  const resends: Resend[] = [];
  const send = (path: string, method = 'GET', body?: string) =>
    sendAsBrowser(`${served.url}${path}`, { method, headers: body ? { 'content-type': 'text/plain' } : {}, body, agent, timeoutMs: 5000 }, (resend) => resends.push(resend));
  return { ...served, send, resends };
}

const answerText = (path: string) => (_request: IncomingMessage, response: ServerResponse) => response.end(`answer to ${path}`);

describe("the people's requests, sent as a browser sends them", () => {
  it('sends a request again, on a new connection, when the kept one is reset before any byte of the answer', async () => {
    const { send, resends, connections } = await setUp((request, response, earlier) => {
      // The second request on a connection meets it as the server closes it with the request unread.
      if (earlier === 1) request.socket.resetAndDestroy();
      else answerText(request.url!)(request, response);
    });
    expect((await send('/first')).body.toString()).toBe('answer to /first');
    const again = await send('/second');
    expect(again.status).toBe(200);
    expect(again.body.toString()).toBe('answer to /second');
    expect(connections()).toBe(2);
    expect(resends).toHaveLength(1);
    expect(resends[0]!.error).toMatch(/ECONNRESET|socket hang up/);
    expect(resends[0]!.idleMs).toBeGreaterThanOrEqual(0);
  });

  it('sends a write again too, with its body (Chromium resends whatever the method)', async () => {
    const bodies: string[] = [];
    const { send, resends } = await setUp((request, response, earlier) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        if (earlier === 1) return request.socket.resetAndDestroy();
        bodies.push(text);
        response.end('saved');
      });
    });
    await send('/first', 'PUT', 'one');
    expect((await send('/second', 'PUT', 'two')).body.toString()).toBe('saved');
    expect(bodies).toEqual(['one', 'two']);
    expect(resends).toHaveLength(1);
  });

  it('does not send again when a new connection is reset: that is an error', async () => {
    const { send, resends } = await setUp((request) => request.socket.resetAndDestroy());
    await expect(send('/only')).rejects.toThrow(/ECONNRESET|socket hang up/);
    expect(resends).toHaveLength(0);
  });

  it('does not send again once the answer has begun: that is an error', async () => {
    const { send, resends } = await setUp((request, response, earlier) => {
      if (earlier === 0) return answerText(request.url!)(request, response);
      response.writeHead(200, { 'content-length': '100' });
      response.write('part of it', () => setTimeout(() => request.socket.resetAndDestroy(), 20));
    });
    await send('/first');
    await expect(send('/second')).rejects.toThrow();
    expect(resends).toHaveLength(0);
  });
});
