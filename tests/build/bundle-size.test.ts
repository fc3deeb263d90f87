import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StatsCompilation } from '@rspack/core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUNDLE_BUDGETS, buildApp, bundleSizes, type BundleSizes } from '../../bench/bundle.ts';
import { CHROMIUM_FLAGS } from '../../bench/chromium.ts';
import { signupScripts } from '../../bench/first-screen.ts';
import { chromiumPath } from '../support/chromium.ts';

/** Size budgets that are not timings are checked here, on every test run, from one build (the budgets are bench/bundle.ts's). */
const ALL_JAVASCRIPT_BUDGET = BUNDLE_BUDGETS.allJavaScript;

let outputDir: string;
let stats: StatsCompilation;
let sizes: BundleSizes;

beforeAll(async () => {
  // A build of its own, so that it never races the browser tests' build in dist/.
  outputDir = mkdtempSync(join(tmpdir(), 'crm-bundle-'));
  stats = await buildApp(outputDir);
  sizes = bundleSizes(outputDir, stats);
}, 120_000);

afterAll(() => {
  if (outputDir) rmSync(outputDir, { recursive: true, force: true });
});

/** The source files of every module in the chunks that `pick` selects. */
function modulesIn(pick: (chunk: NonNullable<StatsCompilation['chunks']>[number]) => boolean): string[] {
  const chunkIds = new Set((stats.chunks ?? []).filter(pick).map((chunk) => chunk.id));
  return (stats.modules ?? [])
    .filter((module) => (module.chunks ?? []).some((id) => chunkIds.has(id)))
    .map((module) => module.nameForCondition ?? module.name ?? '');
}

describe('bundle budgets', () => {
  test(`every script a browser downloads to show /signup, lazy chunks included, is at most ${BUNDLE_BUDGETS.signupScripts / 1024} KB gzip`, async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
    try {
      const { files, gzipBytes } = await signupScripts(browser, outputDir);
      // The entry and the sign-up screen's own chunk at least: a count of index.html's scripts alone would miss the latter.
      expect(files.length).toBeGreaterThan(1);
      expect(gzipBytes).toBeLessThanOrEqual(BUNDLE_BUDGETS.signupScripts);
    } finally {
      await browser.close();
    }
  }, 60_000);

  test(`all JavaScript together is at most ${ALL_JAVASCRIPT_BUDGET / 1024} KB gzip`, () => {
    expect(sizes.allJavaScript).toBeGreaterThan(0);
    expect(sizes.allJavaScript).toBeLessThanOrEqual(ALL_JAVASCRIPT_BUDGET);
  });

  test(`the chart chunk, loaded with the dashboard only, is at most ${BUNDLE_BUDGETS.chartChunk / 1024} KB gzip`, () => {
    expect(sizes.chartChunkFiles.length).toBeGreaterThan(0);
    expect(sizes.chartChunk).toBeLessThanOrEqual(BUNDLE_BUDGETS.chartChunk);
  });

  test('the build gives no warning (such as two stylesheets in different orders in different chunks)', () => {
    expect((stats.warnings ?? []).map((warning) => warning.message)).toEqual([]);
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
