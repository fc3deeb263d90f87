import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { allChosen, toggledPage, toggledRow } from '../../../../src/domain/lists/selection.ts';

const ids = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 12 });
const chosen = ids.map((list) => new Set(list));

describe('rows chosen in a list', () => {
  test.prop([chosen, fc.integer({ min: 1, max: 40 })])('ticking a row twice leaves the choice as it was; once flips only that row', (selected, id) => {
    const once = toggledRow(selected, id);
    expect(once.has(id)).toBe(!selected.has(id));
    expect([...once].filter((other) => other !== id).sort()).toEqual([...selected].filter((other) => other !== id).sort());
    expect(toggledRow(once, id)).toEqual(new Set(selected));
  });

  test.prop([chosen, ids])("the page's box chooses the whole page unless all of it was chosen, then lets go of it; other rows stay", (selected, page) => {
    const next = toggledPage(selected, page);
    const wasAll = allChosen(selected, page);
    for (const id of page) expect(next.has(id)).toBe(!wasAll);
    for (const id of selected) if (!page.includes(id)) expect(next.has(id)).toBe(true);
    expect(allChosen(next, page)).toBe(page.length > 0 && !wasAll);
  });

  test('an empty page is never all chosen', () => {
    expect(allChosen(new Set([1, 2]), [])).toBe(false);
  });
});
