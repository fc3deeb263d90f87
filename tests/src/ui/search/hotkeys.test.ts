// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { opensSearch } from '../../../../src/ui/search/hotkeys';

const press = (key: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: document.body,
  ...extra,
});

describe('the search shortcuts', () => {
  test("Ctrl+K and ⌘K open it anywhere, also in a field; '/' only outside fields", () => {
    const input = document.createElement('input');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    expect(opensSearch(press('k', { ctrlKey: true }))).toBe(true);
    expect(opensSearch(press('K', { metaKey: true, target: input }))).toBe(true);
    expect(opensSearch(press('/'))).toBe(true);
    expect(opensSearch(press('/', { target: input }))).toBe(false);
    expect(opensSearch(press('/', { target: editable }))).toBe(false);
    expect(opensSearch(press('/', { target: document.createElement('textarea') }))).toBe(false);
    expect(opensSearch(press('k'))).toBe(false);
    expect(opensSearch(press('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});
