import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.ts';
import { readConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { seedDemoData } from './db/seed.ts';
import { describeFreeSpace } from './disk-space.ts';
import { watchForHang } from './watchdog.ts';

/**
 * The project's folder: the nearest one above this module holding package.json. Run
 * from its sources this is `server/..`; compiled (`npm start`), `dist-server/server/..`
 * would be the build's own folder, which has no sources and no node_modules.
 */
function projectRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error('No package.json above the server: run it from the project');
    folder = parent;
  }
  return folder;
}

const root = projectRoot();

/** `npm start`: build the app when its build is missing or stale, then serve everything. */
async function main(): Promise<void> {
  const config = readConfig();
  if (process.env.CRM_SKIP_BUILD !== '1') buildAppIfStale(config.appDir);

  const db = await openDatabase({ ...config, onStorageFault: (error) => endOnStorageFault(config.dataDir, error) });
  await migrate(db);
  if (config.seed) await seedDemoData(db, { demoPassword: config.demoPassword });

  const app = await buildServer({ config, db, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  const shutdown = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ host: config.host, port: config.port });
  await watchForHang({ dataDir: config.databaseUrl ? undefined : config.dataDir });
  const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(
    [
      `CRM is running at ${config.publicUrl}`,
      `  storage: ${storage}`,
      `  identity provider: ${config.oidc.issuer}${config.oidc.embedded ? ' (embedded)' : ''}`,
      config.seed && config.oidc.embedded
        ? `  sign in as admin@demo.test, manager@demo.test or rep@demo.test with the password "${config.demoPassword}"`
        : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/**
 * PGlite's storage failed: the database in this process cannot be trusted to go on.
 * Ending now, non-zero, lets a supervisor start the server again once there is room;
 * PostgreSQL's recovery then replays every write that was acknowledged.
 */
function endOnStorageFault(dataDir: string, error: Error): never {
  console.error(
    `The server stopped: the database could not write to its data directory (${dataDir}, ${describeFreeSpace(dataDir)}): ${error.message}. ` +
      'Free some space or fix the disk; a supervisor should start it again.',
  );
  process.exit(1);
}

function buildAppIfStale(appDir: string): void {
  const built = join(appDir, 'index.html');
  const sources = [join(root, 'src'), join(root, 'rspack.config.ts'), join(root, 'package-lock.json')];
  if (existsSync(built) && statSync(built).mtimeMs >= newestModification(sources)) return;
  console.log('Building the app…');
  const rspackCli = join(root, 'node_modules/@rspack/cli/bin/rspack.js');
  const result = spawnSync(process.execPath, [rspackCli, 'build', '--output-path', appDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The app build failed');
}

function newestModification(paths: string[]): number {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      newest = Math.max(newest, newestModification(readdirSync(path).map((name) => join(path, name))));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

main().catch((error: unknown) => {
  // A data directory in use is the operator's to resolve: the sentence says how.
  console.error(error instanceof DataDirInUse ? error.message : error);
  process.exit(1);
});
