import { describe, expect, test } from 'vitest';
import { fc, test as property } from '@fast-check/vitest';
import { decodeImportFile, IMPORT_ENCODING_NOTICE, readImportFile } from '../../../../src/domain/csv/imports.ts';

// A Latin-1 file became "M\uFFFDller" without a word.
const latin1 = (text: string) => Uint8Array.from([...text].map((character) => character.charCodeAt(0)));

describe('reading an import file whatever it was saved as', () => {
  test('a Latin-1 (Windows-1252) file is read as such, and the screen is told', () => {
    const decoded = decodeImportFile(latin1('Name;City\r\nMüller;Köln\r\nJosé;Besançon\r\n'));
    expect(decoded).toEqual({ text: 'Name;City\r\nMüller;Köln\r\nJosé;Besançon\r\n', encoding: 'windows-1252' });
    const file = readImportFile('kunden.csv', decoded.text, decoded.encoding);
    expect(file).toMatchObject({ records: [['Name', 'City'], ['Müller', 'Köln'], ['José', 'Besançon']], encodingNotice: IMPORT_ENCODING_NOTICE('kunden.csv') });
  });

  test("Windows-1252's own letters (€, Œ, ‘’) come through too", () => {
    expect(decodeImportFile(Uint8Array.from([0x80, 0x8c, 0x91, 0x92])).text).toBe('€Œ‘’');
  });

  property.prop([fc.string({ unit: 'grapheme' })])('any UTF-8 file is read as UTF-8, with no notice', (text) => {
    const decoded = decodeImportFile(new TextEncoder().encode(`Name\r\n${text}x\r\n`));
    expect(decoded).toEqual({ text: `Name\r\n${text}x\r\n`, encoding: 'utf-8' });
  });

  test('a UTF-8 file gets no notice', () => {
    const decoded = decodeImportFile(new TextEncoder().encode('Name\r\nMüller\r\n'));
    expect(readImportFile('ok.csv', decoded.text, decoded.encoding)).toMatchObject({ encodingNotice: null });
  });
});
