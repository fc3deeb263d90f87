/**
 * One HTTP request as a browser sends it, for the load's people (bench/people.ts).
 *
 * A browser keeps its connections open between requests and sends the next request on a
 * free one. The server closes a connection that has been idle for its keep-alive time
 * (`HTTP_TIMEOUT`); a request sent on it just as it closes is lost, and so is one that
 * arrives while the server's event loop is busy past that time (its timers run before it
 * reads the connection, so it closes it with the request unread, and the kernel resets it).
 * Either way the connection is closed or reset before any byte of the answer. Chromium then
 * sends the request again on another connection (`HttpNetworkTransaction::ShouldResendRequest`:
 * the connection was reused and no response headers came), whatever the method, and the page
 * sees one request that took longer. Node's `http.Agent` does not, so the people do it here:
 * the person's timing runs from the first sending to the last byte of the answer, and every
 * resend is counted with how long its connection had been idle.
 */
import { request, type Agent, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request sent again: why the kept connection failed, how long it had been idle, and how long after sending it failed. */
export interface Resend {
  error: string;
  idleMs: number;
  failedAfterMs: number;
}

export interface Sending {
  method: string;
  headers: Record<string, string>;
  body?: string;
  agent: Agent;
  /** Silence on the connection for this long gives the request up (not resent). */
  timeoutMs: number;
}

/** The errors of a connection closed or reset under a request (Chromium's ERR_CONNECTION_RESET, _CLOSED, _ABORTED, ERR_EMPTY_RESPONSE). */
const CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** When each kept connection last finished an answer, to say how long it had been idle when reused. */
const lastAnswered = new WeakMap<Socket, number>();

/** Notes that `socket` has just finished carrying an answer. */
export const answeredOn = (socket: Socket): void => void lastAnswered.set(socket, performance.now());

/** How long a connection given to a request had been idle since its last answer (0 for a new one). */
export function idleMsOf(socket: Socket): number {
  const last = lastAnswered.get(socket);
  return last === undefined ? 0 : performance.now() - last;
}

class ClosedBeforeAnswer extends Error {
  constructor(readonly resend: Resend) {
    super(resend.error);
  }
}

/** The request, sent again as long as it fails on a reused connection before any byte of its answer. */
export async function sendAsBrowser(url: string, sending: Sending, onResend: (resend: Resend) => void = () => {}): Promise<Answer> {
  for (;;) {
    try {
      return await sendOnce(url, sending);
    } catch (error) {
      if (!(error instanceof ClosedBeforeAnswer)) throw error;
      // The failed connection is destroyed, so each resend takes another kept one or a new one:
      // the loop ends at the latest on a new connection, whose failure is final.
      onResend(error.resend);
    }
  }
}

function sendOnce(url: string, { method, headers, body, agent, timeoutMs }: Sending): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const sentAt = performance.now();
    let socket: Socket | undefined;
    let idleMs = 0;
    let answered = false;
    const sent = request(url, { method, headers, agent, timeout: timeoutMs }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (socket) answeredOn(socket);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    sent.on('socket', (given: Socket) => {
      socket = given;
      idleMs = idleMsOf(given);
    });
    sent.on('timeout', () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    sent.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered && sent.reusedSocket && CLOSED_CODES.has(error.code ?? '')) {
        reject(new ClosedBeforeAnswer({ error: error.message, idleMs, failedAfterMs: performance.now() - sentAt }));
      } else reject(error);
    });
    sent.end(body);
  });
}
