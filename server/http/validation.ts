import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The one way this server compiles the document's schemas, strict: an unknown keyword,
 * a misspelt one or a YAML slip that turns text into a keyword fails at start (and in
 * tests/build/contract.test.ts), instead of silently allowing everything.
 */
export function contractAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, ...options });
  addFormats(ajv, ['date-time', 'date']);
  // OpenAPI's name for raw bytes (the attachment download); JSON never carries it.
  ajv.addFormat('binary', true);
  return ajv;
}

/**
 * Request validation by the contract, strict where JSON carries types and lenient
 * only where HTTP cannot: path and query values arrive as text, so they are coerced
 * (`/users/7` → 7); bodies are JSON and must already have the document's types.
 * Unknown body fields are refused, never silently dropped. Every problem is collected
 * (allErrors), so a form hears all of them at once; the route's schemaErrorFormatter
 * words them (server/routes/refusals.ts).
 */
async function validation(app: FastifyInstance): Promise<void> {
  const bodies = contractAjv({ coerceTypes: false, removeAdditional: false, useDefaults: false });
  const texts = contractAjv({ coerceTypes: true, removeAdditional: false, useDefaults: false });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? bodies.compile(schema) : digitsOnlyForIntegers(texts.compile(schema), schema as IntegerSchema),
  );
}

/** Decimal digits, and a fraction only of zeros. */
const PLAIN_INTEGER = /^-?\d+(?:\.0+)?$/;

type IntegerSchema = { properties?: Record<string, { type?: unknown }> };
type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Coercion would read `1e3`, `0x10` or ` 7` as integers; an id in a path or query is
 * an integer only when written as plain decimal digits, with at most a fraction of
 * zeros (`7.0`), which JSON Schema counts as the integer 7.
 */
function digitsOnlyForIntegers(validate: Validate, schema: IntegerSchema): Validate {
  const integerKeys = Object.entries(schema.properties ?? {})
    .filter(([, property]) => property?.type === 'integer')
    .map(([key]) => key);
  if (integerKeys.length === 0) return validate;
  const checked: Validate = (data) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const bad = integerKeys.find((key) => typeof values[key] === 'string' && !PLAIN_INTEGER.test(values[key] as string));
    if (bad !== undefined) {
      checked.errors = [{ instancePath: `/${bad}`, keyword: 'type', message: 'must be integer', params: { type: 'integer' }, schemaPath: '' }];
      return false;
    }
    const valid = validate(data);
    checked.errors = validate.errors;
    return valid;
  };
  return checked;
}

export default fp(validation, { name: 'validation' });
