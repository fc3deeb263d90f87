import { describe, expect, test } from 'vitest';
import { csvFile, parseCsv } from '../../../../src/domain/csv/csv.ts';
import { OPPORTUNITY_HEADER } from '../../../../src/domain/csv/exports.ts';
import { checkRows, guessMapping, importWriteProblem, mappingProblem } from '../../../../src/domain/csv/imports.ts';

const references = { salespersons: [{ id: 7, name: 'Riley Rep', email: 'rep@demo.test' }], customers: [], fallbackSalespersonId: null, today: '2026-06-15' };

describe('CSV import rows', () => {
  test("another CRM's header is matched by its words; a required field without a column is named", () => {
    const mapping = guessMapping('opportunities', ['Deal Amount', 'Organization', 'Owner', 'Deal stage', 'Created at', 'Win probability']);
    expect(mapping).toEqual({ customer: 1, salesperson: 2, stage: 3, date: 4, revenue: 0, probability: 5 });
    expect(mappingProblem('opportunities', { ...mapping, revenue: null, customer: null })).toBe('Choose the column of Customer and Revenue.');
  });

  test('a row shows every problem the form would, not only the first', () => {
    const records = parseCsv('Customer,Salesperson,Revenue,Probability,Stage,Created\n,,12.345,300,won,2025-02-30\n');
    const [row] = checkRows('opportunities', records, guessMapping('opportunities', records[0]!), references);
    expect(row!.problem).toBe(
      [
        'Customer is required.',
        'Salesperson is required.',
        'Stage must be one of the pipeline stages.',
        'Date must be a valid date from 1970 to 9999.',
        'Revenue must be an amount such as 1,234.50.',
        'Probability must be a whole number from 0 to 100.',
      ].join(' '),
    );
  });

  test("an exported file reads back into the bodies the server checks by the same rules", () => {
    const text = csvFile([[...OPPORTUNITY_HEADER], ['2025-03-04', '=Acme', 'Riley Rep', 'rep@demo.test', 'closed won', 1200.5, 40, 480.2]]);
    const records = parseCsv(text);
    const [row] = checkRows('opportunities', records, guessMapping('opportunities', records[0]!), references);
    expect(row!.write).toEqual({ customer: '=Acme', salesperson_id: 7, stage: 'closed won', created_date: '2025-03-04', revenue: 1200.5, probability: 40 });
    expect(importWriteProblem('opportunities', row!.write!)).toBeNull();
    // The server reads numbers, not text: it answers as it answers a single create's body.
    expect(importWriteProblem('opportunities', { ...(row!.write as object), revenue: 1.005 } as never)).toBe('Revenue can have at most 2 decimals.');
    expect(importWriteProblem('opportunities', { ...(row!.write as object), created_date: '1969-12-31' } as never)).toBe(
      'Date must be a valid date from 1970 to 9999.',
    );
  });

  test("a salesperson cell names one by e-mail, else by name, in any case; the tenant's first of a name wins; others are named as unknown", () => {
    const salespersons = [
      { id: 1, name: 'Sam Same', email: 'first@demo.test' },
      { id: 2, name: 'Sam Same', email: 'second@demo.test' },
      { id: 3, name: 'first@demo.test', email: 'third@demo.test' },
    ];
    const records = parseCsv('Customer,Salesperson,Revenue\nA,SECOND@demo.test,1\nB, sam same ,1\nC,first@demo.test,1\nD,Nobody,1\n');
    const rows = checkRows('opportunities', records, guessMapping('opportunities', records[0]!), { ...references, salespersons });
    expect(rows.map((row) => (row.write as { salesperson_id: number } | null)?.salesperson_id ?? row.problem)).toEqual([
      2,
      1,
      1,
      'Salesperson "Nobody" is not a salesperson of your tenant.',
    ]);
  });
});
