/**
 * The yardstick for the API list endpoint: a bare node:http server that answers
 * every GET with the same users the API answers, serialised afresh each time as
 * a handler would, with no framework, no database and no authentication.
 *
 * Run as its own process (like the real server): `node --import tsx bench/bare-server.ts <users.json>`;
 * it prints its port when listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const users: unknown = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));

const server = createServer((_request, response) => {
  const body = JSON.stringify(users);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address) console.log(`listening ${address.port}`);
});

process.once('SIGTERM', () => server.close(() => process.exit(0)));
