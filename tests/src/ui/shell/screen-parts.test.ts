import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SCREEN_PARTS } from '../../../../src/ui/shell/screen-parts.ts';

/** The configuration page's table of screens and the parts they need, as route → parts. */
function documentedTable(): Map<string, string[]> {
  const page = readFileSync('docs/configuration.md', 'utf8');
  const section = page.slice(page.indexOf('## The API: what it must offer'));
  const rows = section
    .slice(0, section.indexOf('\n\n', section.indexOf('| screens |')))
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  const table = new Map<string, string[]>();
  for (const row of rows) {
    const [screens, parts] = row.split('|').slice(1, 3) as [string, string];
    const names = [...parts.matchAll(/`([^`]+)`/g)].map((match) => match[1]!).sort();
    for (const [, route] of screens.matchAll(/`([^`]+)`/g)) table.set(route!, names);
  }
  return table;
}

test("the documented table of screens and the API parts they need is the app's", () => {
  const table = documentedTable();
  expect(table.size).toBeGreaterThan(Object.keys(SCREEN_PARTS).length);
  const needing = Object.fromEntries([...table].filter(([, parts]) => parts.length > 0));
  expect(needing).toEqual(Object.fromEntries(Object.entries(SCREEN_PARTS).map(([route, { parts }]) => [route, [...parts].sort()])));
});
