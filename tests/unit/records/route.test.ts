import { describe, expect, test } from 'vitest';
import { salespersonIdFromPath } from '../../../src/ui/salesperson/route';

describe('the salesperson id comes from the last segment of /edit-Salesperson/:id', () => {
  test.each([
    ['/edit-Salesperson/7', 7],
    ['/edit-Salesperson/42/', 42],
    ['/edit-Salesperson/2147483647', 2147483647],
  ])('%s → %i', (path, id) => {
    expect(salespersonIdFromPath(path)).toBe(id);
  });

  test.each(['/edit-Salesperson/', '/edit-Salesperson/0', '/edit-Salesperson/abc', '/edit-Salesperson/-3', '/edit-Salesperson/1.5', '/edit-Salesperson/2147483648', '/edit-Salesperson/007'])(
    '%s has no salesperson id',
    (path) => {
      expect(salespersonIdFromPath(path)).toBeNull();
    },
  );
});
