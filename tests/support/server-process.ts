import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';
import { START_FROM_SOURCES } from './start-command.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, for the failure message. */
  output(): string;
  /** Ends it with SIGTERM (a clean shutdown) and waits. */
  stop(): Promise<void>;
  /** Ends it with SIGKILL (a crash: nothing is flushed or closed) and waits. */
  kill(): Promise<void>;
}

/**
 * The real `npm start` process (server/start.ts) on a free loopback port, with the
 * given storage. The app build is not under test here, so it serves a one-line
 * document instead of building the app.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const appDir = mkdtempSync(join(tmpdir(), 'crm-app-'));
  writeFileSync(join(appDir, 'index.html'), '<!doctype html><title>CRM</title>');
  const child = spawn(process.execPath, START_FROM_SOURCES, {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      CRM_SKIP_BUILD: '1',
      CRM_APP_DIR: appDir,
      CRM_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child, () => output);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, output: () => output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}
