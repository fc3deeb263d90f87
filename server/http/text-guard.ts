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

/** A value met on the walk, and the key that leads to it from its parent's. */
interface Step {
  value: unknown;
  key: string;
  parent?: Step;
}

/**
 * Where a NUL character is, as a dotted path, or undefined. A walk with a list of its
 * own rather than recursion: however deep a value is, it cannot overflow the stack. Each
 * step knows only its key and parent, so the one path written is the one that is found.
 */
export function nulPath(value: unknown, at: string): string | undefined {
  const pending: Step[] = [{ value, key: at }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    if (typeof step.value === 'string') {
      if (step.value.includes('\u0000')) return pathOf(step);
    } else if (step.value !== null && typeof step.value === 'object') {
      const entries = Object.entries(step.value);
      const key = entries.find(([name]) => name.includes('\u0000'))?.[0];
      if (key !== undefined) return `${pathOf(step)}.${JSON.stringify(key)}`;
      for (let index = entries.length - 1; index >= 0; index -= 1) pending.push({ value: entries[index]![1], key: entries[index]![0], parent: step });
    }
  }
  return undefined;
}

function pathOf(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | undefined = step; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}
