/**
 * The first screen as a browser sees it: every script Chromium downloads to show a
 * page (the entry, and each chunk loaded lazily on the way to the screen), each
 * gzipped at level 9 as the other size figures are. Used by `npm run bench` (against
 * the real server) and by the size test (against the build, served as the server
 * serves it, by `serveBuild`).
 */
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface FirstScreenScripts {
  /** Paths of the scripts, in the order they arrived. */
  files: string[];
  /** Their bytes gzipped at level 9, summed. */
  gzipBytes: number;
}

/**
 * Opens `url` in a fresh context, waits until `readySelector` shows and the network
 * has been quiet, and sums the scripts that were downloaded.
 */
export async function scriptsToShow(browser: Browser, url: string, readySelector: string): Promise<FirstScreenScripts> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const bodies: Promise<{ file: string; bytes: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      const file = new URL(response.url()).pathname;
      bodies.push(response.body().then((body) => ({ file, bytes: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(url);
    await page.waitForSelector(readySelector, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(bodies);
    return { files: scripts.map((script) => script.file), gzipBytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
  } finally {
    await context.close();
  }
}

/** What the sign-up screen shows once it is there: its heading. */
export const SIGNUP_READY = 'h1:has-text("Sign Up to CRM")';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * The built app served as the server serves it (its files, `index.html` for every
 * route, and the runtime settings), on 127.0.0.1, for a test that needs no database.
 * The settings name a provider nobody listens at: /signup never asks it anything.
 */
export async function serveBuild(outputDir: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
    if (path === '/config.json') {
      const origin = `http://${request.headers.host}`;
      response.writeHead(200, { 'content-type': TYPES['.json']! });
      response.end(
        JSON.stringify({
          apiBaseUrl: '',
          tenantServiceUrl: `${origin}/tenant-service`,
          oidc: { issuer: `${origin}/realms/crm`, clientId: 'crm-app' },
          session: { minValiditySeconds: 5, pollIntervalSeconds: 5 },
          inspect: false,
        }),
      );
      return;
    }
    const file = join(outputDir, path);
    const isFile = file.startsWith(outputDir) && statSync(file, { throwIfNoEntry: false })?.isFile();
    const served = isFile ? file : join(outputDir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(served)] ?? 'application/octet-stream' });
    response.end(readFileSync(served));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the build server has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The scripts Chromium downloads to show /signup from the build in `outputDir`. */
export async function signupScripts(browser: Browser, outputDir: string): Promise<FirstScreenScripts> {
  const build = await serveBuild(outputDir);
  try {
    return await scriptsToShow(browser, `${build.baseUrl}/signup`, SIGNUP_READY);
  } finally {
    await build.stop();
  }
}
