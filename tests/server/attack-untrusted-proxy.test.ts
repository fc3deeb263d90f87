import { afterEach, describe, expect, test } from 'vitest';
import { UNTRUSTED_FORWARDING } from '../../server/http/untrusted-forwarding.ts';
import { startTestServer, type TestServer } from '../support/server-harness.ts';

// Behind a proxy without TRUST_PROXY every person shares the proxy's address, so one
// guesser's sign-in delays fall on all of them: the operator must hear of it.
const PROXY = '10.0.0.5';

function loggingServer(settings: Record<string, string>): Promise<{ server: TestServer; warnings: string[] }> {
  const warnings: string[] = [];
  const stream = { write: (line: string) => void warnings.push(JSON.parse(line).msg) };
  return startTestServer({ settings, logger: { level: 'warn', stream } }).then((server) => ({ server, warnings }));
}

const fromProxy = (server: TestServer, client: string) =>
  server.app.inject({ url: '/healthz', remoteAddress: PROXY, headers: { 'x-forwarded-for': client } });

describe('forwarding headers the server does not trust', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  test('without TRUST_PROXY, the first forwarded request warns once, naming the setting', async () => {
    const started = await loggingServer({});
    server = started.server;
    await fromProxy(server, '192.0.2.1');
    await fromProxy(server, '192.0.2.2');
    expect(started.warnings.filter((message) => message === UNTRUSTED_FORWARDING)).toHaveLength(1);
    expect(UNTRUSTED_FORWARDING).toContain('TRUST_PROXY');
  });

  test('with the proxy trusted, forwarded requests warn of nothing', async () => {
    const started = await loggingServer({ TRUST_PROXY: PROXY });
    server = started.server;
    await fromProxy(server, '192.0.2.1');
    expect(started.warnings).not.toContain(UNTRUSTED_FORWARDING);
  });

  test('requests without forwarding headers warn of nothing', async () => {
    const started = await loggingServer({});
    server = started.server;
    await server.app.inject({ url: '/healthz', remoteAddress: PROXY });
    expect(started.warnings).not.toContain(UNTRUSTED_FORWARDING);
  });
});
