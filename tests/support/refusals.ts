import { expect } from 'vitest';
import type { FieldProblems } from '../../server/http/refusals.ts';

interface Answer {
  statusCode: number;
  json(): unknown;
}

/** Words meant for developers: a schema's location or wording. */
export const DEVELOPER_WORDS = /\b(?:body|querystring|params|headers)\.|must match (?:format|pattern)|must be equal to one of|must NOT have|#\/components/;

/**
 * A refusal in the contract's shape, `{ message, fields }`, naming exactly these fields
 * (each with its words, or a pattern of them), in people's words.
 */
export function expectRefusal(answer: Answer, fields: Record<string, string | RegExp>, status: 400 | 409 = 400): FieldProblems {
  expect(answer.statusCode, JSON.stringify(answer.json())).toBe(status);
  const body = answer.json() as { message: string; fields: FieldProblems };
  expect(body).toEqual({ message: expect.any(String), fields: expect.any(Object) });
  expect(Object.keys(body.fields).sort()).toEqual(Object.keys(fields).sort());
  for (const [field, words] of Object.entries(fields)) {
    if (typeof words === 'string') expect(body.fields[field]).toBe(words);
    else expect(body.fields[field]).toMatch(words);
  }
  expect(Object.values(body.fields)).toContain(body.message);
  expect(JSON.stringify(body)).not.toMatch(DEVELOPER_WORDS);
  return body.fields;
}
