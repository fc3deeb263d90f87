/**
 * Keeps the latest table current: `npm run bench -- --docs` replaces what stands
 * between the two markers of docs/performance.md's "Latest run".
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, type Figure } from './figures.ts';

const START = '<!-- bench:table -->';
const END = '<!-- /bench:table -->';

/** Where the table goes, from the repository's root. */
export const PERFORMANCE_PAGE = join('docs', 'performance.md');

export interface RunFacts {
  date: string;
  node: string;
  cpus: number;
  cpu: string | undefined;
  loadAverage: number[];
}

export function writeTableBetweenMarkers(pagePath: string, figures: readonly Figure[], facts: RunFacts): void {
  const page = readFileSync(pagePath, 'utf8');
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${pagePath} has no ${START} … ${END} markers to put the table between`);
  const when = `${facts.date.slice(0, 16).replace('T', ' ')} UTC, Node ${facts.node}, ${facts.cpus} × ${facts.cpu ?? 'CPU'}, load average ${facts.loadAverage
    .map((value) => value.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min).`;
  writeFileSync(pagePath, `${page.slice(0, start + START.length)}\n${when}\n\n${markdownTable(figures)}\n${page.slice(end)}`);
}
