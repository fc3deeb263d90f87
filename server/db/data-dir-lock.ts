import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'crm-server.lock';

/** The data directory is held by a server that is still running. */
export class DataDirInUse extends Error {}

/** Who holds the lock: a process id, and what tells that process from a later one with the same id. */
export interface LockOwner {
  pid: number;
  /** The boot and the moment the process started, where the system tells them (Linux's /proc); else empty. */
  started: string;
}

/**
 * Takes the PGlite data directory for this process alone. PGlite is one PostgreSQL
 * backend in this process, with no postmaster to keep a second one out: two servers on
 * one directory would each write over the other's files. A lock file names the owning
 * process by its id and start; a lock whose process no longer runs (a crash) is taken
 * over. The start matters in a container, where the server has the same id at every
 * start: after a kill, the id in the lock is the new server's own.
 * Returns the release, for when the database is closed.
 */
export function lockDataDir(dataDir: string, self: LockOwner = ownerOf(process.pid)): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = openSync(path, 'wx');
      writeSync(handle, JSON.stringify(self));
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
    const holder = parseOwner(readFileSync(path, 'utf8'));
    if (holder && isRunning(holder)) {
      throw new DataDirInUse(
        `The data directory ${dataDir} is already used by another CRM server (process ${holder.pid}). ` +
          'Stop that server first, or give this one another CRM_DATA_DIR.',
      );
    }
    unlinkSync(path); // left by a process that ended without closing
  }
  throw new DataDirInUse(`Could not take the data directory ${dataDir}: another server is starting on it.`);
}

/** The process `pid` as a lock names it. */
export function ownerOf(pid: number): LockOwner {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    // The start time is the 22nd field of /proc/<pid>/stat; the command before it may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return { pid, started: `${boot}/${startTicks}` };
  } catch {
    return { pid, started: '' };
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const { pid, started } = JSON.parse(text) as Partial<LockOwner>;
    return typeof pid === 'number' && typeof started === 'string' ? { pid, started } : undefined;
  } catch {
    return undefined; // unreadable: no live process holds it in a form this server wrote
  }
}

function isRunning(holder: LockOwner): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return ownerOf(holder.pid).started === holder.started;
}
