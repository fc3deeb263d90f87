import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { JWTVerifyGetKey } from 'jose';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { loadContract, type Contract } from './http/contract.ts';
import database from './http/database.ts';
import rateLimiting from './http/rate-limits.ts';
import validation from './http/validation.ts';
import jsonDepthLimit from './http/json-depth.ts';
import errorHandling from './http/errors.ts';
import securityHeaders from './http/security-headers.ts';
import untrustedForwarding from './http/untrusted-forwarding.ts';
import embeddedProvider from './oidc/provider.ts';
import authentication from './http/authenticate.ts';
import apiRoutes from './routes/index.ts';
import healthCheck from './http/health.ts';
import appShell from './http/app-shell.ts';
import { installMethodNotAllowed } from './http/method-not-allowed.ts';
import type { RouteContext } from './http/define-route.ts';
import { createVersionedAnswers } from './caching/versioned-answers.ts';
import { knowLeakedPasswords } from './accounts/leaked-passwords.ts';
import { API_DOCUMENT_PATH } from '../src/domain/api-parts.ts';

export interface ServerParts {
  config: ServerConfig;
  db: Database;
  contract?: Contract;
  /** Serve the built app too (off for API-only tests). */
  serveApp?: boolean;
  /** Overrides where access-token keys come from (tests with their own signer). */
  tokenKeys?: JWTVerifyGetKey;
  logger?: FastifyServerOptions['logger'];
}

const ONE_MEGABYTE = 1024 * 1024;
// The year's answers of the tenants asking most (docs/performance.md says what they save).
const ANSWER_CACHE_BYTES = 64 * ONE_MEGABYTE;
const MAX_REQUEST_HEAD_BYTES = 32 * 1024;
// Below a kilobyte, compressing costs more than the bytes it saves.
const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The reference server: one Fastify instance running the CRM plugin. */
export async function buildServer(parts: ServerParts): Promise<FastifyInstance> {
  knowLeakedPasswords();
  const app = Fastify({
    logger: parts.logger ?? false,
    bodyLimit: ONE_MEGABYTE,
    // The client's address (request.ip) comes from X-Forwarded-For only through the configured proxies.
    trustProxy: parts.config.trustProxy,
    // The request line and headers may be this long: an export of chosen rows names up to
    // 20,000 characters of ids in its query (openapi/crm.yaml), past Node's default of 16 KB.
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
  });
  limitSlowClients(app, parts.config.httpTimeoutSeconds * 1000);
  await app.register(fp(crm, { name: 'crm' }), { ...parts, contract: parts.contract ?? loadContract() });
  return app;
}

/**
 * The CRM as a plugin of plugins, in the order each needs the ones before it: the
 * external ones (the database, compression, the rate limiter), the app's own (how
 * requests are validated, measured, refused and answered, the embedded identity
 * provider, who is calling), then the routes and the app itself.
 */
async function crm(app: FastifyInstance, parts: ServerParts & { contract: Contract }): Promise<void> {
  const { config, contract } = parts;

  await app.register(database, { db: parts.db });
  // Every route registered after it answers compressed when the client accepts it. The
  // provider's hijacked routes bypass onSend, so they are never touched.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: COMPRESSION_THRESHOLD_BYTES, globalDecompression: false });
  await app.register(untrustedForwarding);
  await app.register(rateLimiting);

  await app.register(validation);
  await app.register(jsonDepthLimit);
  await app.register(errorHandling);
  await app.register(securityHeaders, { config });
  installMethodNotAllowed(app, contract);
  if (config.oidc.embedded) await app.register(embeddedProvider, { config });
  await app.register(authentication, { config, keys: parts.tokenKeys });

  const answers = createVersionedAnswers(app.db, { maxBytes: ANSWER_CACHE_BYTES });
  const context: RouteContext = { db: app.db, config, contract, callers: app.callers, answers };
  await app.register(apiRoutes, context);
  await app.register(healthCheck, {
    db: app.db,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    minFreeBytes: config.minFreeMegabytes * ONE_MEGABYTE,
  });
  // The contract itself, public: the app reads from it which optional parts this API offers.
  const documentJson = JSON.stringify(contract.document);
  app.get(API_DOCUMENT_PATH, async (_request, reply) => reply.type('application/json').send(documentJson));
  if (parts.serveApp !== false) await app.register(appShell, { config });
}

/**
 * A client that stops sending its request, or stops reading its answer, holds a socket
 * and the answer's memory: the request must arrive (headers and body) within the
 * timeout, and a connection silent that long either way is cut. Set on the server
 * itself, whichever way it was made.
 */
function limitSlowClients(app: FastifyInstance, timeoutMs: number): void {
  if (timeoutMs === 0) return;
  app.server.requestTimeout = timeoutMs;
  app.server.headersTimeout = timeoutMs;
  app.server.keepAliveTimeout = timeoutMs;
  app.server.setTimeout(timeoutMs, (socket) => socket.destroy());
}
