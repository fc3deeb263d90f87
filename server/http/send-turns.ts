import type { FastifyReply } from 'fastify';

/**
 * Turns for answers that hold a lot of memory while they go out: at most `limit` at
 * once, the others waiting in order of arrival. A turn lasts until the answer has been
 * handed to the operating system or its connection is gone, so a client that asks and
 * never reads holds one turn (until HTTP_TIMEOUT cuts it), not one more copy of the
 * answer per connection. A waiting request holds no answer.
 */
export interface SendTurns {
  /** Resolves when this reply may be sent; the turn ends by itself with the reply. */
  take(reply: FastifyReply): Promise<void>;
}

export function createSendTurns(limit: number): SendTurns {
  let sending = 0;
  const waiting: Array<() => void> = [];

  const pass = () => {
    const next = waiting.shift();
    if (next) next();
    else sending -= 1;
  };

  const holdUntilSent = (reply: FastifyReply) => {
    const response = reply.raw;
    // A client that left while waiting gets nothing sent: its turn goes to the next at once.
    if (response.destroyed || response.writableFinished || response.socket?.destroyed) return pass();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      pass();
    };
    response.once('finish', end);
    response.once('close', end);
  };

  return {
    async take(reply) {
      if (sending < limit) sending += 1;
      // The turn passes to this waiter without `sending` going down and up again.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      holdUntilSent(reply);
    },
  };
}
