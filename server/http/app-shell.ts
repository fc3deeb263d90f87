import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config.ts';
import { runtimeConfigElement, type RuntimeConfig } from '../../src/platform/runtime-config.ts';

/** The settings the built app reads at start, so one build runs against any back end. */
export function runtimeConfig(config: ServerConfig): RuntimeConfig {
  return {
    apiBaseUrl: config.apiBaseUrl,
    apiParts: config.apiParts,
    tenantServiceUrl: config.tenantServiceUrl,
    oidc: { issuer: config.oidc.issuer, clientId: config.oidc.clientId },
    session: config.session,
    defaultCurrency: config.defaultCurrency,
    inspect: config.inspect,
  };
}

// Paths that belong to the server, never to the app's router.
const serverPrefixes = ['/api/', '/realms/', '/tenant-service/', '/healthz'];

/**
 * Serves the built app: hashed assets cached for good and sent as the build compressed
 * them, the document never cached, and every other GET that wants HTML answered with
 * the document so routes deep-link.
 */
async function appShell(app: FastifyInstance, { config }: { config: ServerConfig }): Promise<void> {
  const indexPath = join(config.appDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`The app is not built: ${indexPath} is missing (run npm run build)`);
  const settings = runtimeConfig(config);
  // The app's page with its settings written in, so that the app starts without asking
  // `/config.json` first (one round trip less before the session's checks).
  const indexHtml = readFileSync(indexPath, 'utf8');
  const element = runtimeConfigElement(settings);
  const page = indexHtml.includes('</head>') ? indexHtml.replace('</head>', `${element}</head>`) : `${indexHtml}${element}`;

  await app.register(fastifyStatic, {
    root: config.appDir,
    index: false,
    wildcard: false,
    // The build writes each script and stylesheet as .br and .gz too (rspack.config.ts).
    preCompressed: true,
    setHeaders(res, path) {
      res.header('Cache-Control', /\.[0-9a-f]{8,}\./.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // Pages without an icon link (the provider's sign-in form) make browsers ask here.
  app.get('/favicon.ico', async (_request, reply) => reply.redirect('/logo.svg', 301));

  // Still offered: a page served from elsewhere (the development server) reads the settings here.
  const body = JSON.stringify(settings);
  app.get('/config.json', async (_request, reply) => reply.header('Cache-Control', 'no-cache').type('application/json').send(body));

  app.setNotFoundHandler(async (request, reply) => {
    const wantsDocument = request.method === 'GET' && !serverPrefixes.some((prefix) => request.url.startsWith(prefix));
    if (wantsDocument && !/\.\w+$/.test(request.url.split('?')[0]!)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}

// In the root context: its not-found handler answers every path no route takes.
export default fp(appShell, { name: 'app-shell' });
