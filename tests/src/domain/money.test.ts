import { describe, expect, test } from 'vitest';
import { currencyProblem, formatMoney, formatMoneyCompact } from '../../../src/domain/money.ts';

describe('money', () => {
  test('an amount shows to the cent with its currency', () => {
    expect(formatMoney(12_345.6, 'EUR')).toBe('€12,345.60');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(1234.5, 'CHF')).toBe('CHF\u00a01,234.50');
    expect(formatMoney(1234.5, 'JPY')).toBe('¥1,235');
  });

  test('compact amounts use units and at most one decimal', () => {
    expect(formatMoneyCompact(1_234_567, 'EUR')).toBe('€1.2M');
    expect(formatMoneyCompact(850_000, 'USD')).toBe('$850K');
    expect(formatMoneyCompact(0, 'EUR')).toBe('€0');
  });

  test('a currency is a known ISO 4217 code in capitals', () => {
    expect(currencyProblem('EUR')).toBeNull();
    expect(currencyProblem('eur')).toBe('Enter a three-letter currency code, for example EUR or USD.');
    expect(currencyProblem('EURO')).toBe('Enter a three-letter currency code, for example EUR or USD.');
    expect(currencyProblem('ABC')).toBe('ABC is not an ISO 4217 currency code.');
  });
});
