import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PART_OPERATIONS, type ApiPart } from '../../src/api/parts.ts';
import { SPEC_API_CALLS } from './spec-calls.ts';

/**
 * A company's API with only the specification's calls, made from ours: a proxy in
 * front of the real server that forwards section 7's method-and-path pairs, the
 * identity provider, the tenant service and the app's own files, and answers 404
 * to everything else under /api, as an API without those calls would. Such an API
 * publishes no OpenAPI document. Offered some optional parts as well, it forwards
 * their operations too and publishes a document listing exactly what it forwards.
 */
export interface SpecOnlyProxy {
  url: string;
  /** Sends what passes on to this server from now on. */
  forwardTo(target: string): void;
  /** From now on, the API offers these optional parts besides the specification's calls. */
  offer(parts: readonly ApiPart[]): void;
  /** Every request it answered 404 itself, as `METHOD /path`. */
  refused: string[];
  close(): Promise<void>;
}

const DOCUMENT_PATH = '/api/openapi.json';

const matcher = (operation: string) => {
  const [method, path] = operation.split(' ') as [string, string];
  return { method, path, pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) };
};
const specCalls = SPEC_API_CALLS.map(matcher);

/** True for what a company's deployment has besides its API: the provider, the tenant service, the app. */
function outsideTheApi(path: string): boolean {
  return !path.startsWith('/api/') || path === '/api';
}

export function isSpecCall(method: string, path: string): boolean {
  return specCalls.some((call) => call.method === method && call.pattern.test(path));
}

/** The OpenAPI document of an API with these operations: their paths and methods. */
function documentOf(operations: ReturnType<typeof matcher>[]): string {
  const paths: Record<string, Record<string, object>> = {};
  for (const { method, path } of operations) (paths[path] ??= {})[method.toLowerCase()] = { responses: { '200': { description: 'ok' } } };
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'A company API', version: '1' }, paths });
}

export async function startSpecOnlyProxy(): Promise<SpecOnlyProxy> {
  let target: URL | undefined;
  let offered: ReturnType<typeof matcher>[] = [];
  const refused: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    const method = incoming.method ?? 'GET';
    if (method === 'GET' && path === DOCUMENT_PATH && offered.length > 0) {
      outgoing.writeHead(200, { 'content-type': 'application/json' }).end(documentOf([...specCalls, ...offered]));
      return;
    }
    const passes = isSpecCall(method, path) || offered.some((call) => call.method === method && call.pattern.test(path));
    if (!target || (!outsideTheApi(path) && !passes)) {
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
    offer(parts) {
      offered = parts.flatMap((part) => API_PART_OPERATIONS[part].map(matcher));
    },
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
