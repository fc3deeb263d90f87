import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { Attachment } from '../../../../src/api/client';
import { formatFileSize } from '../../../../src/domain/attachments/format';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_ATTACHMENT_BASE64_LENGTH,
  MAX_ATTACHMENT_BYTES,
  base64Length,
  fileNameProblem,
  uploadProblem,
} from '../../../../src/domain/attachments/rules';
import { searchAttachments } from '../../../../src/domain/attachments/search';
import { attachmentDisposition } from '../../../../server/http/content-disposition';

describe('formatFileSize', () => {
  test.each([
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [MAX_ATTACHMENT_BYTES, '5 MB'],
    [2.25 * 1024 * 1024, '2.3 MB'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  test.prop([fc.integer({ min: 1, max: 2 ** 31 })])('never shows 1024 of a unit, and reads back within 5 %', (bytes) => {
    const [number, unit] = formatFileSize(bytes).split(' ') as [string, string];
    expect(Number(number)).toBeLessThan(1024);
    const factor = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[unit]!;
    expect(Math.abs(Number(number) * factor - bytes) / bytes).toBeLessThanOrEqual(0.05);
  });
});

describe('the size and name rules', () => {
  test('5 MB is 5,242,880 bytes, whose base64 is 6,990,508 characters', () => {
    expect(MAX_ATTACHMENT_BYTES).toBe(5_242_880);
    expect(MAX_ATTACHMENT_BASE64_LENGTH).toBe(6_990_508);
  });

  test.prop([fc.uint8Array({ maxLength: 300 })])('base64Length is the length of the standard base64 of that many bytes', (bytes) => {
    expect(base64Length(bytes.length)).toBe(Buffer.from(bytes).toString('base64').length);
  });

  test(`a file one byte over 5 MB is refused with '${FILE_TOO_LARGE_MESSAGE}'; 5 MB is not`, () => {
    expect(uploadProblem({ name: 'a.pdf', size: MAX_ATTACHMENT_BYTES + 1 }, '')).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(uploadProblem({ name: 'a.pdf', size: MAX_ATTACHMENT_BYTES }, '')).toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: 0 }, '')).toBe('The file is empty.');
  });

  test.each(['a/b.pdf', 'a\\b.pdf', 'tab\there', 'nul\u0000', 'del\u007f', 'c1\u0085', 'rtl\u202etxt.exe', 'lone\ud800'])('%j is refused', (name) => {
    expect(fileNameProblem(name)).toBe('File name must not contain / or \\ or control characters.');
  });

  test.each(['Quote Q-1001.pdf', 'Angebot Müller – final (2).docx', '見積書.pdf', '.profile', 'x'.repeat(255)])('%j is a good name', (name) => {
    expect(fileNameProblem(name)).toBeNull();
  });

  test('a name must be there, at most 255 characters, and not . or ..', () => {
    expect(fileNameProblem('  ')).toBe('File name is required.');
    expect(fileNameProblem('x'.repeat(256))).toBe('File name must be at most 255 characters long.');
    expect(fileNameProblem('..')).toBe('File name must name a file, not . or ..');
  });
});

describe('the download name (RFC 6266 / 5987)', () => {
  test.prop([fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' }).filter((name) => fileNameProblem(name) === null)])(
    'filename* decodes to the exact name, and the plain filename is printable ASCII without quotes',
    (name) => {
      const disposition = attachmentDisposition(name);
      const match = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]+)$/.exec(disposition);
      expect(match).not.toBeNull();
      expect(match![1]).toMatch(/^[\x20-\x7e]*$/);
      expect(match![1]).not.toMatch(/["\\]/);
      expect(decodeURIComponent(match![2]!)).toBe(name);
    },
  );
});

const sample = (id: number, fields: Partial<Attachment>): Attachment => ({
  id,
  file_name: 'file.pdf',
  media_type: 'application/pdf',
  size_bytes: 10,
  sha256: '0'.repeat(64),
  opportunity_id: null,
  opportunity_customer: null,
  uploaded_by: 1,
  uploaded_by_name: 'Alex Admin',
  note: '',
  created_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('searchAttachments', () => {
  const attachmentArbitrary = fc.record({
    id: fc.nat(),
    file_name: fc.string({ unit: fc.constantFrom(...'abAB .é'), maxLength: 6 }),
    note: fc.string({ unit: fc.constantFrom(...'abAB .'), maxLength: 6 }),
    opportunity_customer: fc.option(fc.string({ unit: fc.constantFrom(...'abAB'), maxLength: 4 })),
    uploaded_by_name: fc.string({ unit: fc.constantFrom(...'abAB'), maxLength: 4 }),
  });

  test.prop([fc.array(attachmentArbitrary, { maxLength: 20 }), fc.string({ unit: fc.constantFrom(...'abAé. '), maxLength: 3 })])(
    'keeps, in order, exactly the files with the text in a field, ignoring case and surrounding spaces',
    (fields, search) => {
      const attachments = fields.map((f, i) => sample(i, f));
      const needle = search.trim().toLowerCase();
      // The slow, obvious way: every field, lower-cased, one by one.
      const expected = attachments.filter((a) => {
        if (needle === '') return true;
        for (const text of [a.file_name, a.note, a.opportunity_customer ?? '', a.uploaded_by_name, a.media_type]) {
          if (text.toLowerCase().indexOf(needle) !== -1) return true;
        }
        return false;
      });
      expect(searchAttachments(attachments, search)).toEqual(expected);
    },
  );
});
