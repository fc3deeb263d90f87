import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { describeCpuShare, startCpuAccount } from '../../bench/cpu-share.ts';

function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) Math.sqrt(Math.random());
}

/** Another thread of this process, busy for `ms` (as V8's compiling and collecting, or libuv's compression, are). */
function busyThreadFor(ms: number): Promise<void> {
  const worker = new Worker(`const until = performance.now() + ${ms}; while (performance.now() < until) Math.sqrt(Math.random());`, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
}

// /proc only: elsewhere the account is empty.
describe.runIf(existsSync('/proc/self/task'))("the load run's account of the server's CPU", () => {
  it("tells the server's main thread from its other threads", async () => {
    const close = startCpuAccount([process.pid]);
    busyFor(400);
    await busyThreadFor(400);
    const share = close()!;
    // Ticks of 10 ms, and a machine shared with other work: wide margins.
    expect(share.serverMainThread).toBeGreaterThan(0.3);
    expect(share.server - share.serverMainThread).toBeGreaterThan(0.3);
    expect(describeCpuShare(share)).toMatch(/^CPU: server \d+ % \(its main thread \d+ %\), /);
  });
});
