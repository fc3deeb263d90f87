import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Refusal } from './refusals.ts';
import { SchemaRefusal } from './define-route.ts';
import { isConnectionLoss } from '../db/connection-loss.ts';

/** What the app shows while the database is out of reach (restarting, a connection cut). */
export const DATABASE_UNREACHABLE = 'The database cannot be reached just now. Try again in a moment.';
const RETRY_AFTER_SECONDS = 2;

/**
 * Every error answer is JSON with a `message`; a refusal of bad input also names its
 * fields (`{ message, fields }`, the contract's Refusal). Client mistakes keep their
 * status and say what was wrong; a database out of reach is a 503 in words; anything unexpected is logged and answered as a plain
 * 500 without internals.
 */
async function errorHandling(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isConnectionLoss(error)) {
      // The database's fault, not the request's: the app says so and may send it again.
      request.log.warn({ err: error }, 'the database could not be reached');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: DATABASE_UNREACHABLE });
    }
    const status = error.validation ? 400 : statusOf(error);
    // A route may have set up a download (a CSV file's type and name) before it failed.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8');
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    const refusal = error instanceof SchemaRefusal ? error.wordedFor(request.body) : error;
    if (refusal instanceof Refusal && Object.keys(refusal.fields).length > 0) {
      return reply.code(status).send({ message: refusal.message, fields: refusal.fields });
    }
    if (refusal instanceof Refusal) return reply.code(status).send({ message: refusal.message });
    return reply.code(status).send({ message: messageOf(error, status, request) });
  });
}

export default fp(errorHandling, { name: 'error-handling' });

function statusOf(error: FastifyError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

function messageOf(error: FastifyError, status: number, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Content-Type must be application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The route's own limit: a few routes (imports, uploads) take more than the server's default.
      return `Request body is larger than ${megabytes(request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 0)}`;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
  }
  if (status === 400 && error instanceof SyntaxError) return 'Request body is not valid JSON';
  return error.message || 'Request failed';
}

function megabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}
