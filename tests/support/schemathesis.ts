/**
 * Schemathesis, the independent contract tester, in a Python virtual environment of the
 * project's own (git-ignored), at one pinned version. The contract test calls
 * `installSchemathesis` before each run: a second run finds the pinned version in place
 * and installs nothing. `.ci/run` installs what Python needs for a virtual environment
 * on a machine that lacks it (Debian's python3-venv).
 *
 * `node --import tsx tests/support/schemathesis.ts` installs it by hand.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));

export const SCHEMATHESIS_VERSION = '4.32.5';
export const VENV_DIR = join(root, '.venv-schemathesis');
export const SCHEMATHESIS_BIN = join(VENV_DIR, 'bin', 'schemathesis');

/** Makes the virtual environment and installs the pinned Schemathesis into it, unless it is there already. */
export async function installSchemathesis(): Promise<string> {
  if ((await installedVersion()) === SCHEMATHESIS_VERSION) return SCHEMATHESIS_BIN;
  if (!existsSync(join(VENV_DIR, 'bin', 'python'))) {
    await run('python3', ['-m', 'venv', VENV_DIR]).catch((error: Error) => {
      throw new Error(`python3 -m venv failed (Debian's python3-venv missing? .ci/run installs it):\n${error.message}`);
    });
  }
  await run(join(VENV_DIR, 'bin', 'python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const version = await installedVersion();
  if (version !== SCHEMATHESIS_VERSION) throw new Error(`Installed Schemathesis ${version ?? 'nothing'}, not ${SCHEMATHESIS_VERSION}`);
  return SCHEMATHESIS_BIN;
}

async function installedVersion(): Promise<string | undefined> {
  if (!existsSync(SCHEMATHESIS_BIN)) return undefined;
  try {
    const { stdout } = await run(SCHEMATHESIS_BIN, ['--version']);
    return /version (\S+)/.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

export interface SchemathesisOutcome {
  exitCode: number | null;
  /** What it printed: its progress, every failure with a curl line to reproduce it, and the summary. */
  output: string;
}

/**
 * One `schemathesis run` with its settings file and the given arguments; the bearer token
 * goes in through the environment (the settings file reads it), never the command line.
 */
export function runSchemathesis(configFile: string, args: string[], env: Record<string, string>): Promise<SchemathesisOutcome> {
  const child = spawn(SCHEMATHESIS_BIN, ['--config-file', configFile, 'run', ...args], {
    cwd: root,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve({ exitCode, output }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await installSchemathesis());
