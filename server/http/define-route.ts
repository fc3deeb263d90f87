import type { ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { ServerConfig } from '../config.ts';
import { routePath, type Contract, type HttpMethod } from './contract.ts';
import type { CallerCheck } from './authenticate.ts';
import type { VersionedAnswers } from '../caching/versioned-answers.ts';
import { bodyWords, parameterWords, type FormWords } from './field-words.ts';
import { bodyRules, problemsOfBody, type BodyRule } from './body-rules.ts';
import { notFound, refusalOfProblems, refusalOfSchemaErrors } from './refusals.ts';

/** What every group of routes is handed: storage, the contract and the caller check. */
export interface RouteContext {
  db: Database;
  config: ServerConfig;
  contract: Contract;
  /** Who is calling: `requireCaller` sets `request.caller` from the bearer token or refuses. */
  callers: CallerCheck;
  /** The year's answers, sent under their tenant's data versions (server/caching/README.md). */
  answers: VersionedAnswers;
}

type Handler = (request: FastifyRequest<any>, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers one operation of the contract. The schema always comes from the
 * document, so no route can exist without being described there; every route
 * needs a caller unless it is declared public, and a path naming a tenant
 * (`{tenant_id}`) answers only for the caller's own: any other is not found.
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
    /** The domain rule of the body, when not the one of its schema (server/http/body-rules.ts). */
    bodyRule?: BodyRule;
  } = {},
): void {
  const { public: isPublic, bodyRule, ...routeOptions } = options;
  const bodySchema = context.contract.bodySchemaName(method, openApiPath) ?? '';
  const rule = bodyRule ?? bodyRules[bodySchema];
  const words = bodyWords[bodySchema];
  const namesTenant = openApiPath.includes('{tenant_id}');
  app.route({
    method: method.toUpperCase() as 'GET',
    url: routePath(openApiPath),
    schema: context.contract.routeSchema(method, openApiPath),
    // The refusal names the fields in the words of the form that sends this body; the
    // body itself is read in the error handler (errors.ts), where the request is known.
    schemaErrorFormatter: (errors, dataVar) =>
      dataVar === 'body' ? new SchemaRefusal(errors as ErrorObject[], words, rule) : refusalOfSchemaErrors(errors as ErrorObject[], { words: parameterWords }),
    ...(isPublic ? {} : { preHandler: context.callers.requireCaller }),
    ...routeOptions,
    // The body's domain rule and the tenant, after the schema and the caller check, before anything is read or written.
    handler: (request: FastifyRequest<{ Params: { tenant_id?: number } }>, reply) => {
      const problems = rule ? problemsOfBody(rule, request.body) : [];
      if (problems.length) throw refusalOfProblems(problems);
      if (namesTenant && request.params.tenant_id !== request.caller.tenantId) throw notFound();
      return handler(request, reply);
    },
  });
}

/** A body the schema refused, waiting to be worded with the body at hand (server/http/errors.ts). */
export class SchemaRefusal extends Error {
  readonly statusCode = 400;
  constructor(
    readonly errors: ErrorObject[],
    readonly words: FormWords | undefined,
    readonly rule: BodyRule | undefined,
  ) {
    super('The request body breaks the contract.');
  }

  wordedFor(body: unknown) {
    return refusalOfSchemaErrors(this.errors, { words: this.words, body, rule: this.rule });
  }
}

export { HttpError } from './refusals.ts';
