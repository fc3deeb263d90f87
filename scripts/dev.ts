import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { RspackDevServer } from '@rspack/dev-server';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

/*
 * `npm run dev`: the app with hot reload from the Rspack dev server, in front of
 * the embedded reference server (API, tenant service and identity provider),
 * which this script starts itself. The dev server is the origin people open, so
 * the embedded server is told it lives there (PUBLIC_URL): the provider's issuer
 * and the app's redirect URIs then all name the dev server, which passes those
 * calls through to the embedded server.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.DEV_PORT ?? 3000);
const serverPort = Number(process.env.DEV_SERVER_PORT ?? port + 1);
const origin = `http://${host}:${port}`;
const server = `http://${host}:${serverPort}`;

/** What the embedded server answers; everything else is the app. */
const SERVER_PATHS = ['/api', '/realms', '/tenant-service', '/config.json', '/healthz'];

function startEmbeddedServer(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      HOST: host,
      PORT: String(serverPort),
      PUBLIC_URL: origin,
      // The dev server builds the app in memory; no production build is needed.
      CRM_SKIP_BUILD: '1',
    },
  });
}

async function waitUntilHealthy(child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The embedded server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${server}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The embedded server did not answer ${server}/healthz within ${timeoutMs / 1000} s`);
}

/**
 * The build configuration with React Fast Refresh: an edited component is
 * swapped in place and keeps its state (and its machine's), instead of a reload.
 */
function withFastRefresh(config: Configuration): Configuration {
  type SwcRule = { loader?: string; options?: { jsc?: { transform?: { react?: object } } } };
  const rules = (config.module?.rules ?? []).map((rule) => {
    const swc = rule as SwcRule;
    const transform = swc.options?.jsc?.transform;
    if (swc.loader !== 'builtin:swc-loader' || !transform?.react) return rule;
    const react = { ...transform.react, development: true, refresh: true };
    return { ...swc, options: { ...swc.options, jsc: { ...swc.options!.jsc, transform: { ...transform, react } } } } as RuleSetRule;
  });
  return {
    ...config,
    module: { ...config.module, rules },
    plugins: [...(config.plugins ?? []), new ReactRefreshRspackPlugin()],
  };
}

async function main(): Promise<void> {
  // The build configuration reads the mode when it loads.
  process.env.NODE_ENV = 'development';
  const { default: config } = (await import('../rspack.config.ts')) as { default: Configuration };

  const child = startEmbeddedServer();
  const stop = () => {
    child.kill('SIGTERM');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  child.once('exit', (code) => {
    console.error(`The embedded server stopped (${code}); stopping the dev server.`);
    process.exit(code ?? 1);
  });
  await waitUntilHealthy(child);

  const devServer = new RspackDevServer(
    {
      host,
      port,
      hot: true,
      // Every route of the single-page app is index.html.
      historyApiFallback: true,
      proxy: [{ context: SERVER_PATHS, target: server }],
      client: { overlay: { errors: true, warnings: false } },
    },
    rspack(withFastRefresh(config)),
  );
  await devServer.start();
  console.log(`The CRM with hot reload: ${origin} (server at ${server})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
