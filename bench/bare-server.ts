/**
 * The yardstick for the API list endpoint: a bare node:http server that answers
 * every GET (the bench sends it the very requests it sends the API, bearer token and
 * all) with exactly the bytes the API answers (the same JSON, compressed the
 * same way for a client that accepts it), prepared once, with no framework, no
 * database and no authentication. The API keeps its answer ready too (its answer
 * cache), so the share of this server's rate is what the API costs on top of sending.
 *
 * Run as its own process (like the real server):
 * `node --import tsx bench/bare-server.ts <body file> <content-encoding or "identity">`;
 * it prints its port when listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]!);
const encoding = process.argv[3] ?? 'identity';
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': body.length,
  vary: 'accept-encoding',
  ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
};

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address) console.log(`listening ${address.port}`);
});

process.once('SIGTERM', () => server.close(() => process.exit(0)));
