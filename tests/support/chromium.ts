import { existsSync } from 'node:fs';
import { installDebianPackages } from './debian.ts';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  (path): path is string => Boolean(path),
);

/**
 * Debian's Chromium: test tools cannot download browsers here. When it is missing
 * and we may install packages (root with apt-get), it is installed; otherwise the
 * run fails saying how to get it. A browser test never skips.
 */
export function chromiumPath(): string {
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (installDebianPackages('chromium') && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    'Chromium is needed for the browser tests and was not found. Install Debian\'s package (apt-get install chromium) or set CHROMIUM_PATH.',
  );
}
