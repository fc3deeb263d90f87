/**
 * What the app's API client remembers for one person's session, as its revalidating
 * middleware does: the last answer that came with an ETag, for each GET URL and for the
 * analysis (whose key holds its body). The next same request carries that ETag as
 * `If-None-Match`; a 304 gives back the remembered answer, which the screen then reads
 * as if it had just come.
 */
import type { Answer } from './browser-send.ts';

/** The key of a request: its method, its path and query (not the server's address: the app knows one origin), and its body. */
export const requestKey = (method: string, path: string, body?: string): string => `${method} ${path}\n${body ?? ''}`;

export class RememberedAnswers {
  private readonly byRequest = new Map<string, { etag: string; answer: Answer }>();

  /** The ETag to send as `If-None-Match`, when an answer to this request is remembered. */
  etagOf(key: string): string | undefined {
    return this.byRequest.get(key)?.etag;
  }

  /**
   * The answer the person gets for what the server sent: on a 304 to a request sent with a
   * remembered ETag, the remembered answer; otherwise what was sent, remembered when it
   * succeeded with an ETag (and the request forgotten when it succeeded without one).
   */
  settle(key: string, sent: Answer): { answer: Answer; notModified: boolean } {
    const remembered = this.byRequest.get(key);
    const etag = sent.headers.etag;
    if (remembered && sent.status === 304) {
      if (etag && etag !== remembered.etag) this.byRequest.set(key, { etag, answer: remembered.answer });
      return { answer: remembered.answer, notModified: true };
    }
    if (sent.status === 200) {
      if (etag) this.byRequest.set(key, { etag, answer: sent });
      else this.byRequest.delete(key);
    }
    return { answer: sent, notModified: false };
  }
}
