/**
 * The server compiled to plain JavaScript (tsconfig.server.json) for `npm start`.
 * Run through tsx, the server carries the TypeScript loader and its thread for its
 * whole life, and much more resident memory than the same server compiled (the
 * figures are in README's Performance section). `npm start` runs this first; it compiles only when the
 * output is missing or older than anything it is made from.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ServerBuild {
  /** Where the compiled server goes; `npm start` runs `<outDir>/server/start.js`. */
  outDir: string;
}

export const defaultServerBuild: ServerBuild = { outDir: join(root, 'dist-server') };

/** The files the compiled server reads next to its modules, as its sources do (`import.meta.url`). */
const ASSETS = ['openapi/crm.yaml', 'server/db/migrations', 'server/oidc/framed', 'src/domain/passwords/leaked-passwords.txt'];

/** What the output is made from: a change to any of these makes it stale. */
const INPUTS = ['server', 'src', 'openapi', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json'];

// Written last, so that a build cut short is never taken for a finished one.
const STAMP = '.built';

export function compiledServerEntry({ outDir }: ServerBuild = defaultServerBuild): string {
  return join(outDir, 'server', 'start.js');
}

export function isServerBuildStale({ outDir }: ServerBuild = defaultServerBuild): boolean {
  const stamp = join(outDir, STAMP);
  if (!existsSync(stamp)) return true;
  return statSync(stamp).mtimeMs < newestModification(INPUTS.map((input) => join(root, input)));
}

/** Compiles the server unless its output is up to date; returns whether it compiled. */
export function buildServerIfStale(build: ServerBuild = defaultServerBuild): boolean {
  if (!isServerBuildStale(build)) return false;
  buildServer(build);
  return true;
}

export function buildServer({ outDir }: ServerBuild = defaultServerBuild): void {
  // Built beside the output and swapped in whole, so that a server starting from the
  // output meanwhile never finds it half written, and a module deleted from server/
  // does not live on in it.
  const next = `${outDir}.next-${process.pid}`;
  const previous = `${outDir}.previous-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.server.json'), '--outDir', next], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    throw new Error('The server build failed');
  }
  for (const asset of ASSETS) cpSync(join(root, asset), join(next, asset), { recursive: true });
  writeFileSync(join(next, STAMP), `${new Date().toISOString()}\n`);
  if (existsSync(outDir)) renameSync(outDir, previous);
  renameSync(next, outDir);
  rmSync(previous, { recursive: true, force: true });
}

export interface ServerCommand {
  /** Variables the command sets for the process, e.g. for the C library's allocator. */
  env: Record<string, string>;
  /** What follows `node`: its flags, then the entry module. */
  nodeArgs: string[];
}

/**
 * The command that `npm start` ends with, the one that becomes the server process
 * (`[NAME=value …] node [flag …] entry`), read from package.json so that whatever
 * else starts the server as `npm start` does (the bench, the tests) cannot drift from it.
 * It is plain `node`: a setting a figure needs goes where that figure is measured.
 */
export function npmStartServerCommand(): ServerCommand {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = scripts.start!.split('&&').at(-1)!.trim().split(/\s+/u);
  const nodeAt = words.indexOf('node');
  const assignments = words.slice(0, Math.max(0, nodeAt));
  if (nodeAt < 0 || !assignments.every((word) => /^[A-Z_][A-Z0-9_]*=\S*$/u.test(word))) {
    throw new Error(`npm start does not end with "[NAME=value …] node …": ${scripts.start}`);
  }
  return {
    env: Object.fromEntries(assignments.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)])),
    nodeArgs: words.slice(nodeAt + 1),
  };
}

function newestModification(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    // A folder's own time counts too: it changes when a file in it is deleted or renamed.
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) newest = Math.max(newest, newestModification(readdirSync(path).map((name) => join(path, name))));
  }
  return newest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (isServerBuildStale()) {
    console.log('Building the server…');
    buildServer();
  }
}
