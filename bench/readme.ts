/**
 * Keeps README's copy of the latest table current: `npm run bench -- --readme`
 * replaces what stands between the two markers of its Performance section.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { markdownTable, type Figure } from './figures.ts';

const START = '<!-- bench:table -->';
const END = '<!-- /bench:table -->';

export interface RunFacts {
  date: string;
  node: string;
  cpus: number;
  cpu: string | undefined;
  loadAverage: number[];
}

export function writeReadmeTable(readmePath: string, figures: readonly Figure[], facts: RunFacts): void {
  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${readmePath} has no ${START} … ${END} markers to put the table between`);
  const when = `${facts.date.slice(0, 16).replace('T', ' ')} UTC, Node ${facts.node}, ${facts.cpus} × ${facts.cpu ?? 'CPU'}, load average ${facts.loadAverage
    .map((value) => value.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min).`;
  writeFileSync(readmePath, `${readme.slice(0, start + START.length)}\n${when}\n\n${markdownTable(figures)}\n${readme.slice(end)}`);
}
