import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { loadContract } from '../../server/http/contract.ts';
import { contractAjv } from '../../server/http/validation.ts';
import {
  amountValueProblem,
  EMAIL_PATTERN_SOURCE,
  isCustomerPhone,
  isEmailShape,
  isSalespersonPhone,
  isUserPhone,
  MAX_AMOUNT,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PROBABILITY,
  MIN_PASSWORD_LENGTH,
  MIN_PROBABILITY,
  passwordProblem,
  probabilityValueProblem,
  RECORD_LIMITS,
} from '../../src/domain/rules/index.ts';

/**
 * Issue 14, "the constraints stated once": the OpenAPI document states the same
 * constraints as the domain rules the forms and the server use. Each pair is asked
 * about the same generated values, both ways: a value one accepts and the other
 * refuses fails here, whichever side changed alone.
 */
const contract = loadContract();
const ajv = contractAjv();
const schema = (name: string, property?: string) => {
  const component = contract.component(name) as { properties: Record<string, object> };
  return property ? component.properties[property]! : component;
};
const verdictOf = (compiled: ReturnType<typeof ajv.compile>) => (value: unknown) => compiled(value) === true;

const RUNS = { numRuns: 400 };
const digitsAndSpaces = fc.stringMatching(/^\+?[0-9 ]{0,20}$/);
const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40, unit: 'grapheme' }), fc.string({ maxLength: 20, unit: 'binary' }));
const emails = fc.oneof(
  fc.emailAddress(),
  fc.tuple(fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }), fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }), fc.string({ minLength: 1, maxLength: 6, unit: 'grapheme' })).map(([local, domain, top]) => `${local}@${domain}.${top}`),
  // Around the length limit, in plain ASCII where every way of counting agrees.
  fc.integer({ min: 240, max: 260 }).map((length) => `${'a'.repeat(length - 10)}@exam.ple`.slice(0, length)),
  anyText,
);

describe.each([
  { name: 'Email', rule: isEmailShape, values: emails },
  { name: 'UserPhone', rule: isUserPhone, values: fc.oneof(digitsAndSpaces, fc.stringMatching(/^\+?[1-9]\d{2,14}$/), anyText) },
  { name: 'SalespersonPhone', rule: (value: string) => value !== '' && isSalespersonPhone(value), values: fc.oneof(digitsAndSpaces, anyText) },
  { name: 'NewPassword', rule: (value: string) => passwordProblem(value) === null, values: fc.oneof(fc.string({ maxLength: 140, unit: 'grapheme' }), fc.string({ minLength: 7, maxLength: 11 }), anyText) },
])('$name in the document and in the domain rules', ({ name, rule, values }) => {
  const document = verdictOf(ajv.compile(schema(name)));
  test.prop([values], RUNS)('accept and refuse the same values', (value) => {
    expect(document(value)).toBe(rule(value));
  });
});

describe('the customer fields, empty or of their shape, trimmed', () => {
  const email = verdictOf(ajv.compile(schema('CustomerWrite', 'email')));
  const phone = verdictOf(ajv.compile(schema('CustomerWrite', 'phone')));
  test.prop([emails], RUNS)('e-mail', (value) => {
    const trimmed = value.trim();
    expect(email(value)).toBe(value.length <= MAX_EMAIL_LENGTH && (trimmed === '' || isEmailShape(trimmed)));
  });
  test.prop([fc.oneof(digitsAndSpaces, anyText)], RUNS)('phone', (value) => {
    const trimmed = value.trim();
    expect(phone(value)).toBe(value.length <= 32 && (trimmed === '' || isCustomerPhone(trimmed)));
  });
});

describe('amounts and probabilities', () => {
  const revenue = verdictOf(ajv.compile(schema('OpportunityWrite', 'revenue')));
  const probability = verdictOf(ajv.compile(schema('OpportunityWrite', 'probability')));
  const cents = fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.constantFrom(-1, 0, 99_999_999_999_999, 100_000_000_000_000)).map((value) => value / 100);
  test.prop([cents], RUNS)('revenue of whole cents', (value) => {
    expect(revenue(value)).toBe(amountValueProblem(value, 'Revenue') === null);
  });
  test.prop([fc.oneof(fc.integer({ min: -5, max: 105 }), fc.double({ min: -5, max: 105, noNaN: true }))], RUNS)('probability', (value) => {
    expect(probability(value)).toBe(probabilityValueProblem(value) === null);
  });
});

test('the limits the document states are the domain rules’ limits', () => {
  const limits = {
    'Email maxLength': [(schema('Email') as any).maxLength, MAX_EMAIL_LENGTH],
    'Email pattern': [(schema('Email') as any).pattern, EMAIL_PATTERN_SOURCE],
    'NewPassword minLength': [(schema('NewPassword') as any).minLength, MIN_PASSWORD_LENGTH],
    'NewPassword maxLength': [(schema('NewPassword') as any).maxLength, MAX_PASSWORD_LENGTH],
    'revenue maximum': [(schema('OpportunityWrite', 'revenue') as any).maximum, MAX_AMOUNT],
    'probability range': [[(schema('OpportunityWrite', 'probability') as any).minimum, (schema('OpportunityWrite', 'probability') as any).maximum], [MIN_PROBABILITY, MAX_PROBABILITY]],
    'opportunity customer': [(schema('OpportunityWrite', 'customer') as any).maxLength, RECORD_LIMITS.customer],
    'customer name': [(schema('CustomerWrite', 'name') as any).maxLength, RECORD_LIMITS.customerName],
    'customer company': [(schema('CustomerWrite', 'company') as any).maxLength, RECORD_LIMITS.company],
    'customer notes': [(schema('CustomerWrite', 'notes') as any).maxLength, RECORD_LIMITS.notes],
    'team name': [(schema('TeamWrite', 'name') as any).maxLength, RECORD_LIMITS.teamName],
    'team members': [(schema('TeamWrite', 'memberIds') as any).maxItems, RECORD_LIMITS.teamMembers],
    'activity subject': [(schema('ActivityWrite', 'subject') as any).maxLength, RECORD_LIMITS.subject],
    'activity duration': [(schema('ActivityWrite', 'duration_minutes') as any).maximum, RECORD_LIMITS.durationMinutes],
    'activity notes': [(schema('ActivityWrite', 'notes') as any).maxLength, RECORD_LIMITS.notes],
    'event title': [(schema('CalendarEventWrite', 'title') as any).maxLength, RECORD_LIMITS.title],
    'event location': [(schema('CalendarEventWrite', 'location') as any).maxLength, RECORD_LIMITS.location],
    'event notes': [(schema('CalendarEventWrite', 'notes') as any).maxLength, RECORD_LIMITS.notes],
  };
  for (const [what, [stated, ruled]] of Object.entries(limits)) expect(stated, what).toEqual(ruled);
});

test('an e-mail in letters of any script is accepted by both, one with a control character by neither', () => {
  const email = verdictOf(ajv.compile(schema('Email')));
  for (const address of ['jürgen@müller.de', 'δοκιμή@παράδειγμα.δοκιμή', '用户@例子.广告']) expect([email(address), isEmailShape(address)]).toEqual([true, true]);
  for (const address of ['a\u0007b@example.com', 'two words@example.com', 'no-at.example.com']) expect([email(address), isEmailShape(address)]).toEqual([false, false]);
});
