import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/**
 * PGlite runs PostgreSQL on the main thread, and on some storage failures spins there for
 * ever: no request, timer or SIGTERM handler runs again. The watchdog's thread ends such a
 * process with a sentence; a process that is busy but still turning is left alone.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

function runWatched(work: string) {
  const script = `import { watchForHang } from './server/watchdog.ts';
await watchForHang({ dataDir: '.', limitMs: 1000 });
${work}`;
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 20_000 });
  return { ...run, elapsedMs: Date.now() - started };
}

test('a main thread stuck for longer than the limit is killed, saying why and where the space is', () => {
  const run = runWatched('setTimeout(() => { for (;;); }, 100);');
  expect(run.signal).toBe('SIGKILL');
  expect(run.stderr).toMatch(/^The server stopped: it has not answered anything for 1 s, as when its database cannot write\. Its data directory \(\.\) has [\d.]+ MB free/m);
  expect(run.elapsedMs).toBeLessThan(15_000);
});

test('a main thread that is busy but keeps turning is left to finish', () => {
  const run = runWatched(`
const until = Date.now() + 3000;
const step = () => { const end = Date.now() + 200; while (Date.now() < end); if (Date.now() < until) setImmediate(step); };
step();`);
  expect(run.signal).toBeNull();
  expect(run.status).toBe(0);
  expect(run.stderr).toBe('');
});
