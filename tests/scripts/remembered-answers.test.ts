import { Agent, createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { sendAsBrowser } from '../../bench/browser-send.ts';
import { RememberedAnswers, requestKey } from '../../bench/remembered-answers.ts';

/**
 * A server of one tenant's data at a version, answering with the version as a weak ETag
 * and 304 when the request names it, as the API does; `tagged: false` sends no ETag.
 */
async function versionedServer(options: { tagged?: boolean } = {}) {
  const state = { version: 1, tagged: options.tagged ?? true, ifNoneMatch: [] as (string | undefined)[] };
  const server = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    state.ifNoneMatch.push(request.headers['if-none-match']);
    const etag = `W/"${request.url}-${body}-v${state.version}"`;
    if (state.tagged && request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'application/json', ...(state.tagged ? { etag } : {}) }).end(JSON.stringify({ url: request.url, body, version: state.version }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  opened.push(server);
  return { url: `http://127.0.0.1:${address.port}`, state };
}

const opened: Server[] = [];
const agent = new Agent({ keepAlive: true });
afterEach(async () => {
  agent.destroy();
  for (const server of opened.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** One person's requests, revalidated as bench/people.ts makes them. */
function person() {
  const remembered = new RememberedAnswers();
  return async (base: string, path: string, method = 'GET', body?: string) => {
    const key = requestKey(method, path, body);
    const etag = remembered.etagOf(key);
    const sent = await sendAsBrowser(`${base}${path}`, { method, headers: etag ? { 'if-none-match': etag } : {}, body, agent, timeoutMs: 5000 });
    const { answer, notModified } = remembered.settle(key, sent);
    return { status: answer.status, notModified, json: JSON.parse(answer.body.toString('utf8')) as { version: number; body: string } };
  };
}

describe("the load's people revalidate as the app's API client does", () => {
  it('send the ETag of the answer they remember, and read that answer again on a 304', async () => {
    const server = await versionedServer();
    const ask = person();
    const first = await ask(server.url, '/api/list');
    expect(first).toMatchObject({ status: 200, notModified: false, json: { version: 1 } });
    const again = await ask(server.url, '/api/list');
    expect(again).toMatchObject({ status: 200, notModified: true, json: { version: 1 } });
    expect(server.state.ifNoneMatch).toEqual([undefined, 'W/"/api/list--v1"']);
  });

  it('take the new answer once the data has changed, and revalidate that one next', async () => {
    const server = await versionedServer();
    const ask = person();
    await ask(server.url, '/api/list');
    server.state.version = 2;
    expect(await ask(server.url, '/api/list')).toMatchObject({ notModified: false, json: { version: 2 } });
    expect(await ask(server.url, '/api/list')).toMatchObject({ notModified: true, json: { version: 2 } });
    expect(server.state.ifNoneMatch.at(-1)).toBe('W/"/api/list--v2"');
  });

  it('remember the analysis by its body as well as its URL', async () => {
    const server = await versionedServer();
    const ask = person();
    await ask(server.url, '/api/analysis', 'POST', '{"year":2026}');
    const otherYear = await ask(server.url, '/api/analysis', 'POST', '{"year":2025}');
    expect(otherYear).toMatchObject({ notModified: false, json: { body: '{"year":2025}' } });
    expect(await ask(server.url, '/api/analysis', 'POST', '{"year":2026}')).toMatchObject({ notModified: true, json: { body: '{"year":2026}' } });
    expect(server.state.ifNoneMatch).toEqual([undefined, undefined, 'W/"/api/analysis-{"year":2026}-v1"']);
  });

  it('each remember only their own session', async () => {
    const server = await versionedServer();
    await person()(server.url, '/api/list');
    await person()(server.url, '/api/list');
    expect(server.state.ifNoneMatch).toEqual([undefined, undefined]);
  });

  it('remember nothing of an answer without an ETag', async () => {
    const server = await versionedServer({ tagged: false });
    const ask = person();
    await ask(server.url, '/api/list');
    expect(await ask(server.url, '/api/list')).toMatchObject({ notModified: false, json: { version: 1 } });
    expect(server.state.ifNoneMatch).toEqual([undefined, undefined]);
  });

  it('revalidate at another server process what one sent, as the app knows one origin', async () => {
    const one = await versionedServer();
    const other = await versionedServer();
    const ask = person();
    await ask(one.url, '/api/list');
    expect(await ask(other.url, '/api/list')).toMatchObject({ notModified: true, json: { version: 1 } });
    expect(other.state.ifNoneMatch).toEqual(['W/"/api/list--v1"']);
  });
});
