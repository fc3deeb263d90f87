import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'crm-server.lock';

/** The data directory is held by a server that is still running. */
export class DataDirInUse extends Error {}

/**
 * Takes the PGlite data directory for this process alone. PGlite is one PostgreSQL
 * backend in this process, with no postmaster to keep a second one out: two servers on
 * one directory would each write over the other's files. A lock file names the owning
 * process; a lock left by a process that no longer runs (a crash) is taken over.
 * Returns the release, for when the database is closed.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = openSync(path, 'wx');
      writeSync(handle, String(process.pid));
      closeSync(handle);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        unlinkSync(path);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readFileSync(path, 'utf8').trim());
    if (isRunning(owner)) {
      throw new DataDirInUse(
        `The data directory ${dataDir} is already used by another CRM server (process ${owner}). ` +
          'Stop that server first, or give this one another CRM_DATA_DIR.',
      );
    }
    unlinkSync(path); // left by a process that ended without closing
  }
  throw new DataDirInUse(`Could not take the data directory ${dataDir}: another server is starting on it.`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
