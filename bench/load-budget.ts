/**
 * The load budgets shaped like users: people of a bench tenant using the app for a minute
 * (bench/people.ts). A sales floor of 500 on PostgreSQL, with one server process and with two
 * sharing the database behind a round-robin proxy, where every write is checked through the
 * other process; and a team of 25 on PGlite, the embedded database a team runs on.
 */
import { describeCpuShare, startCpuAccount, type CpuShare } from './cpu-share.ts';
import { atMost, notMeasured, type Figure } from './figures.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, type LargeTenant } from './large-tenant.ts';
import type { Resend } from './browser-send.ts';
import { runPeople, type Catalogue, type PeopleRun, type Someone } from './people.ts';
import { startRoundRobinProxy } from './round-robin-proxy.ts';
import { freePort, startServer, type ServerProcess } from './server-process.ts';
import { signInForAccessToken } from './sign-in.ts';

/** Of the people, the share who are managers; the rest are salespersons. */
const MANAGER_SHARE = 0.1;
/** Of the people, the share who arrive (and sign in) during the minute; the rest are at work already. */
const ARRIVING_SHARE = 0.2;
const LOAD_SECONDS = 60;
/** The provider's default: the app refreshes the token 5 s before it ends. */
const ACCESS_TOKEN_TTL_SECONDS = 300;
const MB = 1024 * 1024;

/** How many people, how many of them arriving, for how long: the budget's, or fewer while working on it. */
export interface LoadShape {
  people: number;
  arriving: number;
  seconds: number;
  /** Extra flags for the server processes' node (e.g. `--cpu-prof`), while working on the load. */
  serverNodeArgs?: string[];
}

/** `people` for `seconds`, a fifth of them arriving during the run. */
export function loadShape(people: number, seconds = LOAD_SECONDS): LoadShape {
  return { people, arriving: Math.round(people * ARRIVING_SHARE), seconds };
}

export interface LoadBudget {
  p95: number;
  p99: number;
  errors: number;
  peakMemoryMb: number;
  staleReads: number;
}

/** A sales floor on PostgreSQL: one process, and two behind the proxy. */
export const POSTGRES_PEOPLE = 500;
export const POSTGRES_BUDGET: LoadBudget = { p95: 100, p99: 300, errors: 0, peakMemoryMb: 350, staleReads: 0 };

/** A team on PGlite, one process. */
export const PGLITE_PEOPLE = 25;
export const PGLITE_BUDGET: LoadBudget = { p95: 250, p99: 1000, errors: 0, peakMemoryMb: 350, staleReads: 0 };

/**
 * Who the people are: managers are the tenant's Admins (every 20th user), the salespersons
 * its first Users, each with the bench's password. Refuses more people than `users` holds.
 */
export function benchPeople(count: number, users: number): Someone[] {
  const managerCount = Math.round(count * MANAGER_SHARE);
  const managers = Array.from({ length: managerCount }, (_, i): Someone => ({ email: `person${20 * (i + 1)}@bench.test`, password: BENCH_PASSWORD, role: 'manager' }));
  const salespersons: Someone[] = [];
  let n = 2;
  for (; salespersons.length < count - managerCount; n += 1) {
    if (n % 20 !== 0) salespersons.push({ email: `person${n}@bench.test`, password: BENCH_PASSWORD, role: 'salesperson' });
  }
  const highest = Math.max(n - 1, 20 * managerCount);
  if (highest > users) throw new Error(`${count} people need ${highest} users; the tenant has ${users}`);
  // Interleaved, so that arrivals and the people at work hold both roles in proportion.
  const perManager = Math.max(1, Math.floor(salespersons.length / Math.max(1, managerCount)));
  return salespersons.flatMap((someone, i) => (i % perManager === 0 && managers[i / perManager] ? [managers[i / perManager]!, someone] : [someone]));
}

/** The ids the people open and edit, read through the API as the tenant's admin (not timed). */
export async function catalogueOf(baseUrl: string, tenant: LargeTenant): Promise<Catalogue> {
  const headers = { authorization: `Bearer ${await signInForAccessToken(baseUrl, BENCH_ADMIN_EMAIL, BENCH_PASSWORD)}`, 'content-type': 'application/json' };
  const read = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { method: body ? 'POST' : 'GET', headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  const { tenantId } = tenant;
  const users = await read<{ id: number; role_id: number }[]>(`/api/users/getAllData/${tenantId}`);
  return {
    tenantId,
    currentYear: tenant.currentYear,
    previousYear: tenant.previousYear,
    size: tenant.size,
    // The analysis carries no ids (the spec's four fields), and the year's whole list would
    // put every row of the year into the server's peak memory before the people start: read with the data.
    opportunityIds: tenant.opportunityIds,
    customerIds: ids(await read(`/api/customers/getAllData/${tenantId}`)),
    activityIds: ids(await read(`/api/activities/getAllData/${tenantId}`)),
    salespersonIds: ids(await read(`/api/salespersons/getAllData/${tenantId}`)),
    plainUserIds: ids(users.filter((user) => user.role_id === 3)),
  };
}

/** A load run, and who used the machine's CPU during it. */
export type LoadRun = PeopleRun & { cpu?: CpuShare };

export interface LoadResult {
  figures: Figure[];
  runs: Record<string, LoadRun>;
}

interface Setup {
  label: string;
  /** The processes serve at these; the people call `baseUrl`. */
  servers: ServerProcess[];
  baseUrl: string;
  checksOtherProcess: boolean;
  budget: LoadBudget;
  /** The PostgreSQL cluster's port, to count its CPU. */
  databasePort?: number;
}

function figuresOf({ label, servers, checksOtherProcess, budget }: Setup, run: LoadRun, shape: LoadShape): Figure[] {
  const rate = `${run.requests} requests in ${shape.seconds} s (${(run.requests / run.seconds).toFixed(0)}/s)${run.cpu ? `; ${describeCpuShare(run.cpu)}` : ''}`;
  const slowest = [...run.calls].sort((a, b) => b.p99 - a.p99)[0];
  const figures = [
    atMost(`${label}: p95 latency`, run.p95, 'ms', budget.p95, rate),
    atMost(`${label}: p99 latency`, run.p99, 'ms', budget.p99, slowest ? `slowest call at p99: ${slowest.call}, ${slowest.p99.toFixed(0)} ms` : undefined),
    atMost(`${label}: errors`, run.errors, 'count', budget.errors, run.errorSamples[0] ?? (run.resends.length ? `${run.resends.length} requests sent again (a kept connection closed before any byte)` : undefined)),
    atMost(
      `${label}: peak memory (VmHWM)`,
      Math.max(...servers.map((server) => server.peakMemory())) / MB,
      'MB',
      budget.peakMemoryMb,
      servers.length > 1 ? 'the larger of the two processes' : undefined,
    ),
  ];
  if (checksOtherProcess) {
    figures.push(
      atMost(
        `${label}: stale reads after an acknowledged write, through the other process`,
        run.staleReads,
        'count',
        budget.staleReads,
        `${run.checkedReads} reads checked; window 0 ms${run.staleReads ? `; the longest took ${run.longestStaleMs.toFixed(0)} ms to be current` : ''}`,
      ),
    );
  }
  return figures;
}

async function measure(setup: Setup, tenant: LargeTenant, shape: LoadShape, log: (message: string) => void): Promise<{ figures: Figure[]; run: LoadRun }> {
  log(`${setup.label}: ${shape.arriving} of them arriving, for ${shape.seconds} s`);
  const catalogue = await catalogueOf(setup.baseUrl, tenant);
  let closeAccount: (() => CpuShare | undefined) | undefined;
  const people = await runPeople({
    baseUrl: setup.baseUrl,
    upstreams: setup.servers.map((server) => server.baseUrl),
    people: benchPeople(shape.people, tenant.size.users),
    arriving: shape.arriving,
    seconds: shape.seconds,
    accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    catalogue,
    seed: 19,
    // From the first person's first step, after the untimed sign-ins of those already at work.
    onStart: () => (closeAccount = startCpuAccount(setup.servers.map((server) => server.pid), setup.databasePort)),
  });
  const cpu = closeAccount?.();
  const run: LoadRun = { ...people, ...(cpu ? { cpu } : {}) };
  log(describeRun(setup.label, run));
  return { figures: figuresOf(setup, run, shape), run };
}

/** The run call by call, for the log and the account of the mix in docs/performance.md. */
export function describeRun(label: string, run: LoadRun): string {
  const lines = [`${label}: ${run.requests} requests, p95 ${run.p95.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, ${run.errors} errors, ${run.staleReads}/${run.checkedReads} stale`];
  if (run.cpu) lines.push(`  ${describeCpuShare(run.cpu)}`);
  if (run.revalidated) lines.push(`  revalidated: ${run.revalidated} requests sent with the ETag of the answer remembered, ${run.notModified} of them answered 304 Not Modified`);
  lines.push(`  screens: ${Object.entries(run.screens).map(([screen, count]) => `${screen} ${count}`).join('; ')}`);
  for (const call of run.calls) lines.push(`  ${call.call}: ${call.count}, p95 ${call.p95.toFixed(1)}, p99 ${call.p99.toFixed(1)}, max ${call.max.toFixed(0)} ms`);
  if (run.resends.length) lines.push(`  ${describeResends(run.resends)}`);
  if (run.errorSamples.length) lines.push(`  errors: ${run.errorSamples.join(' | ')}`);
  return lines.join('\n');
}

/** "sent again after a kept connection closed before any byte of the answer, as a browser does: 3 (read ECONNRESET 2, socket hang up 1; idle 30.0–30.4 s, failed 0–2 ms after sending)". */
export function describeResends(resends: Resend[]): string {
  const reasons = new Map<string, number>();
  for (const { error } of resends) reasons.set(error, (reasons.get(error) ?? 0) + 1);
  const range = (values: number[], unit: (value: number) => string) => `${unit(Math.min(...values))}–${unit(Math.max(...values))}`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `sent again after a kept connection closed before any byte of the answer, as a browser does: ${resends.length} (${[...reasons].map(([error, count]) => `${error} ${count}`).join(', ')}; idle ${range(
    resends.map((resend) => resend.idleMs),
    seconds,
  )}, failed ${range(
    resends.map((resend) => resend.failedAfterMs),
    ms,
  )} after sending)`;
}

const serverEnv = { ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_SECONDS) };

/** One process on the PGlite data directory that holds the team's tenant. */
export async function pgliteLoad(appDir: string, dataDir: string, tenant: LargeTenant, shape: LoadShape, log: (message: string) => void): Promise<LoadResult> {
  const label = `${shape.people} people of a team, one process, PGlite`;
  const budget = PGLITE_BUDGET;
  const server = await startServer({ appDir, dataDir, env: serverEnv, nodeArgs: shape.serverNodeArgs });
  try {
    const { figures, run } = await measure({ label, servers: [server], baseUrl: server.baseUrl, checksOtherProcess: false, budget }, tenant, shape, log);
    return { figures, runs: { [label]: run } };
  } catch (error) {
    return { figures: failed(label, budget, error, false), runs: {} };
  } finally {
    await server.stop();
  }
}

/** One process on PostgreSQL, then two behind the round-robin proxy, on the same cluster. */
export async function postgresLoad(appDir: string, databaseUrl: string, tenant: LargeTenant, shape: LoadShape, log: (message: string) => void): Promise<LoadResult> {
  const result: LoadResult = { figures: [], runs: {} };
  const budget = POSTGRES_BUDGET;
  const one = `${shape.people} people of a sales floor, one process, PostgreSQL`;
  try {
    const server = await startServer({ appDir, databaseUrl, env: serverEnv, nodeArgs: shape.serverNodeArgs });
    try {
      const { figures, run } = await measure({ label: one, servers: [server], baseUrl: server.baseUrl, checksOtherProcess: false, budget, databasePort: portOf(databaseUrl) }, tenant, shape, log);
      result.figures.push(...figures);
      result.runs[one] = run;
    } finally {
      await server.stop();
    }
  } catch (error) {
    result.figures.push(...failed(one, budget, error, false));
  }

  const two = `${shape.people} people of a sales floor, two processes behind a round-robin proxy, PostgreSQL`;
  try {
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    // Both issue and accept tokens for the address people use: the proxy's.
    const env = { ...serverEnv, PUBLIC_URL: publicUrl };
    const servers = [await startServer({ appDir, databaseUrl, env, nodeArgs: shape.serverNodeArgs }), await startServer({ appDir, databaseUrl, env, nodeArgs: shape.serverNodeArgs })];
    const proxy = await startRoundRobinProxy(
      proxyPort,
      servers.map((server) => server.baseUrl),
    );
    try {
      const { figures, run } = await measure({ label: two, servers, baseUrl: publicUrl, checksOtherProcess: true, budget, databasePort: portOf(databaseUrl) }, tenant, shape, log);
      result.figures.push(...figures);
      result.runs[two] = run;
    } finally {
      await proxy.stop();
      await Promise.all(servers.map((server) => server.stop()));
    }
  } catch (error) {
    result.figures.push(...failed(two, budget, error, true));
  }
  return result;
}

function failed(label: string, budget: LoadBudget, error: unknown, checksOtherProcess: boolean): Figure[] {
  const why = (error as Error).message.split('\n')[0]!;
  const names: [string, string][] = [
    ['p95 latency', `≤ ${budget.p95} ms`],
    ['p99 latency', `≤ ${budget.p99} ms`],
    ['errors', `≤ ${budget.errors}`],
    ['peak memory (VmHWM)', `≤ ${budget.peakMemoryMb} MB`],
  ];
  if (checksOtherProcess) names.push(['stale reads after an acknowledged write, through the other process', `≤ ${budget.staleReads}`]);
  return names.map(([name, limit]) => notMeasured(`${label}: ${name}`, limit, why));
}

const portOf = (databaseUrl: string) => Number(new URL(databaseUrl).port || 5432);
