/**
 * The API under load: the user list of the large tenant with 100 concurrent clients,
 * against a bare node:http server answering the same bytes in the same run, and the
 * analysis of a year with 10 concurrent clients. The clients accept compressed
 * answers, as the browsers running the app do.
 *
 * The clients are node:http's own, reading and discarding each body. autocannon (8.0)
 * appends every chunk of every body to a string, which made it the bottleneck: against
 * a bare server sending 1.33 MB it reached 36 requests/s with a p99 of 1.4 s, where
 * these clients reached 713/s with a p99 of 60 ms (10 clients each; with 83 KB and 100
 * clients, 502/s against 5,210/s).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, get, request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface LoadRun {
  /** Of every request sent: `load` waits for the last ones. */
  p99: number;
  requestsPerSecond: number;
  connections: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/** What Chromium sends with every fetch of the app. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

// Slow answers are measured, not dropped as timeouts.
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * One run: `connections` clients, each sending its next request as soon as the last
 * is answered, until `durationSeconds` have passed; the requests still in flight then
 * are waited for and counted, so none is dropped. Any error or non-2xx answer fails
 * the whole benchmark rather than flattering it.
 */
export async function load({ url, connections, durationSeconds, headers = {}, method = 'GET', body }: LoadOptions): Promise<LoadRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const requestHeaders = { ...headers, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) };
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  const client = async () => {
    while (performance.now() < deadline && failures.length === 0) {
      const requestStarted = performance.now();
      try {
        const status = await answerStatus(url, { method, headers: requestHeaders, agent, timeout: REQUEST_TIMEOUT_MS }, body);
        if (status < 200 || status > 299) failures.push(`answered ${status}`);
        else latencies.push(performance.now() - requestStarted);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, client));
  } finally {
    agent.destroy();
  }
  if (failures.length > 0) throw new Error(`${method} ${url}: ${failures.length} failed, e.g. ${failures[0]}`);
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)] ?? Number.NaN;
  return { p99, requestsPerSecond: latencies.length / elapsedSeconds, connections };
}

/** Sends one request and reads its whole answer without keeping it; resolves to its status. */
function answerStatus(url: string, options: Parameters<typeof request>[1], body: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, options, (response) => {
      response.on('data', () => {});
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', reject);
    });
    outgoing.once('timeout', () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

/** `rounds` runs, one after another. */
export async function loadRounds(options: LoadOptions, rounds: number): Promise<LoadRun[]> {
  const runs: LoadRun[] = [];
  for (let round = 0; round < rounds; round += 1) runs.push(await load(options));
  return runs;
}

/** The body of one answer exactly as sent (not decompressed), with its encoding. */
export async function answerBytes(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => get(url, { headers }, resolve).once('error', reject));
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
  return { body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? 'identity' };
}

/**
 * The answer's bytes once the server has settled on them: it sends a fast encoding
 * first and, a second later, a smaller one, so ask until three answers two seconds
 * apart agree.
 */
export async function settledAnswerBytes(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  let answer = await answerBytes(url, headers);
  let agreeing = 0;
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS && agreeing < 2; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
    const next = await answerBytes(url, headers);
    agreeing = next.body.equals(answer.body) ? agreeing + 1 : 0;
    answer = next;
  }
  return answer;
}

const SETTLE_ATTEMPTS = 10;
const SETTLE_PAUSE_MS = 2000;

/** Serves `answer`'s bytes from a bare node:http process until `stop` is called. */
export async function startBareServer(answer: { body: Buffer; encoding: string }, workDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const file = join(workDir, 'bare-answer.bin');
  writeFileSync(file, answer.body);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', file, answer.encoding], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
