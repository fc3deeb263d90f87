import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const UNTRUSTED_FORWARDING =
  'Requests arrive with X-Forwarded-For or Forwarded headers from an address TRUST_PROXY does not name: ' +
  'every client behind that proxy shares its address, for rate limits and sign-in delays alike. ' +
  'Set TRUST_PROXY to the proxy (docs/configuration.md).';

/**
 * Behind a reverse proxy the server must be told which proxy to believe, or every
 * person arrives with the proxy's address and one guesser slows them all. A forwarding
 * header that was not believed is the sign of that mistake: said once, at the first
 * such request after start, as a warning an operator sees at the default log level.
 */
async function untrustedForwarding(app: FastifyInstance): Promise<void> {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || !forwardingIgnored(request)) return;
    warned = true;
    request.log.warn({ socketAddress: request.socket.remoteAddress }, UNTRUSTED_FORWARDING);
  });
}

function forwardingIgnored(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  // Believed, the header names the client, and request.ip is no longer the socket's peer.
  return forwarded && request.ip === request.socket.remoteAddress;
}

export default fp(untrustedForwarding, { name: 'untrusted-forwarding' });
