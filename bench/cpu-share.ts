/**
 * Who used the machine's CPU during a load run: the server processes, the PostgreSQL
 * cluster they share, the bench's own process (the people, and the proxy of the
 * two-process run), and everything else on the machine (other work, the kernel's
 * share not charged to a process). On a machine of two cores the people and the
 * server compete for the same cores, so a run's latencies say little without this.
 * Read from /proc (Linux); elsewhere the account is empty.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** CPU seconds of each party over the run, and the seconds the machine's cores had. */
export interface CpuShare {
  wallSeconds: number;
  cores: number;
  server: number;
  database: number;
  bench: number;
  /** Busy time of the machine not charged to the parties above. */
  other: number;
  /**
   * How late the bench's own event loop ran (99th percentile and longest, ms): every
   * timing of the run includes the bench's delay in reading its answer.
   */
  benchLoopDelayP99Ms: number;
  benchLoopDelayMaxMs: number;
}

const TICKS_PER_SECOND = 100;
const LOOP_RESOLUTION_MS = 10;

/** Starts the account; the function it returns closes it. `serverPids` are the server processes, `databasePort` the cluster's. */
export function startCpuAccount(serverPids: number[], databasePort?: number): () => CpuShare | undefined {
  if (!existsSync('/proc/stat')) return () => undefined;
  const startedAt = performance.now();
  const machineBefore = machineBusyTicks();
  const serversBefore = sum(serverPids.map(processTicks));
  const databaseBefore = databasePort === undefined ? 0 : clusterTicks(databasePort);
  const benchBefore = process.cpuUsage();
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  return () => {
    loopDelay.disable();
    const bench = process.cpuUsage(benchBefore);
    const benchSeconds = (bench.user + bench.system) / 1e6;
    const server = (sum(serverPids.map(processTicks)) - serversBefore) / TICKS_PER_SECOND;
    const database = databasePort === undefined ? 0 : (clusterTicks(databasePort) - databaseBefore) / TICKS_PER_SECOND;
    const machine = (machineBusyTicks() - machineBefore) / TICKS_PER_SECOND;
    return {
      wallSeconds: (performance.now() - startedAt) / 1000,
      cores: cpus().length,
      server,
      database,
      bench: benchSeconds,
      other: Math.max(0, machine - server - database - benchSeconds),
      // The histogram holds the intervals between its timer's turns: lateness is what exceeds the resolution.
      benchLoopDelayP99Ms: Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
      benchLoopDelayMaxMs: Math.max(0, loopDelay.max / 1e6 - LOOP_RESOLUTION_MS),
    };
  };
}

/** "CPU: server 61 %, PostgreSQL 14 %, the bench (people, proxy) 18 %, other 3 % of 2 cores over 62 s; the bench's event loop late by …". */
export function describeCpuShare(share: CpuShare): string {
  const available = share.wallSeconds * share.cores;
  const percent = (seconds: number) => `${Math.round((100 * seconds) / available)} %`;
  const parts = [`server ${percent(share.server)}`];
  if (share.database > 0) parts.push(`PostgreSQL ${percent(share.database)}`);
  parts.push(`the bench (people, proxy) ${percent(share.bench)}`, `other ${percent(share.other)}`);
  return `CPU: ${parts.join(', ')} of ${share.cores} cores over ${share.wallSeconds.toFixed(0)} s; the bench's event loop late by ${share.benchLoopDelayP99Ms.toFixed(0)} ms at p99, ${share.benchLoopDelayMaxMs.toFixed(0)} ms at most`;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Ticks every core spent on anything but idling and waiting for disks, since boot. */
function machineBusyTicks(): number {
  const [cpuLine] = readFileSync('/proc/stat', 'utf8').split('\n');
  const [, ...fields] = cpuLine!.trim().split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  void idle;
  void iowait;
  return user + nice + system + irq + softirq + steal;
}

interface ProcessTimes {
  pid: number;
  parent: number;
  /** Its own user and system ticks. */
  own: number;
  /** Those of its children that have exited and been waited for. */
  children: number;
}

function processTimes(pid: number): ProcessTimes | undefined {
  const fields = statFields(`/proc/${pid}/stat`);
  if (!fields) return undefined;
  // Fields 4 (parent), 14–17 (utime, stime, cutime, cstime), counted from 3 here.
  return { pid, parent: fields[1]!, own: fields[11]! + fields[12]!, children: fields[13]! + fields[14]! };
}

/** The fields of a /proc stat file from field 3 on, or undefined when it is gone. */
function statFields(path: string): number[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
}

const processTicks = (pid: number) => processTimes(pid)?.own ?? 0;

/** The cluster listening on `port`: its postmaster, its live backends and workers, and those that have exited. */
function clusterTicks(port: number): number {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => Number(name));
  const postmaster = all.find((pid) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return /postgres$/.test(argv[0] ?? '') && argv.some((arg, i) => arg === '-p' && argv[i + 1] === String(port));
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return 0;
  const times = all.map(processTimes).filter((times): times is ProcessTimes => times !== undefined);
  const main = times.find((t) => t.pid === postmaster);
  return (main ? main.own + main.children : 0) + sum(times.filter((t) => t.parent === postmaster).map((t) => t.own));
}
