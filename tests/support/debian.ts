import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Installs Debian packages the tests need when this run may (root with apt-get), so
 * that `npm test` alone passes on a fresh machine. Returns false when it may not.
 */
export function installDebianPackages(...names: string[]): boolean {
  const mayInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!mayInstall) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  return spawnSync('apt-get', ['install', '-y', '-qq', '-o', 'DPkg::Lock::Timeout=300', ...names], { stdio: 'inherit', env }).status === 0;
}
