/**
 * LISTEN on both engines, with the one promise the server builds on: a notification
 * raised by this process's own statement is delivered before that statement (or its
 * transaction's commit) resolves, so what a write announces is known before the
 * write's answer goes out. PostgreSQL hands a session its own notifications before it
 * reports the COMMIT done, so every connection that writes must be listening too.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Client, Notification, PoolClient } from 'pg';
import type { Database, Listening } from '../db/database.ts';

type Listen = Database['listen'];

// Channels are spliced into LISTEN, which takes no parameters.
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

function checkedChannel(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/** PGlite is one session in this process: its notifications cannot be lost. */
export function pgliteListen(pg: PGlite): Listen {
  return async (channel, onNotification) => {
    const unlisten = await pg.listen(checkedChannel(channel), onNotification);
    return { stop: unlisten };
  };
}

/**
 * On PostgreSQL every pooled connection listens (for this process's own writes), and
 * one connection of its own per listener hears the rest even while the pool is idle;
 * losing that one ends the listener. A pooled connection is made to listen when it is
 * next borrowed (`prepareToWrite`, before anything the borrower sends), never while
 * someone else is using it; so only a write already under way when the server starts
 * listening (at start, before it takes requests) can be heard late.
 */
export function postgresListening(connectDedicated: () => Client): { listen: Listen; prepareToWrite(client: PoolClient): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listeningOn = new WeakMap<PoolClient, Set<string>>();
  // The same notification reaches several connections: receivers must not mind repeats.
  const deliver = (message: Notification) => {
    for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
  };
  const listenOn = (client: Pick<Client, 'query'>, channel: string) => client.query(`listen ${channel}`);

  const prepareToWrite = async (client: PoolClient) => {
    let channels = listeningOn.get(client);
    if (!channels) {
      channels = new Set();
      listeningOn.set(client, channels);
      client.on('notification', deliver);
      // A connection cut while it closes (a database dropped, a server stopping) would
      // otherwise crash the process; statements under way still fail with the error.
      client.on('error', () => {});
    }
    for (const channel of handlers.keys()) {
      if (channels.has(channel)) continue;
      await listenOn(client, channel);
      channels.add(channel);
    }
  };

  const listen: Listen = async (channel, onNotification, onInterrupted) => {
    checkedChannel(channel);
    const dedicated = connectDedicated();
    let ended = false;
    const handler = (payload: string) => {
      if (!ended) onNotification(payload);
    };
    const end = () => {
      if (ended) return;
      ended = true;
      handlers.get(channel)?.delete(handler);
    };
    // The dedicated connection's notifications go through `deliver` as well.
    dedicated.on('notification', deliver);
    dedicated.on('error', (error) => {
      if (ended) return;
      end();
      onInterrupted(error);
    });
    dedicated.on('end', () => {
      if (ended) return;
      end();
      onInterrupted(new Error('The listening connection closed'));
    });
    await dedicated.connect();
    await listenOn(dedicated, channel);
    if (!handlers.has(channel)) handlers.set(channel, new Set());
    handlers.get(channel)!.add(handler);
    return {
      async stop() {
        end();
        await dedicated.end();
      },
    };
  };
  return { listen, prepareToWrite };
}
