import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { amountTextProblem, amountValueProblem, formatAmountInput, MAX_AMOUNT, parseAmount } from '../../../src/domain/rules/index.ts';

const LOCALES = ['en', 'en-US', 'de', 'de-CH', 'fr', 'en-IN', 'es', 'nl', 'pt-BR', 'sv'];
/** Amounts in cents, so every one has at most two decimals. */
const cents = fc.integer({ min: 0, max: Math.round(MAX_AMOUNT * 100) });

describe("amounts are read in the reader's locale, with or without thousands separators", () => {
  it.each([
    ['en', '1,234.50', 1234.5],
    ['en', '1234.5', 1234.5],
    ['de', '1.234,50', 1234.5],
    ['de', '1234,50', 1234.5],
    ['de', '1.234', 1234],
    ['de', '1234.50', 1234.5],
    ['fr', '1 234,50', 1234.5],
    ['fr', '1\u202f234,50', 1234.5],
    ['de-CH', "1'234.50", 1234.5],
    ['en-IN', '12,34,567.5', 1234567.5],
    ['en', '0', 0],
  ])('%s reads %s as %d', (locale, text, value) => {
    expect(parseAmount(text, locale)).toBe(value);
    expect(amountTextProblem('Revenue', text, locale)).toBeNull();
  });

  it.each([
    ['en', '1,23.50'],
    ['en', '12,34'],
    ['en', '1.234,50'],
    ['de', '1,234.50'],
    ['en', '1e3'],
    ['en', '0x10'],
    ['en', '1.234'],
    ['en', ',123'],
    ['en', '1,,234'],
  ])('%s refuses %s', (locale, text) => {
    expect(parseAmount(text, locale)).toBeNull();
    expect(amountTextProblem('Revenue', text, locale)).toMatch(/^Revenue must be an amount such as /);
  });

  it('names the locale in its example', () => {
    expect(amountTextProblem('Revenue', 'abc', 'en')).toBe('Revenue must be an amount such as 1,234.50.');
    expect(amountTextProblem('Revenue', 'abc', 'de')).toBe('Revenue must be an amount such as 1.234,50.');
  });

  it('a negative amount, too many decimals and too large an amount each say so', () => {
    expect(amountTextProblem('Revenue', '-5000', 'en')).toBe('Revenue must not be negative.');
    expect(amountTextProblem('Revenue', '-5.000', 'de')).toBe('Revenue must not be negative.');
    expect(amountTextProblem('Revenue', '', 'en')).toBe('Revenue is required.');
    expect(amountTextProblem('Revenue', '1.234', 'en')).toMatch(/^Revenue must be an amount/);
    expect(amountValueProblem(-5000, 'Revenue')).toBe('Revenue must not be negative.');
    expect(amountValueProblem(1.005, 'Revenue')).toBe('Revenue can have at most 2 decimals.');
    expect(amountValueProblem(MAX_AMOUNT + 1, 'Revenue')).toBe('Revenue must be at most 999,999,999,999.99.');
  });

  test.prop([cents, fc.constantFrom(...LOCALES), fc.boolean()])(
    'whatever the locale prints, grouped or not, reads back as the same amount',
    (amountCents, locale, grouped) => {
      const value = amountCents / 100;
      const printed = new Intl.NumberFormat(locale, { useGrouping: grouped, maximumFractionDigits: 2 }).format(value);
      expect(parseAmount(printed, locale)).toBe(value);
      expect(parseAmount(formatAmountInput(value, locale), locale)).toBe(value);
      expect(amountTextProblem('Revenue', printed, locale)).toBeNull();
    },
  );

  test.prop([cents, fc.constantFrom(...LOCALES)])('the rule on typed text and the rule on the stored number agree', (amountCents, locale) => {
    const value = amountCents / 100;
    expect(amountValueProblem(value, 'Revenue')).toBeNull();
    expect(amountValueProblem(-value - 0.01, 'Revenue')).toBe('Revenue must not be negative.');
  });
});
