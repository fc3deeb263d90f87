import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDebianPackages } from './debian.ts';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.ts';
import { seedInto } from './seeded-template.ts';

const SEEDED_TEMPLATE = 'crm_seeded_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser connection string to the throwaway cluster's `postgres` database. */
    databaseUrl: string;
  }
}

/**
 * Vitest global setup of the 'server postgres' project: a throwaway PostgreSQL
 * cluster on loopback, with fsync on like a real server, removed afterwards.
 * initdb refuses to run as root, so as root (CI) the cluster runs as the
 * `postgres` system user that Debian's postgresql package creates.
 */
export default async function startPostgresCluster(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startCluster();
  project.provide('databaseUrl', cluster.adminUrl);
  await createSeededTemplate(cluster.adminUrl);
  project.provide('seededTemplate', SEEDED_TEMPLATE);
  return () => cluster.stop();
}

export interface Cluster {
  /** A superuser connection string to the cluster's `postgres` database. */
  adminUrl: string;
  /** `pg_ctl restart`: 'fast' ends every session cleanly, 'immediate' as a crash would. */
  restart(mode: 'fast' | 'immediate'): void;
  /** Stops the cluster and removes its files. */
  stop(): Promise<void>;
}

/** A throwaway PostgreSQL cluster on loopback, with fsync on like a real server. */
export async function startCluster(): Promise<Cluster> {
  const bin = postgresBinDir();
  const asOwner = ownerRunner();
  const root = mkdtempSync(join(tmpdir(), 'crm-postgres-'));
  const dataDir = join(root, 'data');
  const password = `test-${process.pid}-${Date.now()}`;
  writeFileSync(join(root, 'password'), password);
  asOwner.adopt(root);

  const run = (tool: string, args: string[]) => asOwner.run(join(bin, tool), args);
  run('initdb', ['-D', dataDir, '-U', 'crm', '--auth=scram-sha-256', `--pwfile=${join(root, 'password')}`, '-E', 'UTF8', '--no-instructions']);
  const port = await freePort();
  const options = ['-o', `-h 127.0.0.1 -p ${port} -k ${root} -c fsync=on -c max_connections=200`];
  run('pg_ctl', ['-D', dataDir, '-l', join(root, 'server.log'), '-w', ...options, 'start']);
  return {
    adminUrl: `postgres://crm:${password}@127.0.0.1:${port}/postgres`,
    restart: (mode) => run('pg_ctl', ['-D', dataDir, '-l', join(root, 'server.log'), '-m', mode, '-w', ...options, 'restart']),
    async stop() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The demo data, migrated, in a database each test database is made from (tests/support/seeded-template.ts). */
async function createSeededTemplate(adminUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${SEEDED_TEMPLATE}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${SEEDED_TEMPLATE}`;
  // Closed before any copy is made: PostgreSQL copies a template only while no one is connected to it.
  await seedInto({ databaseUrl: url.toString(), dataDir: '' });
}

function postgresBinDir(): string {
  return findPostgresBinDir() ?? (installDebianPackages('postgresql') ? findPostgresBinDir() : undefined) ?? missing();
}

function missing(): never {
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) were not found: install Debian\'s postgresql package');
}

function findPostgresBinDir(): string | undefined {
  const candidates: string[] = [];
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromConfig.status === 0) candidates.push(fromConfig.stdout.trim());
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debianRoot, version, 'bin')));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** Runs the cluster's tools as the current user, or as `postgres` when the current user is root. */
function ownerRunner() {
  if (process.getuid?.() !== 0) {
    return { adopt: (_path: string) => {}, run: (tool: string, args: string[]) => execOrExplain(tool, args) };
  }
  const lookup = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const groupLookup = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (lookup.status !== 0) {
    throw new Error('The tests run as root, and initdb refuses root: create the "postgres" system user (Debian\'s postgresql package does)');
  }
  const uid = Number(lookup.stdout.trim());
  const gid = Number(groupLookup.stdout.trim());
  return {
    adopt: (path: string) => {
      chownSync(path, uid, gid);
      chownSync(join(path, 'password'), uid, gid);
    },
    run: (tool: string, args: string[]) => execOrExplain('runuser', ['-u', 'postgres', '--', tool, ...args]),
  };
}

function execOrExplain(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: tmpdir() });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}
