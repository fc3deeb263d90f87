import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BUNDLE_BUDGETS, buildApp, bundleSizes, type BundleSizes } from '../../bench/bundle.ts';

let outputDir: string;
let sizes: BundleSizes;

beforeAll(async () => {
  // A build of its own, so that it never races the browser tests' build in dist/.
  outputDir = mkdtempSync(join(tmpdir(), 'crm-chart-chunk-'));
  sizes = bundleSizes(outputDir, await buildApp(outputDir));
}, 120_000);

afterAll(() => {
  if (outputDir) rmSync(outputDir, { recursive: true, force: true });
});

describe('chart chunk budget', () => {
  test('the chart chunk, loaded with the dashboard only, is at most 100 KB gzip', () => {
    expect(sizes.chartChunkFiles.length).toBeGreaterThan(0);
    expect(sizes.chartChunk).toBeLessThanOrEqual(BUNDLE_BUDGETS.chartChunk);
  });
});
