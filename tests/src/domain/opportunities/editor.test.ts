import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Opportunity } from '../../../../src/api/client';
import {
  BLANK_OPPORTUNITY_FORM,
  customerSuggestions,
  DEFAULT_PROBABILITY,
  newOpportunityForm,
  opportunityFormOf,
  opportunityProblems,
  opportunityWriteOf,
  weightedUnitsOf,
  type OpportunityForm,
} from '../../../../src/domain/opportunities/editor';
import { PIPELINE_STAGES } from '../../../../src/domain/opportunities/pipeline';
import { prepareOpportunities } from '../../../../src/domain/revenue/prepare';
import { MAX_AMOUNT } from '../../../../src/domain/rules/amounts';

/** The message of the only problem of a form, or null when it has none. */
function opportunityProblem(form: OpportunityForm): string | null {
  const problems = opportunityProblems(form);
  expect(problems.length).toBeLessThanOrEqual(1);
  return problems[0]?.message ?? null;
}

const valid: OpportunityForm = {
  customer: 'Acme Corp',
  salespersonId: '3',
  stage: 'proposal',
  date: '2026-03-05',
  createdAt: null,
  revenue: '1234.50',
  probability: '40',
  locale: 'en',
};

// Revenue as numeric(14,2) holds it: whole cents up to 999,999,999,999.99.
const centsArbitrary = fc.integer({ min: 0, max: 99_999_999_999_999 });
const storedArbitrary: fc.Arbitrary<Opportunity> = fc.record({
  id: fc.integer({ min: 1, max: 2_147_483_647 }),
  customer: fc.string({ minLength: 1, maxLength: 200 }).filter((name) => name.trim() === name && name !== ''),
  salesperson_id: fc.integer({ min: 1, max: 2_147_483_647 }),
  stage: fc.constantFrom(...PIPELINE_STAGES),
  created_date: fc.date({ min: new Date('1970-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString()),
  revenue: centsArbitrary.map((cents) => cents / 100),
  probability: fc.integer({ min: 0, max: 100 }),
});

describe('opening an opportunity in the form', () => {
  test.prop([storedArbitrary])('saving it unchanged sends back exactly what is stored', (stored) => {
    const form = opportunityFormOf(stored, 'en');
    expect(opportunityProblem(form)).toBeNull();
    const { id: _id, ...fields } = stored;
    expect(opportunityWriteOf(form)).toEqual(fields);
  });

  test('shows revenue with its two decimals and the salesperson as the select holds it', () => {
    const form = opportunityFormOf({
      id: 7,
      customer: 'Acme Corp',
      salesperson_id: 3,
      stage: 'negotiation',
      created_date: '2026-03-05T09:30:00.000Z',
      revenue: 1234.5,
      probability: 40,
    }, 'en');
    expect(form).toEqual({ ...valid, stage: 'negotiation', createdAt: '2026-03-05T09:30:00.000Z' });
  });
});

describe('adding an opportunity', () => {
  test("starts on today's date, the first pipeline stage and a 10 % probability, asking for a customer", () => {
    const now = new Date(2026, 5, 15, 14, 30);
    const form = newOpportunityForm(now, undefined, 'en');
    expect(form).toEqual({
      customer: '',
      salespersonId: '',
      stage: 'qualification',
      date: '2026-06-15',
      createdAt: now.toISOString(),
      revenue: '',
      probability: String(DEFAULT_PROBABILITY),
      locale: 'en',
    });
    expect(opportunityProblems(form)).toEqual([
      { field: 'customer', message: 'Customer is required.' },
      { field: 'salespersonId', message: 'Salesperson is required.' },
      { field: 'revenue', message: 'Revenue is required.' },
    ]);
  });

  test('chooses the given salesperson', () => {
    expect(newOpportunityForm(new Date(2026, 0, 1), 12, 'en').salespersonId).toBe('12');
  });

  test('an opportunity added today is created at the moment the screen opened', () => {
    const now = new Date(2026, 5, 15, 14, 30);
    const form = { ...newOpportunityForm(now, undefined, 'en'), customer: 'Acme', salespersonId: '3', revenue: '10' };
    expect(opportunityWriteOf(form).created_date).toBe(now.toISOString());
  });

  test('the blank form before loading starts at the first stage', () => {
    expect(BLANK_OPPORTUNITY_FORM.stage).toBe(PIPELINE_STAGES[0]);
  });
});

describe('what the form refuses, each problem under its field', () => {
  const cases: Array<[string, Partial<OpportunityForm>, string]> = [
    ['no customer', { customer: '' }, 'Customer is required.'],
    ['a customer of spaces', { customer: '   ' }, 'Customer is required.'],
    ['a customer over 200 characters', { customer: 'x'.repeat(201) }, 'Customer must be at most 200 characters.'],
    ['no salesperson', { salespersonId: '' }, 'Salesperson is required.'],
    ['a stage outside the pipeline', { stage: 'won' }, 'Stage must be one of the pipeline stages.'],
    ['no date', { date: '' }, 'Date is required.'],
    ['a day that does not exist', { date: '2026-02-30' }, 'Date must be a valid date from 1970 to 9999.'],
    ['a date before 1970', { date: '1969-12-31' }, 'Date must be a valid date from 1970 to 9999.'],
    ['no revenue', { revenue: ' ' }, 'Revenue is required.'],
    ['negative revenue', { revenue: '-5' }, 'Revenue must not be negative.'],
    ['revenue with three decimals', { revenue: '10.005' }, 'Revenue must be an amount such as 1,234.50.'],
    ['revenue in exponent notation', { revenue: '1e3' }, 'Revenue must be an amount such as 1,234.50.'],
    ['revenue beyond 999,999,999,999.99', { revenue: '1000000000000' }, 'Revenue must be at most 999,999,999,999.99.'],
    ['revenue grouped wrongly', { revenue: '1,23.50' }, 'Revenue must be an amount such as 1,234.50.'],
    ['no probability', { probability: '' }, 'Probability must be a whole number from 0 to 100.'],
    ['a probability over 100', { probability: '101' }, 'Probability must be a whole number from 0 to 100.'],
    ['a fractional probability', { probability: '12.5' }, 'Probability must be a whole number from 0 to 100.'],
  ];
  test.each(cases)('%s', (_, change, message) => {
    expect(opportunityProblem({ ...valid, ...change })).toBe(message);
    expect(() => opportunityWriteOf({ ...valid, ...change })).toThrow(message);
  });

  test('names every problem at once, in the order of the form (revenue -5000 and probability 150)', () => {
    expect(opportunityProblems({ ...valid, revenue: '-5000', probability: '150' })).toEqual([
      { field: 'revenue', message: 'Revenue must not be negative.' },
      { field: 'probability', message: 'Probability must be a whole number from 0 to 100.' },
    ]);
    expect(opportunityProblems({ ...valid, customer: '', date: '', probability: '200' }).map((problem) => problem.field)).toEqual([
      'customer',
      'date',
      'probability',
    ]);
  });

  test("reads revenue in the reader's locale, thousands separators and all", () => {
    expect(opportunityWriteOf({ ...valid, revenue: '1,234,567.89' }).revenue).toBe(1_234_567.89);
    expect(opportunityWriteOf({ ...valid, locale: 'de', revenue: '1.234.567,89' }).revenue).toBe(1_234_567.89);
    expect(opportunityProblem({ ...valid, locale: 'de', revenue: '1,234.50' })).toBe('Revenue must be an amount such as 1.234,50.');
    expect(opportunityFormOf({ id: 1, customer: 'A', salesperson_id: 1, stage: 'proposal', created_date: '2026-03-05T09:30:00.000Z', revenue: 1234.5, probability: 1 }, 'de').revenue).toBe('1234,50');
  });

  test.prop([centsArbitrary])('accepts any revenue with at most two decimals up to 999,999,999,999.99', (cents) => {
    const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    expect(opportunityProblem({ ...valid, revenue: text })).toBeNull();
    expect(opportunityWriteOf({ ...valid, revenue: text }).revenue).toBe(cents / 100);
  });

  test.prop([fc.integer({ min: 0, max: 100 })])('accepts any whole probability from 0 to 100', (probability) => {
    expect(opportunityWriteOf({ ...valid, probability: String(probability) }).probability).toBe(probability);
  });

  test.prop([fc.string({ maxLength: 8 })])('accepts a probability exactly when it is the digits of 0 to 100', (text) => {
    const digits = text.trim().replace(/\s*%$/, '');
    const reference = /^\d{1,3}$/.test(digits) && Number(digits) <= 100;
    expect(opportunityProblem({ ...valid, probability: text }) === null).toBe(reference);
  });

  test('trims the customer it sends', () => {
    expect(opportunityWriteOf({ ...valid, customer: '  Acme Corp ' }).customer).toBe('Acme Corp');
  });

  test('the largest revenue is the largest numeric(14,2)', () => {
    expect(opportunityProblem({ ...valid, revenue: '999999999999.99' })).toBeNull();
    expect(MAX_AMOUNT).toBe(999_999_999_999.99);
  });
});

describe('weighted revenue', () => {
  test.prop([centsArbitrary, fc.integer({ min: 0, max: 100 })])(
    'is revenue × probability / 100, counted exactly as the dashboard counts it',
    (cents, probability) => {
      const revenue = cents / 100;
      const [dashboard] = prepareOpportunities([{ created_date: '2026-01-01', revenue, probability, salesperson_id: 1 }]).weightedUnits;
      expect(weightedUnitsOf({ revenue: revenue.toFixed(2), probability: String(probability), locale: 'en' })).toBe(dashboard);
    },
  );

  test('is 400.00 for 1,000.00 at 40 %, in hundredths of a cent', () => {
    expect(weightedUnitsOf({ revenue: '1000', probability: '40', locale: 'en' })).toBe(4_000_000);
  });

  test('is unknown while revenue or probability is not a valid value', () => {
    expect(weightedUnitsOf({ revenue: '', probability: '40', locale: 'en' })).toBeNull();
    expect(weightedUnitsOf({ revenue: '100', probability: '101', locale: 'en' })).toBeNull();
  });
});

describe('customer suggestions', () => {
  test('list each known name once, whatever its case, by name, without blanks', () => {
    expect(customerSuggestions(['Initech', 'acme', ' ', 'Acme', 'Initech ', 'Hooli'])).toEqual(['acme', 'Hooli', 'Initech']);
  });
});
