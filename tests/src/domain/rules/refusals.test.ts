import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { GENERIC_REFUSAL, problemsStillShown, refusalOfAnswer, refusalOf } from '../../../../src/domain/rules/index.ts';

describe("a server's refusal, in people's words, under the fields", () => {
  it('the agreed shape lands under the fields, renamed to the form where they differ', () => {
    expect(refusalOfAnswer({ message: 'Email already exists', fields: { email: 'Email already exists', salesperson_id: 'Salesperson is required.' } }, { salesperson_id: 'salespersonId' })).toEqual({
      message: 'Email already exists',
      problems: [
        { field: 'email', message: 'Email already exists' },
        { field: 'salespersonId', message: 'Salesperson is required.' },
      ],
    });
  });

  it.each([
    ['body.phone: Invalid Phone number format', 'phone', 'Invalid Phone number format'],
    ['body.password must be at least 9 characters long', 'password', 'Must be at least 9 characters long'],
    ["body/name must NOT have fewer than 1 characters", 'name', 'This value was not accepted.'],
  ])('an old-style %j becomes a problem of %s', (message, field, words) => {
    const refusal = refusalOfAnswer({ message });
    expect(refusal.problems).toEqual([{ field, message: words }]);
    expect(refusal.message).not.toMatch(/body/);
  });

  it.each([
    "body must have required property 'name'",
    'querystring/email must match format "email"',
    'must match schema #/components/schemas/UserCreate',
    '',
  ])('developer text %j never reaches a person', (message) => {
    const refusal = refusalOfAnswer({ message, fields: { name: 'body.name must match pattern "\\S"' } });
    expect(refusal.message).toBe(GENERIC_REFUSAL);
    expect(refusal.problems).toEqual([{ field: 'name', message: 'This value was not accepted.' }]);
  });

  test.prop([fc.anything()])('whatever an answer holds, no text shown starts with body. or names a schema', (answer) => {
    const refusal = refusalOfAnswer(answer);
    for (const text of [refusal.message, ...refusal.problems.map((problem) => problem.message)]) {
      expect(text).not.toMatch(/^body|schema/i);
      expect(text.trim()).not.toBe('');
    }
  });

  it('refusalOf gives the server the same shape back', () => {
    expect(refusalOf([{ field: 'revenue', message: 'Revenue must not be negative.' }, { field: 'probability', message: 'Probability must be a whole number from 0 to 100.' }])).toEqual({
      message: 'Revenue must not be negative.',
      fields: { revenue: 'Revenue must not be negative.', probability: 'Probability must be a whole number from 0 to 100.' },
    });
  });
});

describe('after a change, only fields already showing a problem keep one', () => {
  it('a fixed field loses its message at once; a field not yet complained about stays quiet', () => {
    const shown = [{ field: 'revenue', message: 'Revenue must not be negative.' }];
    expect(problemsStillShown(shown, [{ field: 'customer', message: 'Customer is required.' }])).toEqual([]);
    expect(problemsStillShown(shown, [{ field: 'revenue', message: 'Revenue is required.' }])).toEqual([{ field: 'revenue', message: 'Revenue is required.' }]);
  });
});
