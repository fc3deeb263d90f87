import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { atMost } from '../../bench/figures.ts';
import { PERFORMANCE_PAGE, writeTableBetweenMarkers, type RunFacts } from '../../bench/performance-page.ts';

const facts: RunFacts = { date: '2026-12-01T09:30:12.000Z', node: 'v20.0.0', cpus: 2, cpu: 'Test CPU', loadAverage: [0.5, 0.25, 0.125] };
const BETWEEN_MARKERS = /<!-- bench:table -->\n([\s\S]*?)\n<!-- \/bench:table -->/;

let repository: string;

beforeEach(() => {
  // A copy of the repository's own performance page, so the test reads the real markers.
  repository = mkdtempSync(join(tmpdir(), 'bench-table-'));
  mkdirSync(join(repository, 'docs'));
  copyFileSync(PERFORMANCE_PAGE, join(repository, PERFORMANCE_PAGE));
});

afterEach(() => rmSync(repository, { recursive: true, force: true }));

test('the bench writes its table into docs/performance.md under "Latest run"', () => {
  const pageBefore = readFileSync(join(repository, PERFORMANCE_PAGE), 'utf8');

  writeTableBetweenMarkers(join(repository, PERFORMANCE_PAGE), [atMost('cold start', 1234.5, 'ms', 3000, '3 starts')], facts);

  const page = readFileSync(join(repository, PERFORMANCE_PAGE), 'utf8');
  const table = page.match(BETWEEN_MARKERS)![1]!;
  expect(table).toBe(
    [
      '2026-12-01 09:30 UTC, Node v20.0.0, 2 × Test CPU, load average 0.5 / 0.3 / 0.1 (1 / 5 / 15 min).',
      '',
      '| figure | median | budget | result | notes |',
      '|---|---|---|---|---|',
      '| cold start | 1234.5 ms | ≤ 3000 ms | pass | 3 starts |',
    ].join('\n'),
  );
  expect(page.indexOf('## Latest run')).toBeLessThan(page.indexOf('<!-- bench:table -->'));
  // Everything outside the markers is as it was.
  expect(page.replace(BETWEEN_MARKERS, '')).toBe(pageBefore.replace(BETWEEN_MARKERS, ''));
});

test('a second run replaces the first run\'s table instead of adding to it', () => {
  writeTableBetweenMarkers(join(repository, PERFORMANCE_PAGE), [atMost('cold start', 1000, 'ms', 3000)], facts);
  writeTableBetweenMarkers(join(repository, PERFORMANCE_PAGE), [atMost('cold start', 2000, 'ms', 3000)], facts);

  const page = readFileSync(join(repository, PERFORMANCE_PAGE), 'utf8');
  expect(page.match(/<!-- bench:table -->/g)).toHaveLength(1);
  expect(page).toContain('| cold start | 2000.0 ms |');
  expect(page).not.toContain('| cold start | 1000.0 ms |');
});

test('a page without the markers is refused, not appended to', () => {
  writeFileSync(join(repository, PERFORMANCE_PAGE), '# Performance\n');
  expect(() => writeTableBetweenMarkers(join(repository, PERFORMANCE_PAGE), [], facts)).toThrow(/no <!-- bench:table --> … <!-- \/bench:table --> markers/);
  expect(readFileSync(join(repository, PERFORMANCE_PAGE), 'utf8')).toBe('# Performance\n');
});
