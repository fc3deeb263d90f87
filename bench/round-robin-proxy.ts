/**
 * The load balancer of the two-process run: each request goes to the next server
 * process in turn (sign-in pages included, so a sign-in crosses processes too), and
 * the answer says which one served it (`x-bench-upstream`), so that the people can
 * check a write through the other. Listens on 127.0.0.1 only.
 */
import { Agent, createServer, request } from 'node:http';
import type { Socket } from 'node:net';
import { answeredOn, idleMsOf } from './browser-send.ts';

export interface RoundRobinProxy {
  stop(): Promise<void>;
}

/** Above any keep-alive time the server processes announce, so that theirs is the one that counts. */
const UPSTREAM_SOCKET_TIMEOUT_MS = 10 * 60_000;

export async function startRoundRobinProxy(port: number, upstreams: string[]): Promise<RoundRobinProxy> {
  // A kept connection to a server process is dropped a second before the server's announced
  // keep-alive time (its `Keep-Alive: timeout=…`, HTTP_TIMEOUT), so that no request is sent on one
  // the server is closing (answered here with 502 and a reset). Node's agent takes that hint only
  // when it is below the agent's own socket timeout, which for a socket in use only signals.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: UPSTREAM_SOCKET_TIMEOUT_MS });
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    let idleMs = 0;
    let upstreamSocket: Socket | undefined;
    const forwarded = request(target, { method: incoming.method, headers: incoming.headers, agent }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-bench-upstream': String(index) });
      answer.on('end', () => upstreamSocket && answeredOn(upstreamSocket));
      answer.pipe(outgoing);
    });
    forwarded.on('socket', (socket: Socket) => {
      upstreamSocket = socket;
      idleMs = idleMsOf(socket);
    });
    forwarded.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      // Where it failed says why: a kept connection idle about the server's keep-alive time is one it closed.
      outgoing.end(`proxy: ${error.message} (${forwarded.reusedSocket ? `on a kept connection idle ${(idleMs / 1000).toFixed(1)} s` : 'on a new connection'})`);
    });
    incoming.pipe(forwarded);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
