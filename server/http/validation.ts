import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Request validation by the contract, strict where JSON carries types and lenient
 * only where HTTP cannot: path and query values arrive as text, so they are coerced
 * (`/users/7` → 7); bodies are JSON and must already have the document's types.
 * Unknown body fields are refused, never silently dropped.
 */
export function installValidation(app: FastifyInstance): void {
  const strict = withFormats(new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false }));
  const coercing = withFormats(new Ajv({ allErrors: false, coerceTypes: true, removeAdditional: false, useDefaults: false, strict: false }));
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(schema) : digitsOnlyForIntegers(coercing.compile(schema), schema as IntegerSchema),
  );
  app.setSchemaErrorFormatter((errors, dataVar) => new Error(describeFirst(errors, dataVar)));
}

type IntegerSchema = { properties?: Record<string, { type?: unknown }> };
type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Coercion would read `1e3`, `0x10` or ` 7` as integers; an id in a path or query is
 * an integer only when written as plain decimal digits.
 */
function digitsOnlyForIntegers(validate: Validate, schema: IntegerSchema): Validate {
  const integerKeys = Object.entries(schema.properties ?? {})
    .filter(([, property]) => property?.type === 'integer')
    .map(([key]) => key);
  if (integerKeys.length === 0) return validate;
  const checked: Validate = (data) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const bad = integerKeys.find((key) => typeof values[key] === 'string' && !/^-?\d+$/.test(values[key] as string));
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

function withFormats(ajv: Ajv): Ajv {
  addFormats(ajv, ['email', 'date-time', 'date']);
  return ajv;
}

/** One plain sentence that names the field, e.g. "body.email must match format \"email\"". */
function describeFirst(errors: ErrorObject[] | FastifyError['validation'], dataVar: string): string {
  const error = errors?.[0] as ErrorObject | undefined;
  if (!error) return `${dataVar} is invalid`;
  const at = [dataVar, ...error.instancePath.split('/').filter(Boolean)].join('.');
  if (error.keyword === 'required') return `${at}.${(error.params as { missingProperty: string }).missingProperty} is required`;
  if (error.keyword === 'additionalProperties') {
    return `${at}.${(error.params as { additionalProperty: string }).additionalProperty} is not allowed`;
  }
  if (error.keyword === 'minLength' || error.keyword === 'maxLength') {
    const { limit } = error.params as { limit: number };
    return `${at} must be ${error.keyword === 'minLength' ? 'at least' : 'at most'} ${limit} characters long`;
  }
  return `${at} ${error.message ?? 'is invalid'}`;
}
