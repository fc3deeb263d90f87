import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { installDebianPackages } from './debian.ts';
import { freePort } from './free-port.ts';

/**
 * Keycloak's own server distribution, as companies run it, for the tests that meet a
 * real Keycloak: pinned, so every run meets the same one.
 */
export const KEYCLOAK_VERSION = '26.7.3';
const ARTIFACT = `org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:zip`;
const ZIP = `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.zip`;

export const KEYCLOAK_ADMIN = { username: 'admin', password: 'admin-password' };

/** Where the distribution is kept between runs: a second run downloads and unpacks nothing. */
export function keycloakCacheDir(): string {
  return process.env.KEYCLOAK_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'crm-tests', 'keycloak');
}

export interface LaunchedKeycloak {
  /** http://127.0.0.1:<port>, where browsers and servers reach it. */
  origin: string;
  /** Every realm's issuer is `${origin}/realms/<name>`. */
  issuerOf(realm: string): string;
  /** Resolves with the seconds from the start command to a healthy server; rejects with what Keycloak printed. */
  ready: Promise<number>;
  /** What Keycloak printed, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * `kc.sh start-dev` on free loopback ports with the given realm files imported
 * (`--import-realm`), an in-memory database, and the health endpoint awaited (`ready`).
 * Each start runs in a directory of its own made from the cached distribution, so its
 * imports and data never outlive it. Answers as soon as the process is started, so
 * that the caller can do other work while Keycloak boots.
 */
export async function launchKeycloak({ realmFiles, timeoutMs = 240_000 }: { realmFiles: string[]; timeoutMs?: number }): Promise<LaunchedKeycloak> {
  const javaHome = ensureJava();
  const cached = await cachedDistribution();
  const runDir = mkdtempSync(join(tmpdir(), 'crm-keycloak-'));
  const home = join(runDir, `keycloak-${KEYCLOAK_VERSION}`);
  copyDistribution(cached, home);
  mkdirSync(join(home, 'data', 'import'), { recursive: true });
  for (const file of realmFiles) cpSync(file, join(home, 'data', 'import', file.split('/').pop()!));

  const [port, managementPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const logFile = join(runDir, 'keycloak.log');
  const log = createWriteStream(logFile);
  const started = Date.now();
  const child = spawn(
    join(home, 'bin', 'kc.sh'),
    [
      'start-dev',
      '--import-realm',
      '--db=dev-mem',
      '--http-host=127.0.0.1',
      `--http-port=${port}`,
      `--http-management-port=${managementPort}`,
      '--health-enabled=true',
      // The issuer is this address whatever Host a request names.
      `--hostname=${origin}`,
    ],
    {
      cwd: home,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...(javaHome ? { JAVA_HOME: javaHome } : {}),
        KC_BOOTSTRAP_ADMIN_USERNAME: KEYCLOAK_ADMIN.username,
        KC_BOOTSTRAP_ADMIN_PASSWORD: KEYCLOAK_ADMIN.password,
        // The client compiler only: a server that lives for one test run starts faster than it would gain from C2.
        JAVA_OPTS_APPEND: '-XX:TieredStopAtLevel=1',
      },
    },
  );
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const readLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const stop = async () => {
    await stopProcessGroup(child);
    log.end();
    rmSync(runDir, { recursive: true, force: true });
  };
  const ready = healthy(`http://127.0.0.1:${managementPort}/health/ready`, child, timeoutMs).then(
    () => {
      keepAugmentation(home, cached);
      return Math.round((Date.now() - started) / 100) / 10;
    },
    (error: unknown) => {
      throw new Error(`Keycloak ${KEYCLOAK_VERSION} did not start: ${(error as Error).message}\n${readLog().slice(-6000)}`);
    },
  );
  return { origin, issuerOf: (realm) => `${origin}/realms/${realm}`, ready, log: readLog, stop };
}

/**
 * The unpacked distribution in the cache, fetched from Maven Central with Maven
 * (`dependency:copy`) the first time only.
 */
async function cachedDistribution(): Promise<string> {
  const cache = keycloakCacheDir();
  const home = join(cache, `keycloak-${KEYCLOAK_VERSION}`);
  if (existsSync(join(home, 'bin', 'kc.sh'))) return home;
  mkdirSync(cache, { recursive: true });
  const zip = join(cache, ZIP);
  if (!existsSync(zip)) {
    const mvn = ensureMaven();
    const fetched = spawnSync(mvn, ['-B', '-q', 'dependency:copy', `-Dartifact=${ARTIFACT}`, `-DoutputDirectory=${cache}`], {
      encoding: 'utf8',
    });
    if (fetched.status !== 0 || !existsSync(zip)) {
      throw new Error(`mvn dependency:copy -Dartifact=${ARTIFACT} failed (${fetched.status}):\n${fetched.stdout}\n${fetched.stderr}`);
    }
  }
  const unpacking = join(cache, `unpacking-${process.pid}`);
  rmSync(unpacking, { recursive: true, force: true });
  const unzipped = spawnSync('unzip', ['-q', zip, '-d', unpacking], { encoding: 'utf8' });
  if (unzipped.status !== 0) throw new Error(`unzip ${zip} failed: ${unzipped.stderr}`);
  // Another run may have unpacked it meanwhile; either copy is the same.
  if (!existsSync(join(home, 'bin', 'kc.sh'))) cpSync(join(unpacking, `keycloak-${KEYCLOAK_VERSION}`), home, { recursive: true });
  rmSync(unpacking, { recursive: true, force: true });
  return home;
}

/**
 * A run's own directory: the distribution's files hard-linked (they are only read),
 * the Quarkus build (which start-dev rewrites when it must) and the data copied.
 */
function copyDistribution(cached: string, home: string): void {
  const linked = spawnSync('cp', ['-al', cached, home]);
  if (linked.status !== 0) {
    rmSync(home, { recursive: true, force: true });
    cpSync(cached, home, { recursive: true });
    return;
  }
  for (const written of [join('lib', 'quarkus'), 'data', 'conf']) {
    rmSync(join(home, written), { recursive: true, force: true });
    if (existsSync(join(cached, written))) cpSync(join(cached, written), join(home, written), { recursive: true });
  }
}

/**
 * start-dev builds the server for its options the first time (Quarkus' augmentation,
 * most of a cold start); that build is kept in the cache for the runs after.
 */
function keepAugmentation(home: string, cached: string): void {
  const marker = join(cached, 'lib', 'quarkus', '.built-by-start-dev');
  if (existsSync(marker)) return;
  cpSync(join(home, 'lib', 'quarkus'), join(cached, 'lib', 'quarkus'), { recursive: true });
  writeFileSync(marker, `${new Date().toISOString()}\n`);
}

/** Java 17 or newer: Debian's JDK where none is on the machine. */
function ensureJava(): string | undefined {
  if (process.env.JAVA_HOME && existsSync(join(process.env.JAVA_HOME, 'bin', 'java'))) return process.env.JAVA_HOME;
  if (spawnSync('java', ['-version']).status === 0) return undefined;
  if (installDebianPackages('openjdk-17-jre-headless') && spawnSync('java', ['-version']).status === 0) return undefined;
  throw new Error('Keycloak needs Java 17 or newer: install Debian\'s openjdk-17-jre-headless or set JAVA_HOME.');
}

function ensureMaven(): string {
  if (spawnSync('mvn', ['-v']).status === 0) return 'mvn';
  if (installDebianPackages('maven') && spawnSync('mvn', ['-v']).status === 0) return 'mvn';
  throw new Error('Fetching Keycloak needs Maven: install Debian\'s maven package.');
}

async function healthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`kc.sh exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no healthy answer from ${url} within ${timeoutMs / 1000} s`);
}

/** kc.sh and the JVM it starts, ended together: SIGTERM (Keycloak shuts down cleanly), then SIGKILL. */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
