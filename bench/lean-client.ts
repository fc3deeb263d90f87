/**
 * One keep-alive HTTP/1.1 connection that sends the same request again and again until
 * a deadline, reading each answer by counting its bytes, as autocannon does: no header
 * objects, no stream of body chunks, no promise per request, nothing kept. The socket
 * reads into one buffer of the connection's own, so answers allocate nothing. The load
 * clients run on the same two cores as the server they measure, so every microsecond
 * they spend, and every pause of their garbage collector, is one the server lacks and
 * shows in its latencies: node:http's client spent about twice this one's time per
 * answer, and with a fresh buffer per read (2 GB/s of answers) the client's collector
 * stopped everything for 10–20 ms at a time.
 *
 * It reads what the servers measured here send: a status line, headers with a
 * Content-Length (never chunked), and that many bytes of body. Anything else, a status
 * outside 2xx, or no byte for `timeoutMs`, ends the connection's run with an error
 * saying what came instead.
 */
import { connect } from 'node:net';

export interface LeanRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface LeanRun {
  /** No request is sent after this moment (performance.now()); the one in flight is waited for. */
  until: number;
  /** Called with each answer's latency in milliseconds, from sending to its last byte. */
  record(latencyMs: number): void;
  timeoutMs: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:[^\r]*chunked/i;
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})/;
const READ_BUFFER_BYTES = 256 * 1024;

/** The request as bytes, sent as they are each time. */
function requestBytes({ url, method, headers, body }: LeanRequest): Buffer {
  const target = new URL(url);
  if (target.protocol !== 'http:') throw new Error(`Only http: is measured, not ${target.protocol}`);
  const lines = [`${method} ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
}

/** Runs one connection until `run.until`; resolves when its last answer is in. */
export function runLeanConnection(request: LeanRequest, run: LeanRun): Promise<void> {
  const target = new URL(request.url);
  const bytes = requestBytes(request);
  const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  return new Promise<void>((resolve, reject) => {
    let head = Buffer.alloc(0);
    let bodyLeft = -1;
    let sentAt = 0;
    let finished = false;

    const finish = (error?: Error) => {
      if (finished) return;
      finished = true;
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    const send = () => {
      head = Buffer.alloc(0);
      bodyLeft = -1;
      sentAt = performance.now();
      socket.write(bytes);
    };
    const answered = (status: number) => {
      const now = performance.now();
      if (status < 200 || status > 299) return finish(new Error(`answered ${status}`));
      run.record(now - sentAt);
      if (now < run.until) send();
      else finish();
    };
    let status = 0;
    const read = (chunk: Buffer) => {
      if (bodyLeft < 0) {
        // The chunk is the connection's read buffer, overwritten by the next read: copied.
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf(HEADER_END);
        if (end < 0) return;
        const headerText = head.toString('latin1', 0, end);
        const statusLine = STATUS_LINE.exec(headerText);
        const length = CONTENT_LENGTH.exec(headerText);
        if (!statusLine) return finish(new Error(`not an HTTP/1.1 answer: ${headerText.slice(0, 40)}`));
        if (CHUNKED.test(headerText) || !length) return finish(new Error('an answer without Content-Length'));
        status = Number(statusLine[1]);
        bodyLeft = Number(length[1]) - (head.length - end - HEADER_END.length);
      } else {
        bodyLeft -= chunk.length;
      }
      if (bodyLeft > 0) return;
      if (bodyLeft < 0) return finish(new Error('more bytes than the answer announced'));
      answered(status);
    };

    const socket = connect({
      host: target.hostname,
      port: Number(target.port || 80),
      noDelay: true,
      onread: {
        buffer: readBuffer,
        callback: (count) => {
          read(readBuffer.subarray(0, count));
          return true;
        },
      },
    });
    socket.setTimeout(run.timeoutMs, () => finish(new Error(`no answer within ${run.timeoutMs} ms`)));
    socket.once('connect', send);
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish(new Error('the server closed the connection')));
  });
}
