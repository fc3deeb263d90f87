/**
 * The dashboard's one big answer as a phone receives it: the bytes on the wire of
 * POST /api/opportunities/anlaysis for last year's 50,000 opportunities, asked with
 * Chromium's Accept-Encoding, once the server has settled on its encoding.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { atMost, notMeasured, type Figure } from './figures.ts';

const KB = 1024;
const BUDGET_KB = 800;
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
// An answer cache may send a fast encoding first and a smaller one once it has made it.
const SETTLE_ATTEMPTS = 5;
const SETTLE_PAUSE_MS = 2000;

interface WireAnswer {
  bytes: Buffer;
  encoding: string;
}

function askOnce(baseUrl: string, accessToken: string, body: string): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${baseUrl}/api/opportunities/anlaysis`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', 'accept-encoding': CHROMIUM_ACCEPT_ENCODING },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve({ bytes: Buffer.concat(chunks), encoding: String(response.headers['content-encoding'] ?? 'identity') })
            : reject(new Error(`the analysis answered ${response.statusCode}`)),
        );
        response.on('error', reject);
      },
    );
    call.once('error', reject).end(body);
  });
}

export async function analysisBytesFigure(baseUrl: string, accessToken: string, tenant: { tenantId: number; previousYear: number }, opportunities: number): Promise<Figure> {
  const figure = `analysis answer of a year (${opportunities.toLocaleString('en-US')} opportunities): bytes on the wire`;
  try {
    const body = JSON.stringify({ year: tenant.previousYear, tenantId: tenant.tenantId });
    let answer = await askOnce(baseUrl, accessToken, body);
    for (let attempt = 1; attempt < SETTLE_ATTEMPTS; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
      const again = await askOnce(baseUrl, accessToken, body);
      const settled = again.bytes.length === answer.bytes.length;
      answer = again;
      if (settled) break;
    }
    // The server chooses among what Chromium accepts: a year comes as gzip joined from its months (server/caching/gzip-pieces.ts).
    const decode = { br: brotliDecompressSync, gzip: gunzipSync }[answer.encoding];
    if (!decode) return notMeasured(figure, `≤ ${BUDGET_KB} KB`, `answered as ${answer.encoding}, not compressed`);
    const rows = JSON.parse(decode(answer.bytes).toString('utf8')) as unknown[];
    if (rows.length < opportunities) return notMeasured(figure, `≤ ${BUDGET_KB} KB`, `answered ${rows.length} opportunities`);
    const perRow = answer.bytes.length / rows.length;
    return atMost(figure, answer.bytes.length / KB, 'KB', BUDGET_KB, `${answer.encoding === 'br' ? 'brotli' : answer.encoding}, ${rows.length.toLocaleString('en-US')} opportunities, ${perRow.toFixed(1)} bytes each`);
  } catch (error) {
    return notMeasured(figure, `≤ ${BUDGET_KB} KB`, (error as Error).message);
  }
}
