import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { loadContract, type Contract } from './http/contract.ts';
import { installValidation } from './http/validation.ts';
import { installErrorHandling } from './http/errors.ts';
import { API_ANSWER_HEADERS, installSecurityHeaders } from './http/security-headers.ts';
import { installAppShell } from './http/app-shell.ts';
import { authenticate } from './http/authenticate.ts';
import { createReadyAnswerLane, serverWithLane, type ReadyAnswerLane } from './caching/ready-answer-lane.ts';
import { watchDataVersions } from './caching/data-versions.ts';
import { installEmbeddedProvider } from './oidc/provider.ts';
import { registerApiRoutes } from './routes/index.ts';
import type { RouteContext } from './http/define-route.ts';

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
// Fastify logs each request at info.
const REQUEST_LOG_LEVELS = new Set(['trace', 'debug', 'info']);
// Below a kilobyte, compressing costs more than the bytes it saves.
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The reference server as one Fastify instance: validation and error shape first,
 * then the identity provider, the API, the tenant service and the app itself.
 */
export async function buildServer(parts: ServerParts): Promise<FastifyInstance> {
  const { config, db } = parts;
  const contract = parts.contract ?? loadContract();
  let lane: ReadyAnswerLane | undefined;
  const app = Fastify({
    logger: parts.logger ?? false,
    bodyLimit: ONE_MEGABYTE,
    trustProxy: false,
    serverFactory: serverWithLane(() => lane),
  });
  installValidation(app);
  installErrorHandling(app);
  installSecurityHeaders(app, config);
  // Before any route, so that every one registered after it (the API lists and the
  // analysis above all) answers compressed when the client accepts it. The provider's
  // hijacked routes bypass onSend, so they are never touched.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: COMPRESSION_THRESHOLD_BYTES, globalDecompression: false });

  let keys = parts.tokenKeys;
  if (config.oidc.embedded) {
    const provider = await installEmbeddedProvider(app, { db, config });
    keys ??= provider.keys;
  }
  keys ??= await remoteKeys(config.oidc.issuer);

  const versions = await watchDataVersions(db);
  app.addHook('onClose', () => versions.stop());
  const callers = authenticate({ issuer: config.oidc.issuer, audience: config.oidc.audience, clientId: config.oidc.clientId, keys }, db, versions);
  // Requests the lane answers never reach Fastify's request log: when that log is
  // wanted (info or more), every request takes the long way.
  if (!REQUEST_LOG_LEVELS.has(app.log.level)) {
    const readyAnswerLane = createReadyAnswerLane(callers, API_ANSWER_HEADERS);
    app.addHook('preClose', (done) => {
      readyAnswerLane.close();
      done();
    });
    lane = readyAnswerLane;
  }
  const context: RouteContext = { db, config, contract, versions, callers, lane };
  await registerApiRoutes(app, context);

  app.get('/healthz', async () => ({ status: 'ok', database: db.kind }));
  if (parts.serveApp !== false) await installAppShell(app, config);
  return app;
}

/** An external provider (Keycloak) publishes its keys through discovery. */
async function remoteKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`Cannot read the discovery document of ${issuer}: ${response.status}`);
  const { jwks_uri } = (await response.json()) as { jwks_uri: string };
  return createRemoteJWKSet(new URL(jwks_uri));
}
