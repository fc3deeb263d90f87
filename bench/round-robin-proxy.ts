/**
 * The load balancer of the two-process run: each request goes to the next server
 * process in turn (sign-in pages included, so a sign-in crosses processes too), and
 * the answer says which one served it (`x-bench-upstream`), so that the people can
 * check a write through the other. Listens on 127.0.0.1 only.
 *
 * It runs on a thread of its own, as a real balancer runs apart from its clients: on the
 * people's event loop every chunk it carried (a year's analysis is 1.4 MB) waited for the
 * people's own work, and every person's timing waited for its chunks.
 */
import { Agent, createServer, request } from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface RoundRobinProxy {
  stop(): Promise<void>;
}

interface ProxySettings {
  port: number;
  upstreams: string[];
}

export async function startRoundRobinProxy(port: number, upstreams: string[]): Promise<RoundRobinProxy> {
  // The bench runs under tsx (`npm run bench`): the thread registers it, then loads this module.
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { port, upstreams } satisfies ProxySettings });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the proxy's thread ended (${code}) before listening`)));
  });
  return {
    stop: async () => {
      const ended = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      await ended;
    },
  };
}

/** The proxy itself, on its thread: listens, tells the bench, and closes when told. */
async function serveProxy({ port, upstreams }: ProxySettings): Promise<void> {
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
  parentPort!.once('message', () => {
    agent.destroy();
    server.closeAllConnections();
    server.close(() => parentPort!.close());
  });
  parentPort!.postMessage('listening');
}

if (!isMainThread && (workerData as Partial<ProxySettings> | undefined)?.upstreams) void serveProxy(workerData as ProxySettings);
