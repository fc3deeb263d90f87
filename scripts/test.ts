/**
 * `npm test` after the type check: every project of vitest.config.ts, in two vitest runs at
 * once, the browser tests (`e2e`, and `keycloak`, which reuses their stack) and all the others.
 *
 * In one run, vitest starts a project whose files run one at a time (the browser tests share
 * one stack) only after every other file has finished, and on two cores it runs the other
 * files one at a time as well. The browser tests spend most of their time waiting for the
 * browser and the server, so they share the machine well with the rest.
 *
 * Arguments go to both runs (`npm test -- -t 'sign-up'`); a report file (`--outputFile x.json`)
 * is written once per run, named after it (`x.e2e.json`, `x.others.json`).
 */
import { spawn } from 'node:child_process';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import config from '../vitest.config.ts';

export interface Half {
  name: string;
  /** What the final summary calls it. */
  title: string;
  /** The names of its projects, each passed to vitest as --project (several negations would add up, not narrow). */
  projects: string[];
}

const BROWSER_PROJECTS = ['e2e', 'keycloak'];
const ALL_PROJECTS = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);

export const HALVES: Half[] = [
  { name: 'e2e', title: 'the browser tests (e2e, keycloak)', projects: BROWSER_PROJECTS },
  { name: 'others', title: 'every other project', projects: ALL_PROJECTS.filter((name) => !BROWSER_PROJECTS.includes(name)) },
];

const vitest = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/vitest/vitest.mjs');

/** The arguments for one half: its report file named after it, and no failure when a filter leaves it nothing to run. */
export function argumentsFor(half: Half, given: string[]): string[] {
  const args: string[] = [];
  for (let index = 0; index < given.length; index++) {
    const arg = given[index]!;
    const inline = /^--outputFile=(.+)$/.exec(arg);
    if (inline) args.push(`--outputFile=${reportFor(half, inline[1]!)}`);
    else if (arg === '--outputFile' && index + 1 < given.length) args.push(arg, reportFor(half, given[++index]!));
    else args.push(arg);
  }
  return ['run', ...half.projects.flatMap((project) => ['--project', project]), ...(given.length > 0 ? ['--passWithNoTests'] : []), ...args];
}

function reportFor(half: Half, file: string): string {
  const extension = extname(file);
  return `${file.slice(0, file.length - extension.length)}.${half.name}${extension}`;
}

interface Outcome {
  half: Half;
  passed: boolean;
  seconds: number;
}

function run(half: Half, given: string[]): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(process.execPath, [vitest, ...argumentsFor(half, given)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve({ half, passed: code === 0, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const outcomes = await Promise.all(HALVES.map((half) => run(half, process.argv.slice(2))));
  const lines = outcomes.map(({ half, passed, seconds }) => `  ${half.title}: ${passed ? 'passed' : 'FAILED'} in ${seconds} s`);
  console.log(`\nnpm test, ${Math.round((Date.now() - started) / 1000)} s for both runs:\n${lines.join('\n')}`);
  process.exitCode = outcomes.every((outcome) => outcome.passed) ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
