import { Agent, createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/server-process.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../bench/round-robin-proxy.ts';

const client = new Agent({ keepAlive: true });
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  client.destroy();
});

/** A server process that announces a keep-alive time of 2 s, counting the connections it is given. */
async function upstream(): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const server: Server = createServer((_request, response) => response.end('ok'));
  server.keepAliveTimeout = 2000;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, connections: () => connections };
}

const get = (url: string) =>
  new Promise<{ status: number; upstream: string }>((resolve, reject) => {
    // As the people send: on kept connections (a request on a closing one would say so to the proxy).
    request(url, { agent: client }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, upstream: String(answer.headers['x-bench-upstream']) }));
    })
      .on('error', reject)
      .end();
  });

describe("the two-process run's round-robin proxy", () => {
  it('takes turns, and says which process answered', async () => {
    const servers = [await upstream(), await upstream()];
    const port = await freePort();
    const proxy: RoundRobinProxy = await startRoundRobinProxy(port, servers.map((server) => server.url));
    stops.push(() => proxy.stop());
    const answers = [await get(`http://127.0.0.1:${port}/a`), await get(`http://127.0.0.1:${port}/b`), await get(`http://127.0.0.1:${port}/c`)];
    expect(answers).toEqual([
      { status: 200, upstream: '0' },
      { status: 200, upstream: '1' },
      { status: 200, upstream: '0' },
    ]);
  });

  it("drops a kept connection before the server's announced keep-alive time, rather than send on one it is closing", async () => {
    const server = await upstream();
    const port = await freePort();
    const proxy = await startRoundRobinProxy(port, [server.url]);
    stops.push(() => proxy.stop());
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await get(`http://127.0.0.1:${port}/first`);
    // The proxy frees its connection once the answer has passed through.
    await pause(100);
    await get(`http://127.0.0.1:${port}/soon`);
    expect(server.connections()).toBe(1);
    // Past the announced 2 s less the agent's margin of 1 s, before the server would close it.
    await pause(1500);
    expect((await get(`http://127.0.0.1:${port}/later`)).status).toBe(200);
    expect(server.connections()).toBe(2);
  });
});
