// @vitest-environment jsdom
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { readConfig, type ServerConfig } from '../../server/config.ts';
import appShell, { runtimeConfig } from '../../server/http/app-shell.ts';
import { loadRuntimeConfig } from '../../src/platform/runtime-config.ts';

// The shape of the built page (rspack's HtmlRspackPlugin): the splash, then the entry script.
const BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>CRM</title></head>
<body><div id="root"><div class="splash" role="status" aria-label="Starting CRM"></div></div>
<script type="module" src="/assets/main.0123456789.js"></script></body></html>`;

let appDir: string;
let config: ServerConfig;
let app: FastifyInstance;

beforeAll(async () => {
  appDir = mkdtempSync(join(tmpdir(), 'crm-app-shell-'));
  writeFileSync(join(appDir, 'index.html'), BUILT_PAGE);
  config = readConfig({
    CRM_APP_DIR: appDir,
    CRM_API_URL: 'https://crm-api.example.test',
    TENANT_SERVICE_URL: 'https://tenants.example.test/</script><script>alert(1)</script>',
  });
  app = Fastify();
  await app.register(appShell, { config });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(appDir, { recursive: true, force: true });
});

// Parsed as the browser parses the page; nothing in it runs.
const parsed = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const noRoundTrip = vi.fn<typeof fetch>(async () => {
  throw new Error('the app asked /config.json though the page carries its settings');
});

describe('the page the server sends carries the settings the app reads at start', () => {
  test.each(['/dashboard', '/signup', '/'])('%s: the app reads them from the page, the same as /config.json answers', async (path) => {
    const page = await app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    const document = parsed(page.body);
    const fromPage = await loadRuntimeConfig(document, noRoundTrip);
    expect(noRoundTrip).not.toHaveBeenCalled();
    expect(fromPage).toEqual(runtimeConfig(config));

    const served = await app.inject({ url: '/config.json' });
    expect(served.headers['cache-control']).toBe('no-cache');
    expect(await loadRuntimeConfig(parsed('<!doctype html>'), async () => new Response(served.body))).toEqual(fromPage);
  });

  test('a setting cannot close its element and run as script: the page keeps its one script', async () => {
    const document = parsed((await app.inject({ url: '/dashboard' })).body);
    expect([...document.querySelectorAll('script')].map((script) => script.type)).toEqual(['application/json', 'module']);
    expect((await loadRuntimeConfig(document, noRoundTrip)).tenantServiceUrl).toBe(config.tenantServiceUrl);
  });
});
