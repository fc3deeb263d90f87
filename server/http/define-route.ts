import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { DataVersions } from '../caching/data-versions.ts';
import type { ServerConfig } from '../config.ts';
import { routePath, type Contract, type HttpMethod } from './contract.ts';
import type { CallerCheck } from './authenticate.ts';
import type { ReadyAnswerLane, ReadyAnswerRoute } from '../caching/ready-answer-lane.ts';

/** What every group of routes is handed: storage, the contract and the caller check. */
export interface RouteContext {
  db: Database;
  config: ServerConfig;
  contract: Contract;
  /** The data's versions, for answers and callers kept between requests. */
  versions: DataVersions;
  /** Who is calling: `requireCaller` sets `request.caller` from the bearer token or refuses. */
  callers: CallerCheck;
  /** Where routes whose answers are kept ready declare them (off when every request is to be logged). */
  lane: ReadyAnswerLane | undefined;
}

type Handler = (request: FastifyRequest<any>, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers one operation of the contract. The schema always comes from the
 * document, so no route can exist without being described there; every route
 * needs a caller unless it is declared public.
 */
export function defineRoute(
  app: FastifyInstance,
  context: RouteContext,
  method: HttpMethod,
  openApiPath: string,
  handler: Handler,
  options: {
    public?: boolean;
    config?: Record<string, unknown>;
    /** A body limit of its own, in bytes, for the one route that takes files. */
    bodyLimit?: number;
    /** False for answers that gain nothing from compression (already compressed files). */
    compress?: false;
    /** A GET answered from an answer cache: served by the ready-answer lane whenever it can be. */
    readyAnswer?: Omit<ReadyAnswerRoute, 'openApiPath'>;
  } = {},
): void {
  if (options.readyAnswer) {
    if (method !== 'get' || options.public) throw new Error(`${openApiPath}: only a GET that needs a caller may have ready answers`);
    context.lane?.add({ openApiPath, ...options.readyAnswer });
  }
  app.route({
    method: method.toUpperCase() as 'GET',
    url: routePath(openApiPath),
    schema: context.contract.routeSchema(method, openApiPath),
    ...(options.public ? {} : { preHandler: context.callers.requireCaller }),
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.compress === false ? { compress: false } : {}),
    handler,
  });
}

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
