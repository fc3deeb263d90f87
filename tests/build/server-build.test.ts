import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { buildServerIfStale, compiledServerEntry, isServerBuildStale, npmStartServerCommand } from '../../scripts/build-server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'crm-server-build-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm start runs the server compiled ahead of time', () => {
  test('it compiles the server when the build is missing, not again while it is current, and again once a source is newer', () => {
    const build = { outDir: join(scratch, 'out') };
    expect(buildServerIfStale(build)).toBe(true);
    expect(existsSync(compiledServerEntry(build))).toBe(true);
    // The files the server reads beside its modules come along.
    expect(existsSync(join(build.outDir, 'openapi/crm.yaml'))).toBe(true);
    expect(existsSync(join(build.outDir, 'server/db/migrations/001_baseline.sql'))).toBe(true);

    expect(buildServerIfStale(build)).toBe(false);

    // As if every source had been edited after the build.
    utimesSync(join(build.outDir, '.built'), new Date(0), new Date(0));
    expect(isServerBuildStale(build)).toBe(true);
    expect(buildServerIfStale(build)).toBe(true);
    expect(isServerBuildStale(build)).toBe(false);
    // Two full compiles of the server, sharing the machine's cores with the rest of `npm test`.
  }, 180_000);

  test('the command npm start ends with builds the app where there is none, then serves it and the API on a new data directory', async () => {
    buildServerIfStale();
    // Empty, as on a fresh machine: the compiled server must find the project (its
    // sources and node_modules) from dist-server/ to build the app into it.
    const appDir = join(scratch, 'app');
    const { env, nodeArgs } = npmStartServerCommand();
    expect(nodeArgs).toContain(compiledServerEntry().slice(root.length));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, nodeArgs, {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
        CRM_APP_DIR: appDir,
        CRM_DATA_DIR: join(scratch, 'data'),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const healthz = await firstAnswer(`http://127.0.0.1:${port}/healthz`, () => child.exitCode !== null);
      expect(healthz?.status, output).toBe(200);
      expect(existsSync(join(appDir, 'index.html')), output).toBe(true);
      const shell = await (await fetch(`http://127.0.0.1:${port}/signin`)).text();
      expect(shell).toContain('<title>CRM</title>');
      expect(shell).toMatch(/<script[^>]+src="\/assets\/[^"]+\.js"/);
      // The scripts go out as the build compressed them, not compressed again per request.
      const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(shell)![1]!;
      const sent = await rawGet(`http://127.0.0.1:${port}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(sent.headers['content-encoding']).toBe('br');
      expect(sent.body.equals(readFileSync(join(appDir, `${script}.br`)))).toBe(true);
      expect(brotliDecompressSync(sent.body).equals(readFileSync(join(appDir, script)))).toBe(true);
      const gzipped = await rawGet(`http://127.0.0.1:${port}${script}`, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.body).equals(readFileSync(join(appDir, script)))).toBe(true);
      // The API is up and guarded: no token, no users.
      expect((await fetch(`http://127.0.0.1:${port}/api/users/getAllData/1`)).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});

function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

async function firstAnswer(url: string, gaveUp: () => boolean): Promise<Response | undefined> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline && !gaveUp()) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return undefined;
}
