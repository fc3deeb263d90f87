import { describe, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { BYTE_ORDER_MARK, CsvSyntaxError, csvFile, csvRecord, neutraliseFormula, parseCsv, restoreFormula } from '../../../../src/domain/csv/csv.ts';

// Any unicode text, with the characters CSV and spreadsheets treat specially made common.
const cellText = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({
    unit: fc.constantFrom('"', ',', ';', '\r', '\n', '\t', '=', '+', '-', '@', "'", 'a', ' ', 'é', '😀', '\u00A0', '\u200B', '\uFEFF', '\uFF1D', '\u2028'),
  }),
);
const records = fc.array(fc.array(cellText, { minLength: 1, maxLength: 6 }), { maxLength: 8 });


describe('CSV: RFC 4180 with a byte order mark', () => {
  test.prop([records])('reading what was written gives back every cell: unicode, quotes, separators, line breaks', (rows) => {
    expect(parseCsv(csvFile(rows))).toEqual(rows);
  });

  test.prop([cellText])('a neutralised cell is restored exactly', (text) => {
    expect(restoreFormula(neutraliseFormula(text))).toBe(text);
  });

  test.prop([cellText])('no written text cell starts a formula', (text) => {
    const written = csvRecord([text]);
    const unquoted = written.startsWith('"') ? written.slice(1) : written;
    expect(unquoted).not.toMatch(/^[=+\-@\t\r\n\s\p{Z}\p{Cf}\uFF1D\uFF0B\uFF0D\uFF20]/u);
  });

  test('cells that hide a formula behind white space, invisible or full-width signs are neutralised too', () => {
    for (const hidden of [' =1+1', '\u00A0=HYPERLINK("x")', '\u200B=1', '\uFF1D1+1', '\nx', '\u2028=1', '\uFEFF@x', '\uFF0B1']) {
      expect(csvRecord([hidden]).replace(/^"/, '')).toMatch(/^'/);
      expect(parseCsv(csvFile([[hidden]]))).toEqual([[hidden]]);
    }
  });

  test('formula starts get an apostrophe (OWASP): =, +, -, @, tab, carriage return', () => {
    expect(csvRecord(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'ok'])).toBe(`'=1+1,'+1,'-1,'@SUM(A1),'\tx,"'\rx",ok\r\n`);
    expect(csvRecord([-1.5, 'x'])).toBe('-1.5,x\r\n');
  });

  test('quotes are doubled and cells holding them, separators or line breaks are quoted', () => {
    expect(csvRecord(['say "hi"', 'a,b', 'a;b', 'two\nlines', 'plain'])).toBe('"say ""hi""","a,b","a;b","two\nlines",plain\r\n');
  });

  test('a file starts with the UTF-8 byte order mark', () => {
    expect(csvFile([['Name'], ['Ünal']])).toBe(`${BYTE_ORDER_MARK}Name\r\nÜnal\r\n`);
  });

  test('reads what spreadsheets write: LF or CR line ends, no last line end, semicolons', () => {
    expect(parseCsv('a,b\nc,d')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseCsv('a,b\rc,d\r')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseCsv('Name;Revenue\n"Acme; Inc";1,5\n')).toEqual([['Name', 'Revenue'], ['Acme; Inc', '1,5']]);
  });

  test('an unclosed quote names its line', () => {
    expect(() => parseCsv('a\n"b,c\nd')).toThrow(new CsvSyntaxError('A quoted cell opened on line 2 is never closed.'));
  });
});
