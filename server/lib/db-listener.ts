// The one LISTEN connection of a server process: every cross-process signal of the application
// (the answer cache's invalidation, live notifications) is a NOTIFY channel with a handler here.
//
// PostgreSQL: one dedicated connection LISTENs on every channel; NOTIFY reaches every process on the
// database within milliseconds. A lost connection is re-opened after a second and every handler's
// `onGap` runs (notifications may have been missed while not listening). PGlite (one process per
// data folder): the database's own in-process LISTEN delivers the same NOTIFYs.
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../db/client.js';

export type TChannelHandler = {
  channel: string;
  onMessage: (payload: string | undefined) => void;
  /** Notifications may have been missed (the connection was lost, or just (re)opened). */
  onGap: () => void;
};

type TPgliteClient = { listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>> };
type TPool = { options: Record<string, unknown> };

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/** LISTENs on each handler's channel; returns the function that stops listening. */
export async function listenToDatabase(database: TDatabase, log: FastifyBaseLogger, handlers: readonly TChannelHandler[]): Promise<() => Promise<void>> {
  for (const h of handlers) if (!CHANNEL_NAME.test(h.channel)) throw new Error(`bad channel name ${h.channel}`);
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!client || handlers.length === 0) return async () => {};
  if (database.kind === 'pglite') {
    const unlisteners = await Promise.all(handlers.map((h) => (client as TPgliteClient).listen(h.channel, (payload) => h.onMessage(payload))));
    return async () => {
      for (const unlisten of unlisteners) await unlisten().catch(() => {});
    };
  }
  const byChannel = new Map(handlers.map((h) => [h.channel, h]));
  const gap = () => handlers.forEach((h) => h.onGap());
  const { default: pg } = await import('pg');
  const options = (client as TPool).options;
  let stopped = false;
  let current: import('pg').Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client(options);
    current = c;
    const lost = (err?: Error) => {
      if (current !== c || stopped) return;
      current = undefined;
      log.warn({ err }, 'database listener lost; reconnecting');
      gap();
      c.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1_000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (msg) => byChannel.get(msg.channel)?.onMessage(msg.payload));
    try {
      await c.connect();
      for (const channel of byChannel.keys()) await c.query(`LISTEN ${channel}`);
      gap(); // anything that happened while not listening
    } catch (err) {
      lost(err as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}
