/**
 * The load balancer of the two-process run: each request goes to the next server
 * process in turn (sign-in pages included, so a sign-in crosses processes too), and
 * the answer says which one served it (`x-bench-upstream`), so that the people can
 * check a write through the other. Listens on 127.0.0.1 only.
 */
import { Agent, createServer, request } from 'node:http';

export interface RoundRobinProxy {
  stop(): Promise<void>;
}

export async function startRoundRobinProxy(port: number, upstreams: string[]): Promise<RoundRobinProxy> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    const target = new URL(incoming.url ?? '/', upstreams[index]);
    const forwarded = request(target, { method: incoming.method, headers: incoming.headers, agent }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-bench-upstream': String(index) });
      answer.pipe(outgoing);
    });
    forwarded.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`proxy: ${error.message}`);
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
