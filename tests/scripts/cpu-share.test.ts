import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeCpuShare, startCpuAccount } from '../../bench/cpu-share.ts';

/** A process of its own, busy for `ms`, as a server is while it answers. */
function busyProcess(ms: number): { pid: number; exited: Promise<void> } {
  const child = spawn(process.execPath, ['-e', `const until = Date.now() + ${ms}; while (Date.now() < until) Math.sqrt(Math.random());`], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve());
  });
  return { pid: child.pid!, exited };
}

// /proc only: elsewhere the account is empty.
describe.runIf(existsSync('/proc/stat'))("the load run's account of the machine's CPU", () => {
  it("charges the server's work to the server, not to the bench", async () => {
    const server = busyProcess(1500);
    // Once the process runs (node takes a moment to start), its work is what the account sees.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const close = startCpuAccount([server.pid]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const share = close()!;
    await server.exited;
    // Ticks of 10 ms, and a machine shared with other work: wide margins.
    expect(share.server).toBeGreaterThan(0.2);
    expect(share.bench).toBeLessThan(0.2);
    expect(share.wallSeconds).toBeGreaterThan(0.7);
    expect(describeCpuShare(share)).toMatch(/^CPU: server \d+ %, the bench \(people, proxy\) \d+ %, other \d+ % of \d+ cores over \d+ s; /);
  });
});
