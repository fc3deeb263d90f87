import type { ErrorObject } from 'ajv';
import type { Problem } from '../../src/domain/rules/index.ts';
import { problemsOfRefusedBody, type BodyRule } from './body-rules.ts';
import { wordsOfField, type FormWords } from './field-words.ts';

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The one answer for anything outside the caller's tenant: it reveals nothing. */
export function notFound(): HttpError {
  return new HttpError(404, 'Not found');
}

export function forbidden(reason: string): HttpError {
  return new HttpError(403, reason);
}

/** Problems by body property name (or path or query parameter name), in people's words. */
export type FieldProblems = Record<string, string>;

/**
 * A refusal of bad input in the contract's Refusal shape: `{ message, fields }`, 400 for
 * input that breaks a rule, 409 for a duplicate or a stale record. The message is the
 * first field's problem, as the domain's refusalOf words it, for a place that shows
 * only one text (a toast).
 */
export class Refusal extends HttpError {
  constructor(
    readonly fields: FieldProblems,
    statusCode: 400 | 409 = 400,
    message = Object.values(fields)[0] ?? 'The request was refused.',
  ) {
    super(statusCode, message);
  }
}

/** The refusal of a domain rule's problems: each field's first. */
export function refusalOfProblems(problems: readonly Problem[]): Refusal {
  const fields: FieldProblems = {};
  for (const problem of problems) fields[problem.field] ??= problem.message;
  return new Refusal(fields);
}

/** A refusal of one field. */
export function refusal(field: string, message: string, statusCode: 400 | 409 = 400): Refusal {
  return new Refusal({ [field]: message }, statusCode);
}

const NOT_AN_OBJECT = 'The request must be a JSON object of the form’s fields.';

/**
 * Ajv's problems with a request, in people's words, one per field. A body's fields
 * are worded by the domain rule the form uses (run on what was sent), so the server
 * says what the form says; whatever the rule does not judge (a field of the wrong
 * type, one the body may not carry) gets the house pattern of those rules ('Name is
 * required.', 'Name must be at most 200 characters.'). The rule's problems with the
 * fields the schema let pass come too: every problem at once.
 */
export function refusalOfSchemaErrors(
  errors: readonly ErrorObject[],
  { words = {}, body, rule }: { words?: FormWords; body?: unknown; rule?: BodyRule } = {},
): Refusal {
  const located = errors.map(fieldOf);
  if (located.some((place) => place === undefined)) return new Refusal({}, 400, NOT_AN_OBJECT);
  const refusedFields = located.map((place) => place!.field);
  const ruled = rule ? problemsOfRefusedBody(rule, body, refusedFields) : undefined;
  const ruleSays = (field: string) => ruled?.find((problem) => problem.field === field)?.message;
  const fields: FieldProblems = {};
  errors.forEach((error, index) => {
    const { field, nested } = located[index]!;
    const unknown = error.keyword === 'additionalProperties' && error.instancePath === '';
    fields[field] ??= (unknown ? undefined : ruleSays(field)) ?? wordsOfProblem(error, field, nested, words);
  });
  for (const problem of ruled ?? []) {
    if (body !== null && typeof body === 'object' && problem.field in body) fields[problem.field] ??= problem.message;
  }
  return new Refusal(fields);
}

function fieldOf(error: ErrorObject): { field: string; nested: boolean } | undefined {
  // JSON Pointer's escapes: ~1 is a slash, ~0 a tilde.
  const [first, ...rest] = error.instancePath.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (first !== undefined) return { field: first, nested: rest.length > 0 };
  if (error.keyword === 'required') return { field: (error.params as { missingProperty: string }).missingProperty, nested: false };
  if (error.keyword === 'additionalProperties') return { field: (error.params as { additionalProperty: string }).additionalProperty, nested: false };
  return undefined;
}

function wordsOfProblem(error: ErrorObject, field: string, nested: boolean, form: FormWords): string {
  const words = wordsOfField(form, field);
  if (error.keyword === 'additionalProperties' && error.instancePath === '') return words.unknown;
  if (nested) return words.invalid;
  const { limit } = error.params as { limit?: number };
  switch (error.keyword) {
    case 'required':
      return words.required;
    case 'minLength':
      return limit === 1 ? words.required : (words.tooShort ?? `${words.label} must be at least ${limit} characters.`);
    case 'maxLength':
      return words.tooLong ?? `${words.label} must be at most ${limit} characters.`;
    case 'maxItems':
      return words.tooMany ?? `${words.label} may hold at most ${limit} entries.`;
    case 'uniqueItems':
      return `${words.label} must not name the same one twice.`;
    default:
      // type, format, pattern, enum, const, minimum, maximum, anyOf: the field's one rule of shape.
      return words.invalid;
  }
}

const UNIQUE_VIOLATION = '23505';

/** PGlite and node-postgres both report the SQLSTATE as `code`. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * Runs a write and turns a unique-index refusal into a 409 of that field: the index,
 * not a prior look-up, is what keeps two concurrent writers from both succeeding.
 */
export async function refusingDuplicates<T>(write: () => Promise<T>, duplicate: Refusal): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate;
    throw error;
  }
}
