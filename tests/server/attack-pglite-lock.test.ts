import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { ownerOf } from '../../server/db/data-dir-lock.ts';
import { startServerProcess } from '../support/server-process.ts';

// A second `npm start` on the same CRM_DATA_DIR once started and acknowledged writes,
// and after a restart all of them were gone. The data directory is PGlite's whichever
// database the suite runs on, as the lock belongs to embedded PGlite.
let dataDir: string;
let first: Database;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'crm-locked-'));
  first = await openDatabase({ dataDir });
  await migrate(first);
});
afterAll(async () => {
  await first?.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

test('a second server process on the same CRM_DATA_DIR refuses to start, saying why', async () => {
  await first.query("insert into tenants (name) values ('Written by the first')");
  const second = await startServerProcess({ CRM_DATA_DIR: dataDir, CRM_SEED: 'none' }).catch((error: Error) => error);
  if (!(second instanceof Error)) await second.stop();
  expect(second).toBeInstanceOf(Error);
  expect(String(second)).toMatch(/exited with 1[\s\S]*is already used by another CRM server \(process \d+\)/);
});

test('a second opening in the same process is refused too; once the first closes, its writes are all there', async () => {
  await expect(openDatabase({ dataDir })).rejects.toThrow(/already used by another CRM server/);
  await first.close();
  const reopened = await openDatabase({ dataDir });
  try {
    expect(await reopened.query("select name from tenants where name = 'Written by the first'")).toHaveLength(1);
  } finally {
    await reopened.close();
  }
});

test('a lock left by a killed server whose id the new one has (a container restart) is taken over', async () => {
  const restarted = mkdtempSync(join(tmpdir(), 'crm-restarted-'));
  try {
    // In a container the server is process 1 at every start: the killed one's lock names
    // this very id, with the start of a process that no longer exists.
    const self = ownerOf(process.pid);
    writeFileSync(join(restarted, 'crm-server.lock'), JSON.stringify({ pid: process.pid, started: `${self.started}-before` }));
    const database = await openDatabase({ dataDir: restarted });
    await database.close();
  } finally {
    rmSync(restarted, { recursive: true, force: true });
  }
});
