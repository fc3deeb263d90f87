import { createServer as createHttpServer, type Server } from 'node:http';
import { startProviderServer, type ProviderServer } from './oidc-harness.ts';
import { freePort } from './free-port.ts';

/** The reference server with its embedded provider on a real port, for clients that speak HTTP (keycloak-js, openid-client). */
export interface ListeningProvider extends ProviderServer {
  /** The server's origin; the issuer is `${origin}/realms/crm`. */
  origin: string;
}

export async function startListeningProvider(env: Record<string, string> = {}): Promise<ListeningProvider> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startProviderServer({ publicUrl: origin, env });
  await server.app.listen({ host: '127.0.0.1', port });
  return Object.assign(server, { origin });
}

/** A static server of a few fixed files on a port of its own (another origin than the provider's). */
export async function serveFiles(files: Record<string, { type: string; body: string }>): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createHttpServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
