import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/config.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { seedDemoData } from '../../server/db/seed.ts';
import { chromiumPath } from './chromium.ts';
import { freePort } from './free-port.ts';
import { START_FROM_SOURCES } from './start-command.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The stack's own build of the app, for tests that start servers of their own. */
    appDir: string;
    /** A closed PGlite directory holding what `npm start` migrates and seeds, for those servers to copy. */
    stackDataTemplate: string;
  }
}

/**
 * Browser tests run against the real `npm start` stack: the production build, the
 * server with the embedded provider and PGlite, on a fresh data directory with
 * the demo data. The data is made once, as `npm start` makes it, and copied for this
 * stack and for the servers some tests start of their own (tests/support/own-stack.ts),
 * which then find it seeded.
 */
export default async function startStack(project: TestProject): Promise<() => Promise<void>> {
  const browser = chromiumPath();
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-e2e-'));
  const template = join(dataDir, 'template');
  await seedLikeNpmStart(template);
  cpSync(template, join(dataDir, 'db'), { recursive: true });
  // A build of its own, so a development server rebuilding dist/ cannot pull files from under it.
  const appDir = join(dataDir, 'app');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, START_FROM_SOURCES, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CRM_DATA_DIR: join(dataDir, 'db'), CRM_APP_DIR: appDir, CRM_RATE_LIMIT: '1000', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  try {
    // `npm test` runs the other projects meanwhile (scripts/test.ts): the build may take a while.
    await waitForHealthy(baseUrl, server, 180_000);
  } catch (error) {
    server.kill('SIGKILL');
    throw new Error(`The CRM stack did not start: ${(error as Error).message}\n${output.join('')}`);
  }
  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', browser);
  project.provide('appDir', appDir);
  project.provide('stackDataTemplate', template);
  return async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** What `npm start` does to a new data directory before it serves: the migrations and the demo data, as of today. */
async function seedLikeNpmStart(dataDir: string): Promise<void> {
  const { demoPassword } = readConfig();
  const db = await openDatabase({ dataDir });
  try {
    await migrate(db);
    await seedDemoData(db, { demoPassword });
  } finally {
    await db.close();
  }
}

async function waitForHealthy(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${baseUrl}/healthz within ${timeoutMs} ms`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
