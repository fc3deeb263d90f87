import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, closeSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, test } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { signInForAccessToken } from '../../bench/sign-in.ts';
import { HANG_LIMIT_MS } from '../../server/watchdog.ts';
import { DEMO_PASSWORD } from '../support/seeded-template.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

/**
 * "A storage error from PGlite is fatal on purpose." PGlite's data directory lives on a
 * small file system of its own; once the server runs, the rest of it is filled, and saves
 * go on until one fails for want of space. The process must then end with a sentence and
 * a non-zero status (a supervisor restarts it), not hang; started again once the space is
 * back, it holds every save it acknowledged.
 */
const DISK_MB = 80;
const LEFT_FREE_BYTES = 1024 * 1024;
// The watchdog's limit, and time for the process to be seen ending.
const EXIT_WITHIN_MS = HANG_LIMIT_MS + 10_000;

interface SmallDisk {
  /** A copy of the seeded PGlite directory on it. */
  dataDir: string;
  /** Takes all but `leave` bytes of its free space. */
  fill(leave: number): void;
  /** Gives the space back. */
  free(): void;
  remove(): void;
}

const disks: SmallDisk[] = [];
afterAll(() => {
  for (const disk of disks) disk.remove();
});

function smallDisk(): SmallDisk {
  const mountPoint = mkdtempSync(join(tmpdir(), 'crm-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', mountPoint]);
  const dataDir = join(mountPoint, 'data');
  mkdirSync(dataDir);
  cpSync(inject('seededDataDir'), dataDir, { recursive: true });
  const filler = join(mountPoint, 'filler');
  const disk: SmallDisk = {
    dataDir,
    fill(leave) {
      const { bavail, bsize } = statfsSync(mountPoint);
      let remaining = bavail * bsize - leave;
      const chunk = Buffer.alloc(1024 * 1024, 1);
      const fd = openSync(filler, 'w');
      try {
        while (remaining > 0) remaining -= writeSync(fd, chunk, 0, Math.min(chunk.length, remaining));
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    remove() {
      execFileSync('umount', ['-l', mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    },
  };
  disks.push(disk);
  return disk;
}

async function exitOf(server: ServerProcess, withinMs: number): Promise<number | null | 'still running'> {
  const deadline = Date.now() + withinMs;
  while (server.child.exitCode === null && server.child.signalCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.child.signalCode ? null : (server.child.exitCode ?? 'still running');
}

test('a full disk ends the PGlite server with a sentence and a non-zero status; a restart keeps every acknowledged save', async () => {
  const disk = smallDisk();
  // Readiness wants more room than this small disk has; the test is of what happens when it runs out.
  const env = { CRM_DATA_DIR: disk.dataDir, CRM_SEED: 'none', CRM_MIN_FREE_MB: '0' };
  const first = await startServerProcess(env);
  const acknowledged: number[] = [];
  try {
    const token = await signInForAccessToken(first.url, 'rep@demo.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const salespersons = (await (await fetch(`${first.url}/api/salespersons/getAllData/1`, { headers })).json()) as { id: number }[];
    disk.fill(LEFT_FREE_BYTES);
    // Saves until the server stops answering them: each carries a long customer name, and the history row writes it twice.
    for (let n = 0; n < 20_000 && first.child.exitCode === null; n++) {
      const response = await fetch(`${first.url}/api/opportunities`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          customer: `Disk Filler ${n} ${'x'.repeat(180)}`,
          salesperson_id: salespersons[0]!.id,
          stage: 'proposal',
          created_date: '2026-03-01T10:00:00Z',
          revenue: 1000,
          probability: 50,
        }),
        signal: AbortSignal.timeout(EXIT_WITHIN_MS),
      }).catch(() => undefined);
      if (response?.status !== 201) break;
      acknowledged.push(((await response.json()) as { id: number }).id);
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    const status = await exitOf(first, EXIT_WITHIN_MS);
    expect(status, first.output()).not.toBe('still running');
    expect(status).not.toBe(0);
    expect(first.output()).toMatch(/The server stopped: .*data directory \(.+MB free/);
  } finally {
    await first.kill();
  }

  disk.free();
  const second = await startServerProcess(env);
  try {
    const token = await signInForAccessToken(second.url, 'rep@demo.test', DEMO_PASSWORD);
    const statuses = new Map<number, number>();
    for (let at = 0; at < acknowledged.length; at += 25) {
      await Promise.all(
        acknowledged.slice(at, at + 25).map(async (id) => {
          const response = await fetch(`${second.url}/api/opportunities/${id}`, { headers: { authorization: `Bearer ${token}` } });
          statuses.set(id, response.status);
        }),
      );
    }
    expect([...statuses.values()].filter((status) => status !== 200)).toEqual([]);
    expect(statuses.size).toBe(acknowledged.length);
  } finally {
    await second.stop();
  }
}, 90_000);

test('a table PGlite cannot grow for want of space is a storage fault, told before the statement fails', async () => {
  const disk = smallDisk();
  const faults: Error[] = [];
  const db = await openDatabase({ dataDir: disk.dataDir, onStorageFault: (error) => faults.push(error) });
  try {
    await db.query('create table filler (words text)');
    disk.fill(LEFT_FREE_BYTES);
    const failure = await (async () => {
      for (let n = 0; n < 10_000; n++) await db.query('insert into filler values ($1)', ['x'.repeat(1000)]);
    })().then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(faults).toEqual([failure]);
    expect(String(failure)).toMatch(/No space left on device|could not extend/);
    // An ordinary refusal is not one.
    await expect(db.query('select * from no_such_table')).rejects.toThrow();
    expect(faults).toHaveLength(1);
  } finally {
    await db.close();
  }
});
