import type { FastifyReply, FastifyRequest } from 'fastify';
import { wordsOfField } from './field-words.ts';
import { refusal } from './refusals.ts';

/**
 * PostgreSQL text cannot hold the NUL character, so a value carrying one would fail
 * in the database as a 500. It is refused up front as a 400 naming the field.
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  // A callback hook: every API request passes here, most with nothing to look at.
  const field = fieldWithNul(request.body) ?? fieldWithNul(request.query) ?? fieldWithNul(request.params);
  if (field === undefined) return done();
  const label = field === '' ? 'The request' : wordsOfField({}, field).label;
  done(refusal(field, `${label} must not contain the NUL character.`));
}

/** The top-level field (body property, query or path parameter) holding a NUL anywhere inside. */
function fieldWithNul(values: unknown): string | undefined {
  if (values === null || typeof values !== 'object') return typeof values === 'string' && values.includes('\u0000') ? '' : undefined;
  for (const [key, value] of Object.entries(values)) {
    if (key.includes('\u0000') || holdsNul(value)) return key.replace(/\u0000/g, '');
  }
  return undefined;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  return false;
}
