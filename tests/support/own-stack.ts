import { inject } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';
import { START_FROM_SOURCES } from './start-command.ts';

/**
 * A CRM server process of a test's own, for tests that stop and start the server
 * (the shared stack of tests/support/stack.ts must stay up for the others). It
 * serves the build the shared stack made, on its own copy of its data and its own port,
 * and restarts on the same directory and port: what a deployment does.
 */
export interface OwnStack {
  baseUrl: string;
  /** Stops the process (SIGTERM, as a deployment would) and starts it again on the same data and port. */
  restart(): Promise<void>;
  /** Stops the process and removes its data. */
  close(): Promise<void>;
  /** What the server printed, for failure messages. */
  output(): string;
}

export async function startOwnStack(env: Record<string, string> = {}): Promise<OwnStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-own-stack-'));
  // The demo data the shared stack made, as a new `npm start` would make it (and then finds made).
  cpSync(inject('stackDataTemplate'), dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const launch = () => {
    const child = spawn(process.execPath, START_FROM_SOURCES, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CRM_DATA_DIR: dataDir,
        CRM_RATE_LIMIT: '1000',
        NODE_ENV: 'production',
        // The shared stack built the app before any test ran.
        CRM_SKIP_BUILD: '1',
        CRM_APP_DIR: inject('appDir'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    return child;
  };

  let server = launch();
  await healthy(baseUrl, server, lines);
  return {
    baseUrl,
    async restart() {
      await stop(server);
      server = launch();
      await healthy(baseUrl, server, lines);
    },
    async close() {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => lines.join(''),
  };
}

async function healthy(baseUrl: string, server: ChildProcess, lines: string[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${lines.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGKILL');
  throw new Error(`No answer from ${baseUrl}/healthz within 90 s:\n${lines.join('')}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
