import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './define-route.ts';

/** Deeper than any body the contract describes (a few levels) by far, shallow enough for any recursion. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP = `The request is nested too deeply: at most ${MAX_JSON_DEPTH} levels of brackets are accepted.`;

/**
 * JSON bodies are measured before they are parsed: one pass over the text, counting
 * brackets outside strings, with no recursion; a body nested deeper than
 * MAX_JSON_DEPTH is refused there, before the parser, the guards, validation or the
 * caller check spend anything on it.
 */
async function jsonDepthLimit(app: FastifyInstance): Promise<void> {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsDepth(body as string, MAX_JSON_DEPTH)) return done(new HttpError(400, TOO_DEEP), undefined);
    parse(request, body as string, done);
  });
}

export default fp(jsonDepthLimit, { name: 'json-depth-limit' });

/** Whether brackets and braces outside strings ever nest deeper than `limit`. */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === '[' || character === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else if (character === ']' || character === '}') {
      depth -= 1;
    }
  }
  return false;
}
