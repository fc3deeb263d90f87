import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { BLANK_CUSTOMER_FORM, type CustomerForm } from '../../../../src/domain/customers/form.ts';
import { customerProblems } from '../../../../src/domain/customers/validation.ts';
import { CUSTOMER_MESSAGES, isCustomerPhone } from '../../../../src/domain/rules/records.ts';

/** The message of the only problem of a form, or null when it has none. */
const customerProblem = (value: CustomerForm) => {
  const problems = customerProblems(value);
  expect(problems.length).toBeLessThanOrEqual(1);
  return problems[0]?.message ?? null;
};

const form = (patch: Partial<CustomerForm>): CustomerForm => ({ ...BLANK_CUSTOMER_FORM, name: 'Acme Corp', ...patch });

describe('customerProblems', () => {
  test('a name alone is enough: every other field is optional', () => {
    expect(customerProblem(form({}))).toBeNull();
  });

  test.each([
    ['an empty name', { name: '' }, CUSTOMER_MESSAGES.nameMissing],
    ['a name of spaces', { name: '   ' }, CUSTOMER_MESSAGES.nameMissing],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'Name must be at most 200 characters.'],
    ['a company over 200 characters', { company: 'c'.repeat(201) }, 'Company must be at most 200 characters.'],
    ['an e-mail without @', { email: 'buyer.example.com' }, CUSTOMER_MESSAGES.emailInvalid],
    ['an e-mail with a space', { email: 'the buyer@example.com' }, CUSTOMER_MESSAGES.emailInvalid],
    ['a phone with letters', { phone: '030 CALL ME' }, CUSTOMER_MESSAGES.phoneInvalid],
    ['a phone of two digits', { phone: '12' }, CUSTOMER_MESSAGES.phoneInvalid],
    ['notes over 2000 characters', { notes: 'x'.repeat(2001) }, 'Notes must be at most 2000 characters.'],
  ])('%s is refused with a message naming the field', (_case, patch, message) => {
    expect(customerProblem(form(patch))).toBe(message);
  });

  test('names 200 characters long, notes 2000 long, and a valid e-mail and phone pass', () => {
    expect(customerProblem(form({ name: 'n'.repeat(200), notes: 'x'.repeat(2000), email: 'Buyer@Example.com', phone: '+49 30 1234567' }))).toBeNull();
  });

  test('every field that is wrong is named at once, under its field', () => {
    expect(customerProblems(form({ name: '', email: 'bad', phone: 'bad' }))).toEqual([
      { field: 'name', message: CUSTOMER_MESSAGES.nameMissing },
      { field: 'email', message: CUSTOMER_MESSAGES.emailInvalid },
      { field: 'phone', message: CUSTOMER_MESSAGES.phoneInvalid },
    ]);
  });

  test('surrounding spaces are not held against the e-mail or phone, since they are trimmed before saving', () => {
    expect(customerProblem(form({ email: '  buyer@example.com ', phone: ' 030 1234567 ' }))).toBeNull();
  });
});

/**
 * A slow, obviously-correct reading of the customer phone rule: a leading 0, 00,
 * or an optional plus with a non-zero first digit, digits with single spaces
 * between them, 3 to 15 digits, 32 characters at most.
 */
function referencePhone(value: string): boolean {
  if (value.length > 32 || value === '' || value.startsWith(' ') || value.endsWith(' ') || value.includes('  ')) return false;
  const body = value.startsWith('+') ? value.slice(1) : value;
  if (value.startsWith('+') && !/^[1-9]/.test(body)) return false;
  if (![...body].every((char) => char === ' ' || (char >= '0' && char <= '9'))) return false;
  const digits = [...body].filter((char) => char !== ' ').length;
  return digits >= 3 && digits <= 15;
}

describe('isCustomerPhone', () => {
  const phoneLike = fc.stringMatching(/^\+?[0-9 ]{0,20}$/);
  test.prop([fc.oneof(phoneLike, fc.string({ maxLength: 40 }))], { numRuns: 2000 })(
    'accepts exactly the numbers of the written rule',
    (value) => {
      expect(isCustomerPhone(value)).toBe(referencePhone(value));
    },
  );

  test.each(['+49 30 1234567', '030 1234567', '0049301234567', '123'])('%s is a phone number', (value) => {
    expect(isCustomerPhone(value)).toBe(true);
  });
  test.each(['', '12', '+0301234567', '030  1234567', '030-1234567', '1234567890123456'])('%s is not', (value) => {
    expect(isCustomerPhone(value)).toBe(false);
  });
});
