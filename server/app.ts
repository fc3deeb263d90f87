import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { loadContract, type Contract } from './http/contract.ts';
import { installValidation } from './http/validation.ts';
import { installErrorHandling } from './http/errors.ts';
import { installJsonDepthLimit } from './http/json-depth.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installAppShell } from './http/app-shell.ts';
import { installHealthCheck } from './http/health.ts';
import { installMethodNotAllowed } from './http/method-not-allowed.ts';
import { authenticate } from './http/authenticate.ts';
import { installEmbeddedProvider } from './oidc/provider.ts';
import { registerApiRoutes } from './routes/index.ts';
import type { RouteContext } from './http/define-route.ts';
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
const MAX_REQUEST_HEAD_BYTES = 32 * 1024;
// Below a kilobyte, compressing costs more than the bytes it saves.
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The reference server as one Fastify instance: validation and error shape first,
 * then the identity provider, the API, the tenant service and the app itself.
 */
export async function buildServer(parts: ServerParts): Promise<FastifyInstance> {
  const { config, db } = parts;
  const contract = parts.contract ?? loadContract();
  const app = Fastify({
    logger: parts.logger ?? false,
    bodyLimit: ONE_MEGABYTE,
    // The client's address (request.ip) comes from X-Forwarded-For only through the configured proxies.
    trustProxy: config.trustProxy,
    // The request line and headers may be this long: an export of chosen rows names up to
    // 20,000 characters of ids in its query (openapi/crm.yaml), past Node's default of 16 KB.
    http: { maxHeaderSize: MAX_REQUEST_HEAD_BYTES },
  });
  limitSlowClients(app, config.httpTimeoutSeconds * 1000);
  installValidation(app);
  installJsonDepthLimit(app);
  installErrorHandling(app);
  installSecurityHeaders(app, config);
  installMethodNotAllowed(app, contract);
  // Before any route, so that every one registered after it (the API lists and the
  // analysis above all) answers compressed when the client accepts it. The provider's
  // hijacked routes bypass onSend, so they are never touched.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: COMPRESSION_THRESHOLD_BYTES, globalDecompression: false });

  let keys = parts.tokenKeys;
  // Tokens of the embedded provider name its sign-in sessions, which logout ends and
  // whose grants revocation ends.
  let sessionsInDatabase = false;
  if (config.oidc.embedded) {
    const provider = await installEmbeddedProvider(app, { db, config });
    if (!keys) {
      keys = provider.keys;
      sessionsInDatabase = true;
    }
  }
  keys ??= await remoteKeys(config.oidc.issuer);

  const callers = authenticate({ issuer: config.oidc.issuer, audience: config.oidc.audience, clientId: config.oidc.clientId, keys, sessionsInDatabase }, db);
  const context: RouteContext = { db, config, contract, callers };
  await registerApiRoutes(app, context);

  installHealthCheck(app, db);
  // The contract itself, public: the app reads from it which optional parts this API offers.
  const documentJson = JSON.stringify(contract.document);
  app.get(API_DOCUMENT_PATH, async (_request, reply) => reply.type('application/json').send(documentJson));
  if (parts.serveApp !== false) await installAppShell(app, config);
  return app;
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

/** An external provider (Keycloak) publishes its keys through discovery. */
async function remoteKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`Cannot read the discovery document of ${issuer}: ${response.status}`);
  const { jwks_uri } = (await response.json()) as { jwks_uri: string };
  return createRemoteJWKSet(new URL(jwks_uri));
}
