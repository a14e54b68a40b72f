import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AlertLog } from './alertLog';

const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

interface NoticeHandlers {
  /** A notice on the channel, with its payload. */
  notice(payload: string): void;
  /** LISTEN is in place (again): anything kept before may have changed unnoticed. */
  up(): void;
  /** The connection is gone: notices may be missed until `up` is called again. */
  down(): void;
}

interface Listening {
  /** Drops the connection as if it had been lost (logged, `down`, then reconnects). */
  restart(error: Error): void;
  stop(): Promise<void>;
}

/**
 * LISTENs on `channel` on a connection of its own (a pooled one would be handed to other queries),
 * and reconnects when it drops, with growing pauses. Resolves after the first attempt, successful
 * or not. `what` names the listener in the log.
 */
async function keepListening(
  connection: pg.ClientConfig,
  channel: string,
  handlers: NoticeHandlers,
  log: AlertLog,
  what: string,
): Promise<Listening> {
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
    restart: (error) => {
      if (client) lost(client, error);
    },
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

/** Payloads this prefix starts are markers (`Listened.heard`), never changes. */
const MARKER = 'marker:';
/** A marker not back by then means notices are not arriving, on a connection that looks up. */
const MARKER_WAIT_MS = 2_000;

/**
 * What a cache kept in process needs of its channel: nothing is kept unless a LISTEN connection
 * is up (`listening`), `reset` drops everything whenever notices may have been missed, and
 * `heard` waits until this instance has taken in every change committed before the call.
 */
export class Listened {
  private live = false;
  /** Markers this instance sent itself (`heard`), with what to call when each comes back. */
  private markers = new Map<string, () => void>();
  private connection: Listening | null = null;

  constructor(
    private readonly channel: string,
    private readonly what: string,
    private readonly handlers: {
      /** A change on the channel, with its payload (markers are never passed on). */
      notice(payload: string): void;
      /** Drop everything kept: the connection came up or went down. */
      reset(): void;
    },
  ) {}

  /** Whether a LISTEN connection is up, so that what is kept is told of every change. */
  get listening(): boolean {
    return this.live;
  }

  /**
   * Resolves once this instance has heard every notice committed before the call: notices arrive
   * in commit order, so once a marker sent now comes back, every earlier change has been applied.
   */
  async heard(pool: pg.Pool): Promise<void> {
    if (!this.live) return;
    const marker = `${MARKER}${randomUUID()}`;
    const back = new Promise<void>((resolve) => this.markers.set(marker, resolve));
    const timer = setTimeout(() => {
      // Whatever is kept can no longer be trusted: drop it and listen anew (which releases every wait).
      this.handlers.reset();
      this.connection?.restart(new Error(`a marker sent on ${this.channel} was not heard back within ${MARKER_WAIT_MS} ms`));
      this.markers.get(marker)?.();
    }, MARKER_WAIT_MS);
    try {
      await pool.query('select pg_notify($1, $2)', [this.channel, marker]);
      await back;
    } finally {
      clearTimeout(timer);
      this.markers.delete(marker);
    }
  }

  /** Starts listening (see keepListening); resolves after the first attempt, successful or not. */
  async listen(connection: pg.ClientConfig, log: AlertLog): Promise<{ stop(): Promise<void> }> {
    this.connection = await keepListening(
      connection,
      this.channel,
      {
        notice: (payload) => {
          if (payload.startsWith(MARKER)) {
            // Other instances' markers come here too: they change nothing.
            this.markers.get(payload)?.();
            this.markers.delete(payload);
          } else this.handlers.notice(payload);
        },
        up: () => {
          // Anything kept before this connection may have changed unnoticed.
          this.handlers.reset();
          this.live = true;
        },
        down: () => {
          this.live = false;
          this.handlers.reset();
          // Nothing is kept now, so whoever waits for a marker has nothing left to wait for.
          for (const release of this.markers.values()) release();
          this.markers.clear();
        },
      },
      log,
      this.what,
    );
    return this.connection;
  }
}
