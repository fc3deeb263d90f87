/**
 * The API under load: the user list of the large tenant with 100 concurrent clients,
 * against a bare node:http server answering the same bytes in the same run, and the
 * analysis of a year with 10 concurrent clients. The clients accept compressed
 * answers, as the browsers running the app do.
 *
 * Each client is one keep-alive connection (bench/lean-client.ts) that reads each body
 * by counting its bytes, as autocannon does. autocannon itself (8.0) was not used: it
 * appends every chunk of every body to a string, which made it the bottleneck (against
 * a bare server sending 83 KB to 100 clients it reached 502 requests/s, node:http's own
 * client 5,210/s), and node:http's client in turn spent twice the lean client's time per
 * answer, time taken from the server on a two-core machine.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { runLeanConnection } from './lean-client.ts';

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
  const latencies: number[] = [];
  const started = performance.now();
  const run = { until: started + durationSeconds * 1000, record: (ms: number) => void latencies.push(ms), timeoutMs: REQUEST_TIMEOUT_MS };
  const request = { url, method, headers, ...(body === undefined ? {} : { body }) };
  const outcomes = await Promise.allSettled(Array.from({ length: connections }, () => runLeanConnection(request, run)));
  const failures = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failures.length > 0) throw new Error(`${method} ${url}: ${failures.length} clients failed, e.g. ${(failures[0]!.reason as Error).message}`);
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)] ?? Number.NaN;
  return { p99, requestsPerSecond: latencies.length / elapsedSeconds, connections };
}

// As autocannon's --warmup: the first seconds of a load find code not yet optimised on
// both sides (the first run of five was consistently the slowest), which is not what a
// server that has been up a while does.
const WARMUP_SECONDS = 3;

/** A warm-up run, not counted, then `rounds` runs, one after another. */
export async function loadRounds(options: LoadOptions, rounds: number): Promise<LoadRun[]> {
  const [runs] = await alternatingLoadRounds([options], rounds);
  return runs!;
}

/**
 * A warm-up run of each load, not counted, then `rounds` runs of each, taking turns:
 * a machine that gets busier or quieter during the rounds (two cores shared with
 * whatever else runs) then weighs on every load alike, where rounds one load after
 * the other would credit one load with the quiet minutes. The runs of each load, in
 * the order of `loads`.
 */
export async function alternatingLoadRounds(loads: LoadOptions[], rounds: number): Promise<LoadRun[][]> {
  for (const options of loads) await load({ ...options, durationSeconds: WARMUP_SECONDS });
  const runs: LoadRun[][] = loads.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, options] of loads.entries()) runs[index]!.push(await load(options));
  }
  return runs;
}

export interface AnswerBytes {
  /** As sent: not decompressed. */
  body: Buffer;
  encoding: string;
  /** From sending the request to the answer's last byte. */
  lastByteMs: number;
}

/** One answer exactly as sent, timed to its last byte (decoding it is the client's work, not counted). */
export async function answerBytes(url: string, headers: Record<string, string>, { method = 'GET', body }: { method?: 'GET' | 'POST'; body?: string } = {}): Promise<AnswerBytes> {
  const started = performance.now();
  const response = await new Promise<IncomingMessage>((resolve, reject) => request(url, { method, headers }, resolve).once('error', reject).end(body));
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const lastByteMs = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}`);
  return { body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? 'identity', lastByteMs };
}

/** The JSON of an answer, decompressed as its encoding says. */
export function answerJson({ body, encoding }: AnswerBytes): unknown {
  const text = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return JSON.parse(text.toString('utf8'));
}

/**
 * The answer's bytes once the server has settled on them: it sends a fast encoding
 * first and, a second later, a smaller one, so ask until three answers two seconds
 * apart agree.
 */
export async function settledAnswerBytes(url: string, headers: Record<string, string>): Promise<AnswerBytes> {
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
