/**
 * The ready-answer lane: a GET whose answer the answer cache holds ready, from a caller
 * already known, is answered in the HTTP server's request event, before Fastify makes
 * its request and reply objects and runs its hooks. Under load that machinery cost a
 * third of the server's time per answer of the user list (issue 8).
 *
 * The lane never refuses and never decides anything of its own. It asks the same
 * caller check (`CallerCheck.knownCaller`), the same route function (`slot`, with the
 * route's own refusals) and the same cache (`AnswerCache.ready`) as the route's Fastify
 * handler, and sends the same headers. Whatever is not plainly answerable right now (an
 * unknown or expired token, a refusal, a stale or unencoded answer, a conditional
 * request, a body, a query) goes on to Fastify, which answers it the long way.
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { AnswerCache, AnswerSlot } from './answer-cache.ts';
import type { Caller, CallerCheck } from '../http/authenticate.ts';

export interface ReadyAnswerRoute {
  /** The contract's path, e.g. `/api/users/getAllData/{tenant_id}`; its parameters are positive integers. */
  openApiPath: string;
  cache: AnswerCache;
  /**
   * The answer this caller asks for, or a thrown refusal: the very function the
   * route's handler calls, so both ways refuse alike (the lane by handing on).
   */
  slot(caller: Caller, params: Record<string, number>): AnswerSlot;
}

export interface ReadyAnswerLane {
  add(route: ReadyAnswerRoute): void;
  /** Answers the request and returns true, or returns false and leaves it untouched. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** From now on everything goes to Fastify, which answers 503 while it closes. */
  close(): void;
}

interface CompiledRoute extends ReadyAnswerRoute {
  pattern: RegExp;
  parameterNames: string[];
}

/**
 * @param headers what every API answer carries besides its own (the security headers),
 *   which Fastify's onSend hook adds on the long way.
 */
export function createReadyAnswerLane(callers: CallerCheck, headers: OutgoingHttpHeaders): ReadyAnswerLane {
  const routes: CompiledRoute[] = [];
  let open = true;
  // An answer's headers are one object per entry and encoding: merged once each.
  const mergedHeaders = new WeakMap<OutgoingHttpHeaders, OutgoingHttpHeaders>();
  const withSecurityHeaders = (answerHeaders: OutgoingHttpHeaders) => {
    let merged = mergedHeaders.get(answerHeaders);
    if (!merged) {
      merged = { ...answerHeaders, ...headers };
      mergedHeaders.set(answerHeaders, merged);
    }
    return merged;
  };

  const answerable = (request: IncomingMessage) =>
    open &&
    request.method === 'GET' &&
    request.headers['if-none-match'] === undefined &&
    request.headers['transfer-encoding'] === undefined &&
    (request.headers['content-length'] === undefined || request.headers['content-length'] === '0');

  return {
    add(route) {
      const parameterNames: string[] = [];
      const source = route.openApiPath
        .split(/\{(\w+)\}/)
        .map((part, index) => {
          if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          parameterNames.push(part);
          // No leading zero, nine digits at most: exactly the numbers Fastify reads the same way.
          return '([1-9][0-9]{0,8})';
        })
        .join('');
      routes.push({ ...route, pattern: new RegExp(`^${source}$`), parameterNames });
    },

    serve(request, response) {
      if (!answerable(request)) return false;
      for (const route of routes) {
        const match = route.pattern.exec(request.url ?? '');
        if (!match) continue;
        const caller = callers.knownCaller(request.headers.authorization);
        if (!caller) return false;
        const params: Record<string, number> = {};
        for (let index = 0; index < route.parameterNames.length; index += 1) params[route.parameterNames[index]!] = Number(match[index + 1]);
        let slot: AnswerSlot;
        try {
          slot = route.slot(caller, params);
        } catch {
          return false; // refused: Fastify refuses it again, with the error's shape and log
        }
        const ready = route.cache.ready(slot, request.headers['accept-encoding']);
        if (!ready) return false;
        response.writeHead(200, withSecurityHeaders(ready.headers));
        response.end(ready.body);
        return true;
      }
      return false;
    },

    close() {
      open = false;
    },
  };
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), whose
 * requests try the lane first. The lane is asked for late, as it needs the caller
 * check, which needs the identity provider mounted on the app this server serves.
 */
export function serverWithLane(lane: () => ReadyAnswerLane | undefined) {
  return (fastify: RequestListener, options: FastifyServerOptions): Server => {
    const server = createServer((request, response) => {
      if (!lane()?.serve(request, response)) fastify(request, response);
    });
    // Fastify's own defaults, as it sets them on a server it makes itself.
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
