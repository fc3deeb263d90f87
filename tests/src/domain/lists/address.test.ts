import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { readListAddress, writeListAddress, type ListAddress } from '../../../../src/domain/lists/address';

const spec = { sortKeys: ['name', 'revenue'] as const, filters: ['stage', 'year'] };

const addresses = fc.record({
  search: fc.string({ maxLength: 30 }).filter((text) => text.trim() === text),
  sort: fc.option(fc.record({ key: fc.constantFrom('name' as const, 'revenue' as const), direction: fc.constantFrom('ascending' as const, 'descending' as const) }), { nil: null }),
  page: fc.integer({ min: 1, max: 1000 }),
  filters: fc.record({ stage: fc.constantFrom('', 'proposal', 'closed won'), year: fc.constantFrom('', '2025') }),
});

const withoutEmpty = (address: ListAddress<'name' | 'revenue'>) => ({
  ...address,
  filters: Object.fromEntries(Object.entries(address.filters).filter(([, value]) => value !== '')),
});

describe("a list's address", () => {
  test.prop([addresses])('what a list writes, it reads back the same: a reload or a shared link shows the same list', (address) => {
    expect(readListAddress(writeListAddress(address), spec)).toEqual(withoutEmpty(address));
  });

  test('defaults are left out, unknown sorts, pages and filters ignored', () => {
    expect(writeListAddress({ search: '', sort: null, page: 1, filters: { stage: '' } })).toBe('');
    expect(readListAddress('?sort=id;drop&dir=asc&page=-3&role=1&search=acme', spec)).toEqual({ search: 'acme', sort: null, page: 1, filters: {} });
    expect(readListAddress('?sort=name&dir=up', spec).sort).toBeNull();
  });
});
