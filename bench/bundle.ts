/**
 * The production build and what it weighs: the chart chunk the dashboard adds and
 * all JavaScript, each gzipped as a server would send it (the first screen's scripts
 * are counted as a browser loads them, in bench/first-screen.ts). Used by
 * `npm run bench`; the size test in `npm test` holds the same budgets.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { rspack, type StatsCompilation } from '@rspack/core';
import config from '../rspack.config.ts';

export const KB = 1024;

/** The size budgets, in bytes of gzip. */
export const BUNDLE_BUDGETS = {
  /** Every script Chromium downloads to show /signup, the lazily loaded chunks included (bench/first-screen.ts). */
  signupScripts: 110 * KB,
  chartChunk: 100 * KB,
  // Raised twice as screens came (settings, signed-out pages, API parts, record pages,
  // the board, search, saved views, CSV import, bulk actions); every screen is a lazy
  // chunk, so the first screen does not carry them.
  allJavaScript: 320 * KB,
} as const;

export interface BundleSizes {
  /** Every chunk holding the chart library (Plot and the d3 modules it brings); 0 when none does. */
  chartChunk: number;
  chartChunkFiles: string[];
  allJavaScript: number;
}

/** Builds the app for production into `outputDir` and returns the build's chunk statistics. */
export async function buildApp(outputDir: string): Promise<StatsCompilation> {
  const compiler = rspack({ ...config, mode: 'production', output: { ...config.output, path: outputDir } });
  return new Promise<StatsCompilation>((resolve, reject) =>
    compiler.run((error, result) => {
      if (error || !result) return reject(error ?? new Error('no build result'));
      if (result.hasErrors()) return reject(new Error(result.toString({ all: false, errors: true })));
      compiler.close(() => resolve(result.toJson({ all: false, warnings: true, chunks: true, chunkModules: true, modules: true, ids: true, assets: true })));
    }),
  );
}

// The chart library and the d3 packages only it pulls in.
const CHART_MODULE = /node_modules\/(@observablehq\/plot|d3-[a-z-]+|interval-tree-1d|isoformat|binary-search-bounds)\//;

export function bundleSizes(outputDir: string, stats: StatsCompilation): BundleSizes {
  const gzipped = (file: string) => gzipSync(readFileSync(join(outputDir, file)), { level: 9 }).length;
  const sum = (files: readonly string[]) => files.reduce((total, file) => total + gzipped(file), 0);
  const isJavaScript = (file: string) => file.endsWith('.js');

  const chartChunkFiles = (stats.chunks ?? [])
    .filter((chunk) => (chunk.modules ?? []).some((module) => CHART_MODULE.test(module.nameForCondition ?? module.name ?? '')))
    .flatMap((chunk) => (chunk.files ?? []).filter(isJavaScript));

  return {
    chartChunk: sum(chartChunkFiles),
    chartChunkFiles,
    allJavaScript: sum((stats.assets ?? []).map((asset) => asset.name).filter(isJavaScript)),
  };
}
