import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from './chromium.ts';
import { freePort } from './free-port.ts';
import { KeycloakAdmin } from './keycloak-admin.ts';
import { KEYCLOAK_VERSION, launchKeycloak } from './keycloak-server.ts';
import { START_FROM_SOURCES } from './start-command.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const REALM_FILE = join(root, 'deploy/keycloak/crm-realm.json');
export const DEMO_USERS_FILE = join(root, 'deploy/keycloak/crm-demo-users.json');
/** The audience the realm's mapper puts in access tokens, which the CRM is told to demand. */
export const KEYCLOAK_AUDIENCE = 'crm-api';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where Keycloak answers; the realm's issuer is `${keycloakOrigin}/realms/crm`. */
    keycloakOrigin: string;
    /** The CRM (app and API) signing in with Keycloak's realm. */
    keycloakCrmUrl: string;
    /** Where the stack writes whether it came up (tests/support/keycloak-stack-ready.ts reads it). */
    keycloakStackStatus: string;
    chromiumPath: string;
  }
}

/** What the stack wrote once it was up, or why it could not come up. */
export type StackStatus = { ready: true; keycloakStartSeconds: number } | { ready: false; error: string };

/**
 * The stack of the Keycloak tests: Keycloak 26 started from the realm file the project
 * ships, its demo users added from their file, and a CRM server (`npm start`'s process,
 * the app built for production) whose app and API both use that realm. One of each
 * serves every test file of the project.
 *
 * It comes up in the background: the addresses are fixed and provided at once, and
 * the test files wait for the status file (keycloakStackReady). Keycloak boots while
 * the app builds, and, in `npm test`, while the browser tests run.
 */
export default async function startKeycloakStack(project: TestProject): Promise<() => Promise<void>> {
  const browser = chromiumPath();
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-keycloak-stack-'));
  const statusFile = join(dataDir, 'status.json');
  const keycloak = await launchKeycloak({ realmFiles: [REALM_FILE] });
  const port = await freePort();
  const crmUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const output: string[] = [];

  const comingUp = (async (): Promise<StackStatus> => {
    const [keycloakStartSeconds, appDir] = await Promise.all([keycloak.ready, builtApp(project, join(dataDir, 'app'))]);
    const admin = new KeycloakAdmin(keycloak.origin);
    await admin.partialImport(DEMO_USERS_FILE);
    await admin.allowAppOrigin(crmUrl);
    server = spawn(process.execPath, START_FROM_SOURCES, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CRM_DATA_DIR: seededData(project, join(dataDir, 'db')),
        CRM_APP_DIR: appDir,
        CRM_SKIP_BUILD: '1',
        CRM_RATE_LIMIT: '1000',
        NODE_ENV: 'production',
        OIDC_ISSUER: keycloak.issuerOf('crm'),
        OIDC_CLIENT_ID: admin.clientId,
        OIDC_AUDIENCE: KEYCLOAK_AUDIENCE,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await healthy(`${crmUrl}/healthz`, server);
    console.log(`Keycloak ${KEYCLOAK_VERSION} healthy ${keycloakStartSeconds} s after kc.sh start-dev`);
    return { ready: true, keycloakStartSeconds };
  })().catch((error: unknown): StackStatus => ({ ready: false, error: `The Keycloak stack did not start: ${(error as Error).message}\n${output.join('')}` }));
  // Written whole, then renamed: a test file never reads half of it.
  const written = comingUp.then((status) => {
    writeFileSync(`${statusFile}.part`, JSON.stringify(status));
    renameSync(`${statusFile}.part`, statusFile);
  });

  project.provide('keycloakOrigin', keycloak.origin);
  project.provide('keycloakCrmUrl', crmUrl);
  project.provide('keycloakStackStatus', statusFile);
  project.provide('chromiumPath', browser);
  return async () => {
    await written;
    if (server) await stop(server);
    await keycloak.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The production build of the app: the browser tests' own when they run in the same
 * vitest run (their stack made it already), otherwise built here.
 */
async function builtApp(project: TestProject, appDir: string): Promise<string> {
  const shared = browserTestsContext(project)?.appDir;
  if (shared) return shared;
  const rspack = spawn(process.execPath, [join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--output-path', appDir], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed: string[] = [];
  rspack.stdout!.on('data', (chunk: Buffer) => printed.push(chunk.toString()));
  rspack.stderr!.on('data', (chunk: Buffer) => printed.push(chunk.toString()));
  const code = await new Promise<number | null>((resolve) => rspack.once('exit', resolve));
  if (code !== 0) throw new Error(`The app build failed:\n${printed.join('')}`);
  return appDir;
}

/** A data directory with `npm start`'s demo data: a copy of the browser tests' when there is one, else a new one the server seeds. */
function seededData(project: TestProject, dataDir: string): string {
  const template = browserTestsContext(project)?.stackDataTemplate;
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

function browserTestsContext(project: TestProject): { appDir?: string; stackDataTemplate?: string } | undefined {
  const e2e = project.vitest.projects.find((candidate) => candidate.name === 'e2e');
  return e2e?.getProvidedContext() as { appDir?: string; stackDataTemplate?: string } | undefined;
}

async function healthy(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the CRM server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within 120 s`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
