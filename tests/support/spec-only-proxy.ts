import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SPEC_API_CALLS } from './spec-calls.ts';

/**
 * A company's API with only the specification's calls, made from ours: a proxy in
 * front of the real server that forwards section 7's method-and-path pairs, the
 * identity provider, the tenant service and the app's own files, and answers 404
 * to everything else under /api, as an API without those calls would.
 */
export interface SpecOnlyProxy {
  url: string;
  /** Sends what passes on to this server from now on. */
  forwardTo(target: string): void;
  /** Every request it answered 404 itself, as `METHOD /path`. */
  refused: string[];
  close(): Promise<void>;
}

const specCalls = SPEC_API_CALLS.map((call) => {
  const [method, path] = call.split(' ') as [string, string];
  return { method, pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) };
});

/** True for what a company's deployment has besides its API: the provider, the tenant service, the app. */
function outsideTheApi(path: string): boolean {
  return !path.startsWith('/api/') || path === '/api';
}

export function isSpecCall(method: string, path: string): boolean {
  return specCalls.some((call) => call.method === method && call.pattern.test(path));
}

export async function startSpecOnlyProxy(): Promise<SpecOnlyProxy> {
  let target: URL | undefined;
  const refused: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    const method = incoming.method ?? 'GET';
    if (!target || (!outsideTheApi(path) && !isSpecCall(method, path))) {
      refused.push(`${method} ${path}`);
      incoming.resume();
      outgoing.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    const passed = forward(
      { host: target.hostname, port: target.port, method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    passed.on('error', () => outgoing.destroy());
    incoming.pipe(passed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwardTo(next) {
      target = new URL(next);
    },
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
