import pg from 'pg';
import type { AlertLog } from '../deps';

const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

export interface NoticeHandlers {
  /** A notice on the channel, with its payload. */
  notice(payload: string): void;
  /** LISTEN is in place (again): anything kept before may have changed unnoticed. */
  up(): void;
  /** The connection is gone: notices may be missed until `up` is called again. */
  down(): void;
}

/**
 * LISTENs on `channel` on a connection of its own (a pooled one would be handed to other queries),
 * and reconnects when it drops, with growing pauses. Resolves after the first attempt, successful
 * or not. `what` names the listener in the log.
 */
export async function keepListening(
  connection: pg.ClientConfig,
  channel: string,
  handlers: NoticeHandlers,
  log: AlertLog,
  what: string,
): Promise<{ stop(): Promise<void> }> {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;

  // Called by the error and end events and a failed connect alike: only the first call per connection counts.
  const lost = (dropped: pg.Client, error?: Error) => {
    if (dropped !== client) return;
    client = null;
    handlers.down();
    dropped.removeAllListeners();
    dropped.on('error', () => undefined);
    dropped.end().catch(() => undefined);
    if (stopped) return;
    if (error && failures === 0) log.warn({ err: error }, `${what}: LISTEN connection lost; reading from the database until it is back`);
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
  };

  const connect = async () => {
    timer = null;
    const next = new pg.Client({ ...connection, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = next;
    next.on('notification', (message) => handlers.notice(message.payload ?? ''));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (stopped || client !== next) return;
      handlers.up();
      if (failures > 0) log.info(`${what}: listening again`);
      failures = 0;
    } catch (error) {
      lost(next, error as Error);
    }
  };

  await connect();
  return {
    stop: async () => {
      stopped = true;
      handlers.down();
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}
