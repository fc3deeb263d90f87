import type { FastifyInstance } from 'fastify';
import type { Contract } from './contract.ts';

const DOCUMENTED_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface PathMethods {
  pattern: RegExp;
  /** The address itself, when it has no parameters. */
  fixedPath: string | undefined;
  methods: string[];
  /** What the Allow header lists: the document's methods, and HEAD wherever GET is (Fastify answers it). */
  allow: string;
}

/**
 * A method the document does not list for an address it does describe answers 405 with
 * the methods it does (RFC 9110), instead of the 404 of an address nobody serves. The
 * check runs before the body is read, so a method that carries a body (QUERY) is answered
 * the same way whatever it sends.
 */
export function installMethodNotAllowed(app: FastifyInstance, contract: Contract): void {
  const described = describedPaths(contract);
  // An address without parameters is the resource it names even where a route with a
  // parameter would take it too (PUT /api/opportunities/anlaysis is no opportunity's).
  const fixed = new Map(described.filter(({ fixedPath }) => fixedPath !== undefined).map((entry) => [entry.fixedPath!, entry]));
  // A callback hook: every request passes here, nearly all of them to go on at once.
  app.addHook('onRequest', (request, reply, done) => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    const match = fixed.get(path) ?? (request.is404 ? described.find(({ pattern }) => pattern.test(path)) : undefined);
    if (!match || match.methods.includes(request.method)) return done();
    reply.code(405).header('Allow', match.allow).send({ message: `${request.method} is not allowed here; use ${match.allow}.` });
  });
}

/** Each path of the document, under its own server's base path (the tenant service's), with its methods. */
function describedPaths(contract: Contract): PathMethods[] {
  const paths = contract.document.paths as Record<string, Record<string, unknown> & { servers?: Array<{ url: string }> }>;
  return Object.entries(paths).map(([path, item]) => {
    const base = (item.servers?.[0]?.url ?? '').replace(/\/$/, '');
    const methods = DOCUMENTED_METHODS.filter((method) => item[method]).map((method) => method.toUpperCase());
    if (methods.includes('GET')) methods.push('HEAD');
    const address = `${base}${path}`;
    const segments = address.split(/\{\w+\}/).map(escapeRegExp);
    return {
      pattern: new RegExp(`^${segments.join('[^/]+')}$`),
      fixedPath: segments.length === 1 ? address : undefined,
      methods,
      allow: methods.join(', '),
    };
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
