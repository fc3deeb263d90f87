import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './define-route.ts';

/**
 * PostgreSQL text cannot hold the NUL character, so a value carrying one would fail
 * in the database as a 500. It is refused up front as a 400 naming the field.
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  // A callback hook: every API request passes here, most with nothing to look at.
  const at = nulPath(request.body, 'body') ?? nulPath(request.query, 'querystring') ?? nulPath(request.params, 'params');
  done(at ? new HttpError(400, `${at} must not contain the NUL character`) : undefined);
}

function nulPath(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, `${at}.${index}`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\u0000') ? `${at}.${JSON.stringify(key)}` : nulPath(item, `${at}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}
