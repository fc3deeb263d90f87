import { Worker } from 'node:worker_threads';

/** No request, statement or timer of this server keeps the event loop this long. */
export const HANG_LIMIT_MS = 15_000;
const BEAT_MS = 500;

/**
 * Ends the process when its main thread stops turning. PGlite runs PostgreSQL on the
 * main thread; on some storage failures (a write-ahead log that cannot grow) it spins
 * there for ever, and then no request, timer or SIGTERM handler can run again. A worker
 * thread still can: it says why in the log and kills the process, so that a supervisor
 * starts it afresh and PostgreSQL's recovery replays what was committed.
 */
export async function watchForHang({ dataDir, limitMs = HANG_LIMIT_MS }: { dataDir?: string | undefined; limitMs?: number }): Promise<() => void> {
  const beats = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const beat = setInterval(() => Atomics.add(beats, 0, 1), BEAT_MS);
  beat.unref();
  // Without the process's loader flags (tsx): the watcher is plain JavaScript, and a loader
  // would make its start wait on the main thread it is there to watch.
  const worker = new Worker(WATCHER, { eval: true, execArgv: [], workerData: { beats, limitMs, beatMs: BEAT_MS, dataDir } });
  await new Promise<void>((resolve, reject) => {
    worker.once('online', resolve);
    worker.once('error', reject);
  });
  // It watches; it does not keep the process alive.
  worker.unref();
  return () => {
    clearInterval(beat);
    void worker.terminate();
  };
}

// Plain JavaScript, evaluated in the worker: it has to run without the TypeScript loader.
const WATCHER = `
const { workerData } = require('node:worker_threads');
const { statfsSync, writeSync } = require('node:fs');
const { beats, limitMs, beatMs, dataDir } = workerData;
let seen = Atomics.load(beats, 0);
let since = Date.now();
function freeSpace() {
  if (!dataDir) return '';
  try {
    const { bavail, bsize } = statfsSync(dataDir);
    return ' Its data directory (' + dataDir + ') has ' + (bavail * bsize / 1024 / 1024).toFixed(1) + ' MB free; if the disk is full, free some space.';
  } catch {
    return ' Its data directory (' + dataDir + ') cannot be examined.';
  }
}
setInterval(() => {
  const now = Atomics.load(beats, 0);
  if (now !== seen) {
    seen = now;
    since = Date.now();
    return;
  }
  if (Date.now() - since < limitMs) return;
  writeSync(2, 'The server stopped: it has not answered anything for ' + Math.round(limitMs / 1000) + ' s, as when its database cannot write.' + freeSpace() + ' A supervisor should start it again.\\n');
  process.kill(process.pid, 'SIGKILL');
}, beatMs);
`;
