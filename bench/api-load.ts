/**
 * The API under load with autocannon: the user list of the large tenant with 100
 * concurrent clients, against a bare node:http server answering the same bytes in
 * the same run, and the analysis of a year with 10 concurrent clients. The clients
 * accept compressed answers, as the browsers running the app do.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface LoadRun {
  /** Of the answered requests; only a lower bound when `p99IsLowerBound` says so. */
  p99: number;
  requestsPerSecond: number;
  connections: number;
  sent: number;
  answered: number;
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
const REQUEST_TIMEOUT_SECONDS = 120;

/** One autocannon run; any error or non-2xx answer fails the whole benchmark rather than flattering it. */
export async function load({ url, connections, durationSeconds, headers = {}, method = 'GET', body }: LoadOptions): Promise<LoadRun> {
  const result: Result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${method} ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  const answered = result['2xx'];
  return { p99: result.latency.p99, requestsPerSecond: answered / result.duration, connections, sent: result.requests.sent, answered };
}

/**
 * A run ends with one request per connection in flight, and autocannon drops those.
 * While every client has had at least two answers that hardly matters; below that
 * the server never caught up with its queue, the slowest requests are the ones
 * dropped, and the answered requests' p99 understates the real one.
 */
export function p99IsLowerBound(run: LoadRun): boolean {
  return run.answered < 2 * run.connections;
}

/**
 * Up to `rounds` runs, one after another. A run that ends with its p99 only a lower
 * bound leaves the server a backlog of abandoned requests that the next run would
 * queue behind, so the rounds stop there.
 */
export async function loadRounds(options: LoadOptions, rounds: number): Promise<LoadRun[]> {
  const runs: LoadRun[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const run = await load(options);
    runs.push(run);
    if (p99IsLowerBound(run)) break;
    // Let the server finish the requests the run dropped before anything else runs.
    const backlogSeconds = Math.min(run.connections / run.requestsPerSecond, MAX_BACKLOG_WAIT_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, backlogSeconds * 1000));
  }
  return runs;
}

const MAX_BACKLOG_WAIT_SECONDS = 15;

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
 * first and a smaller one once made, so ask until two answers a moment apart agree.
 */
export async function settledAnswerBytes(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  let answer = await answerBytes(url, headers);
  for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
    const next = await answerBytes(url, headers);
    if (next.body.equals(answer.body)) return next;
    answer = next;
  }
  return answer;
}

const SETTLE_ATTEMPTS = 20;
const SETTLE_PAUSE_MS = 500;

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
