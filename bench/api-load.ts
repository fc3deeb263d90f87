/**
 * One API answer exactly as sent, timed to its last byte, as the browsers running
 * the app ask for it (accepting compressed answers).
 */
import { request, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What Chromium sends with every fetch of the app. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

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
