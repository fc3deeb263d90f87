/**
 * One keep-alive HTTP/1.1 connection that sends the same request again and again and
 * reads each answer by counting its bytes, as autocannon does: no header objects, no
 * stream of body chunks, nothing kept. The load clients run on the same two cores as
 * the server they measure, so every microsecond they spend is one the server lacks;
 * node:http's client spent about twice this one's time per answer.
 *
 * It reads what the servers measured here send: a status line, headers with a
 * Content-Length (never chunked), and that many bytes of body. Anything else fails
 * the request with a message saying what came instead.
 */
import { connect, type Socket } from 'node:net';

export interface LeanRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:[^\r]*chunked/i;
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})/;

export class LeanConnection {
  private readonly socket: Socket;
  private readonly request: Buffer;
  private readonly connected: Promise<void>;
  private head: Buffer = Buffer.alloc(0);
  private bodyLeft = -1;
  private status = 0;
  private settle: ((status: number) => void) | undefined;
  private fail: ((error: Error) => void) | undefined;

  constructor({ url, method, headers, body }: LeanRequest) {
    const target = new URL(url);
    if (target.protocol !== 'http:') throw new Error(`Only http: is measured, not ${target.protocol}`);
    const lines = [`${method} ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`, 'connection: keep-alive'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(body)}`);
    this.request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body ?? ''}`);
    this.socket = connect({ host: target.hostname, port: Number(target.port || 80), noDelay: true });
    this.connected = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.failWith(error));
    this.socket.on('close', () => this.failWith(new Error('the server closed the connection')));
  }

  /** Sends the request once and resolves to the answer's status when its last byte has arrived. */
  async send(): Promise<number> {
    await this.connected;
    return new Promise<number>((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
      this.head = Buffer.alloc(0);
      this.bodyLeft = -1;
      this.socket.write(this.request);
    });
  }

  close(): void {
    this.settle = undefined;
    this.fail = undefined;
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    if (this.bodyLeft < 0) {
      this.head = this.head.length === 0 ? chunk : Buffer.concat([this.head, chunk]);
      const end = this.head.indexOf(HEADER_END);
      if (end < 0) return;
      const headerText = this.head.toString('latin1', 0, end);
      const status = STATUS_LINE.exec(headerText);
      const length = CONTENT_LENGTH.exec(headerText);
      if (!status) return this.failWith(new Error(`not an HTTP/1.1 answer: ${headerText.slice(0, 40)}`));
      if (CHUNKED.test(headerText) || !length) return this.failWith(new Error('an answer without Content-Length'));
      this.status = Number(status[1]);
      this.bodyLeft = Number(length[1]) - (this.head.length - end - HEADER_END.length);
    } else {
      this.bodyLeft -= chunk.length;
    }
    if (this.bodyLeft > 0) return;
    if (this.bodyLeft < 0) return this.failWith(new Error('more bytes than the answer announced'));
    const settle = this.settle;
    this.settle = undefined;
    this.fail = undefined;
    settle?.(this.status);
  }

  private failWith(error: Error): void {
    const fail = this.fail;
    this.settle = undefined;
    this.fail = undefined;
    fail?.(error);
  }
}
