import { describe, expect, test } from 'vitest';
import { editedRecordOf, recordIdFromPath } from '../../../../../src/ui/kit/record-editor/route.ts';

describe('a record id comes from the last segment of /edit-…/:id, as for /edit-Salesperson/:id', () => {
  test.each([
    ['/edit-Salesperson/7', 7],
    ['/edit-Salesperson/42/', 42],
    ['/edit-Salesperson/2147483647', 2147483647],
  ])('%s → %i', (path, id) => {
    expect(recordIdFromPath(path)).toBe(id);
  });

  test.each(['/edit-Salesperson/', '/edit-Salesperson/0', '/edit-Salesperson/abc', '/edit-Salesperson/-3', '/edit-Salesperson/1.5', '/edit-Salesperson/2147483648', '/edit-Salesperson/007'])(
    '%s has no salesperson id',
    (path) => {
      expect(recordIdFromPath(path)).toBeNull();
    },
  );
});

describe('an add or edit address names the record it is about', () => {
  test('the add route adds a record: no id', () => {
    expect(editedRecordOf('/add-Team', '/add-Team')).toBeNull();
  });

  test('an edit address edits the record of its last segment', () => {
    expect(editedRecordOf('/edit-Team/12', '/add-Team')).toBe(12);
  });

  test.each(['/edit-Team/abc', '/edit-Team/', '/edit-Team/0'])('%s names no record: the fallback page', (path) => {
    expect(editedRecordOf(path, '/add-Team')).toBeUndefined();
  });
});
