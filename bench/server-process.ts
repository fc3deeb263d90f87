/**
 * The real server as a separate process, started the way `npm start` starts it
 * (minus the app build, which the bench has done), so that timings, cold start and
 * memory are those of the process people run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, npmStartServerCommand } from '../scripts/build-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawning the process to the first 200 from /healthz. */
  readyAfterMs: number;
  /** The highest resident memory the process has had so far (VmHWM), in bytes. */
  peakMemory(): number;
  stop(): Promise<void>;
}

export interface ServerOptions {
  appDir: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Extra flags for node, e.g. `--cpu-prof` to see where a benchmark's time goes. */
  nodeArgs?: string[];
  /** Settings over the bench's own (e.g. PUBLIC_URL behind a proxy, a realistic ACCESS_TOKEN_TTL). */
  env?: Record<string, string>;
}

export async function startServer({ appDir, dataDir, databaseUrl, nodeArgs = [], env = {} }: ServerOptions): Promise<ServerProcess> {
  buildServerIfStale();
  const server = npmStartServerCommand();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...server.nodeArgs], {
    cwd: root,
    env: {
      ...process.env,
      ...server.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CRM_SKIP_BUILD: '1',
      CRM_APP_DIR: appDir,
      // The load runs from one address; the limiter guards sign-up, not the measured calls.
      CRM_RATE_LIMIT: '100000',
      LOG_LEVEL: 'error',
      // One sign-in serves every load run, however slow the machine makes them.
      ACCESS_TOKEN_TTL: '3600',
      ...(dataDir ? { CRM_DATA_DIR: dataDir } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await waitForHealthy(baseUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`The server did not start: ${(error as Error).message}\n${output.join('')}`);
  }
  const readyAfterMs = performance.now() - started;
  return {
    baseUrl,
    pid: child.pid!,
    readyAfterMs,
    peakMemory: () => memoryOf(child.pid!, 'VmHWM'),
    stop: () => stop(child),
  };
}

function memoryOf(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`No ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

async function waitForHealthy(baseUrl: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    // Short, so that the cold start is timed to within a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no answer from ${baseUrl}/healthz within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
