/**
 * Lighthouse's performance audit with its default (mobile) preset: a mid-range
 * phone on slow 4G, simulated, against Debian's Chromium started here with a
 * debugging port for Lighthouse to drive. Lighthouse itself runs in a child process
 * on Node 24 (bench/lighthouse-runner.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { median } from './figures.ts';
import { audit } from './lighthouse-runner.ts';
import { freePort } from './server-process.ts';

export interface LighthouseRun {
  /** 0–100. */
  performance: number;
  totalBlockingTime: number;
  cumulativeLayoutShift: number;
  /**
   * First contentful paint as Lighthouse simulates it on the phone. On /signup it says
   * which of two pictures of the load the run's blocking time was counted on (README,
   * "The browser figures in the full run and alone"): about 0.8 s when the splash
   * painted before the app's script had been fetched and started, about 1.4 s when the
   * script ran first and so is counted as part of the first paint.
   */
  firstContentfulPaint: number;
}

/** The medians of the runs, and each run. */
export interface LighthouseFigures {
  performance: number;
  totalBlockingTime: number;
  cumulativeLayoutShift: number;
  runs: LighthouseRun[];
}

export async function runLighthouse(url: string, runs: number): Promise<LighthouseFigures> {
  const done: LighthouseRun[] = [];
  for (let run = 0; run < runs; run += 1) done.push(await oneRun(url));
  return {
    performance: median(done.map((run) => run.performance)),
    totalBlockingTime: median(done.map((run) => run.totalBlockingTime)),
    cumulativeLayoutShift: median(done.map((run) => run.cumulativeLayoutShift)),
    runs: done,
  };
}

async function oneRun(url: string): Promise<LighthouseRun> {
  return withDebuggingChromium(async (port) => {
    const { lighthouseVersion, ...figures } = await audit({ kind: 'performance', url, port });
    console.error(`[bench] Lighthouse ${lighthouseVersion}: ${url} performance ${figures.performance}`);
    return figures;
  });
}

/** Debian's Chromium with a fresh profile and a debugging port for Lighthouse, for the length of `use`. */
export async function withDebuggingChromium<T>(use: (port: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const userDataDir = mkdtempSync(join(tmpdir(), 'crm-bench-lighthouse-'));
  const chromium = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      chromium.once('exit', (code) => reject(new Error(`Chromium exited with ${code} before listening`)));
      chromium.stderr!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('DevTools listening on')) resolve();
      });
    });
    return await use(port);
  } finally {
    const exited = new Promise((resolve) => chromium.once('exit', resolve));
    chromium.kill('SIGTERM');
    await exited;
    // Chromium's helper processes may go on writing the profile after it exits: the
    // temporary folder is removed when it can be, and never costs the measurement.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`Could not remove ${userDataDir}: ${(error as Error).message}`);
    }
  }
}
