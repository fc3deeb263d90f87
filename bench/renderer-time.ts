/**
 * How long Chromium's renderer main threads ran, and how long they waited for a core
 * while they had work, over a stretch of the bench: Linux's per-thread account
 * (/proc/<pid>/task/<tid>/schedstat, nanoseconds). An input's time on this machine of
 * two cores, shared with other work, says little without it: the running is the
 * app's cost, the waiting is the machine's. Only the renderers of Chromiums this
 * process started are counted. Elsewhere than Linux the account is empty.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface ThreadTime {
  /** The pages' main threads: running, and waiting for a core while they had work. */
  runMs: number;
  waitMs: number;
  /**
   * The main thread of Chromium's own interface (headless Chromium still renders its
   * window's top bar, in a renderer of its own): work that competes with the page.
   */
  interfaceRunMs: number;
}

/** Each renderer's main thread so far, by process; `since` gives a stretch's share. */
export type RendererSnapshot = Map<number, { runNs: number; waitNs: number; isInterface: boolean }>;

export function rendererMainThreads(): RendererSnapshot | undefined {
  if (!existsSync('/proc/self/schedstat')) return undefined;
  const parents = parentsOfProcesses();
  const ours = (pid: number) => {
    for (let at: number | undefined = pid, depth = 0; at !== undefined && at > 1 && depth < 32; at = parents.get(at), depth += 1) {
      if (at === process.pid) return true;
    }
    return false;
  };
  const snapshot: RendererSnapshot = new Map();
  for (const pid of parents.keys()) {
    if (pid === process.pid || !ours(pid)) continue;
    // Chromium rewrites its helpers' command lines into one string: flags are looked for as words.
    const flags = readOrUndefined(`/proc/${pid}/cmdline`)?.split(/[\0 ]/) ?? [];
    if (!flags.includes('--type=renderer')) continue;
    // A renderer's main thread is its first thread (the thread id is the process's).
    const times = readOrUndefined(`/proc/${pid}/task/${pid}/schedstat`)?.trim().split(' ').map(Number);
    if (times) snapshot.set(pid, { runNs: times[0]!, waitNs: times[1]!, isInterface: flags.includes('--top-chrome-webui') });
  }
  return snapshot;
}

/**
 * What the renderers alive now did since `before`; one started meanwhile counts from
 * its start. One that ended meanwhile is not counted (its last figures are gone).
 */
export function since(before: RendererSnapshot | undefined): ThreadTime | undefined {
  const now = rendererMainThreads();
  if (!before || !now) return undefined;
  let runNs = 0;
  let waitNs = 0;
  let interfaceRunNs = 0;
  for (const [pid, times] of now) {
    const earlier = before.get(pid);
    const run = times.runNs - (earlier?.runNs ?? 0);
    if (times.isInterface) {
      interfaceRunNs += run;
    } else {
      runNs += run;
      waitNs += times.waitNs - (earlier?.waitNs ?? 0);
    }
  }
  return { runMs: runNs / 1e6, waitMs: waitNs / 1e6, interfaceRunMs: interfaceRunNs / 1e6 };
}

function parentsOfProcesses(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readOrUndefined(`/proc/${name}/stat`);
    // The command name (field 2) may hold spaces: the parent is the second field after its closing parenthesis.
    if (stat) parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  return parents;
}

function readOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // The process ended while it was being read.
    return undefined;
  }
}
