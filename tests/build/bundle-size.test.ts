import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rspack, type StatsCompilation } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import config from '../../rspack.config.ts';

/** Size budgets that are not timings are checked here, on every test run. */
const FIRST_SCREEN_BUDGET = 120 * 1024;
const ALL_JAVASCRIPT_BUDGET = 260 * 1024;

let outputDir: string;
let stats: StatsCompilation;

beforeAll(async () => {
  // A build of its own, so that it never races the browser tests' build in dist/.
  outputDir = mkdtempSync(join(tmpdir(), 'crm-bundle-'));
  const compiler = rspack({ ...config, mode: 'production', output: { ...config.output, path: outputDir } });
  stats = await new Promise<StatsCompilation>((resolve, reject) =>
    compiler.run((error, result) => {
      if (error || !result) return reject(error ?? new Error('no build result'));
      if (result.hasErrors()) return reject(new Error(result.toString({ all: false, errors: true })));
      compiler.close(() => resolve(result.toJson({ all: false, chunks: true, modules: true, ids: true, assets: true })));
    }),
  );
}, 120_000);

afterAll(() => {
  if (outputDir) rmSync(outputDir, { recursive: true, force: true });
});

const gzipped = (file: string) => gzipSync(readFileSync(join(outputDir, file)), { level: 9 }).length;
const javascript = (files: Iterable<string>) => [...files].filter((file) => file.endsWith('.js'));
/** The source files of every module in the chunks that `pick` selects. */
function modulesIn(pick: (chunk: NonNullable<StatsCompilation['chunks']>[number]) => boolean): string[] {
  const chunkIds = new Set((stats.chunks ?? []).filter(pick).map((chunk) => chunk.id));
  return (stats.modules ?? [])
    .filter((module) => (module.chunks ?? []).some((id) => chunkIds.has(id)))
    .map((module) => module.nameForCondition ?? module.name ?? '');
}

describe('bundle budgets', () => {
  test('the JavaScript loaded up front for the first screen is at most 120 KB gzip', () => {
    const html = readFileSync(join(outputDir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script[^>]+src="\/([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const size = scripts.reduce((total, file) => total + gzipped(file), 0);
    expect(size).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
  });

  test('all JavaScript together is at most 260 KB gzip', () => {
    const files = javascript((stats.assets ?? []).map((asset) => asset.name));
    const size = files.reduce((total, file) => total + gzipped(file), 0);
    expect(size).toBeLessThanOrEqual(ALL_JAVASCRIPT_BUDGET);
  });

  test('screens load lazily: the first chunk holds no screen of a route but the shell', () => {
    const initialModules = modulesIn((chunk) => chunk.initial === true);
    expect(initialModules.some((name) => name.includes('/src/ui/shell/'))).toBe(true);
    for (const screen of ['/src/ui/dashboard/', '/src/ui/users/', '/src/ui/signup/', '/src/ui/salespersons/']) {
      expect(initialModules.filter((name) => name.includes(screen))).toEqual([]);
    }
  });

  test('the chart library loads only with the dashboard', () => {
    expect(modulesIn(() => true).some((name) => name.includes('@observablehq/plot'))).toBe(true);
    expect(modulesIn((chunk) => chunk.initial === true).filter((name) => name.includes('@observablehq/plot'))).toEqual([]);
  });
});
