import { fc } from '@fast-check/vitest';

/** The JSON Schema subset the contract uses, refs already resolved. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
}

/**
 * Values the data holds, so valid requests reach the handlers and not only 404s:
 * e-mails of seeded people and small ids.
 */
export interface Hints {
  emails: string[];
  /** Arbitraries for properties by name, mixed in with the schema's own. */
  properties: Record<string, fc.Arbitrary<unknown>>;
}

let hints: Hints = { emails: [], properties: {} };
export function useHints(next: Hints): void {
  hints = next;
}

/** Values that satisfy the schema: what a well-behaved client sends. */
export function validValue(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'object'];
  return fc.oneof(...types.map((type) => validOfType(type, schema)));
}

function validInteger(schema: Schema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -(2 ** 31);
  const max = schema.maximum ?? 2 ** 31 - 1;
  const any = fc.integer({ min, max });
  if (min > 50 || max < 1) return any;
  return fc.oneof(fc.integer({ min: Math.max(min, 1), max: Math.min(max, 50) }), any);
}

function validOfType(type: string, schema: Schema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return validInteger(schema);
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'string':
      return validString(schema);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), { maxLength: 5 });
    default:
      return validObject(schema);
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 64;
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.pattern?.includes('@')) {
    // The contract's e-mail shape: random addresses, and those of seeded people.
    const random = fc.emailAddress().filter(fits);
    return hints.emails.length ? fc.oneof(random, fc.constantFrom(...hints.emails)) : random;
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter(fits);
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40), unit: 'grapheme' });
}

function validObject(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, property]) => {
        const hinted = hints.properties[key];
        return [key, hinted ? fc.oneof(hinted, validValue(property)) : validValue(property)];
      }),
    ),
    { requiredKeys: [...required].filter((key) => key in properties) as never[] },
  );
}

/**
 * What a careless or hostile client sends: the valid value, or it with a field
 * dropped, an unknown field added, a field replaced by any JSON, or any JSON at all.
 */
export function mutatedBody(schema: Schema): fc.Arbitrary<unknown> {
  const valid = validValue(schema);
  const keys = Object.keys(schema.properties ?? {});
  const asObject = valid.map((value) => value as Record<string, unknown>);
  // Valid bodies weigh most, so that requests get past validation into the handlers.
  const variants: Array<fc.WeightedArbitrary<unknown>> = [
    { arbitrary: valid, weight: 4 },
    { arbitrary: fc.jsonValue(), weight: 1 },
  ];
  if (keys.length) {
    const dropped = fc.tuple(asObject, fc.constantFrom(...keys)).map(([value, key]) => {
      const { [key]: _dropped, ...rest } = value;
      return rest;
    });
    const extended = fc
      .tuple(asObject, fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !keys.includes(key)), fc.jsonValue())
      .map(([value, key, extra]) => ({ ...value, [key]: extra }));
    const replaced = fc
      .tuple(asObject, fc.constantFrom(...keys), fc.jsonValue())
      .map(([value, key, replacement]) => ({ ...value, [key]: replacement }));
    const hostile = fc
      .tuple(asObject, fc.constantFrom(...keys), fc.constantFrom(...hostileStrings))
      .map(([value, key, replacement]) => ({ ...value, [key]: replacement }));
    variants.push(...[dropped, extended, replaced, hostile].map((arbitrary) => ({ arbitrary, weight: 1 })));
  }
  return fc.oneof(...variants);
}

/** Text that has broken servers: NUL, lone surrogates, SQL, sheer length. */
const hostileStrings = ['\u0000', 'a\u0000b@demo.test', '\ud800', '\udfff\ud800', "'; drop table users; --", 'x'.repeat(10_000), '%00', '\u202e'];

/** Bytes in a URL that decode to nothing sensible: invalid UTF-8, NUL, stray percent signs. */
export const hostileUrlText = ['%ED%A0%80', '%FF%FE', '%00', '1%00', '%', '%2', '%25', '..%2F..%2F'];

/** Path segments: real-looking ids, any integer, and text that is no id at all (already URL-encoded). */
export function pathSegment(schema: Schema): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 50 }).map(String).map(encodeURIComponent), weight: 4 },
    validValue(schema).map(String).map(encodeURIComponent),
    fc.integer().map(String).map(encodeURIComponent),
    fc.constantFrom('0', '-1', '1.5', '1e3', '0x1f', '00001', '9999999999999', ' 1', 'null', 'undefined').map(encodeURIComponent),
    fc.string({ maxLength: 12 }).filter((text) => text.length > 0).map(encodeURIComponent),
    fc.constantFrom(...hostileUrlText),
  );
}
