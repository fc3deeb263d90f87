import type { FastifyReply, FastifyRequest } from 'fastify';
import { wordsOfField } from './field-words.ts';
import { refusal } from './refusals.ts';

/**
 * PostgreSQL text cannot hold the NUL character, so a value carrying one would fail
 * in the database as a 500. It is refused up front as a 400 under the field that holds it.
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  // A callback hook: every API request passes here, most with nothing to look at.
  const at = nulPath(request.body, 'body') ?? nulPath(request.query, 'querystring') ?? nulPath(request.params, 'params');
  if (at === undefined) return done();
  // The top-level property (body property, query or path parameter) is the field a person typed in.
  const field = (at.split('.')[1] ?? '').replace(/^"|"$/g, '').replace(/\u0000/g, '');
  const label = field === '' ? 'The request' : wordsOfField({}, field).label;
  done(refusal(field, `${label} must not contain the NUL character.`));
}

/**
 * Where a NUL character is, as a dotted path, or undefined. A walk with a list of its
 * own rather than recursion: however deep a value is, it cannot overflow the stack.
 */
export function nulPath(value: unknown, at: string): string | undefined {
  // Paths are written only for a value that holds one: a body of 50,000 rows would otherwise make 400,000 of them.
  if (!holdsNul(value)) return undefined;
  const pending: Array<[unknown, string]> = [[value, at]];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) pending.push([item[index], `${path}.${index}`]);
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (const [key] of entries) if (key.includes('\u0000')) return `${path}.${JSON.stringify(key)}`;
      for (let index = entries.length - 1; index >= 0; index -= 1) pending.push([entries[index]![1], `${path}.${entries[index]![0]}`]);
    }
  }
  return undefined;
}

/** Whether a string, a key or a value anywhere inside holds a NUL character: the same walk, without paths. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (key.includes('\u0000')) return true;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}
