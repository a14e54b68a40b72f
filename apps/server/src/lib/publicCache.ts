import { createHash } from 'node:crypto';
import pg from 'pg';
import type { AlertLog } from '../deps';

/** The channel the triggers of migration 0014 notify when public content or the catalogue changes. */
export const PUBLIC_CONTENT_CHANNEL = 'public_content_changed';

/** Keys include query parameters (page, id): past this many entries answers are simply not kept. */
const MAX_ENTRIES = 500;
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

export interface Cached<T> {
  data: T;
  /** A strong validator of `data`: equal data, equal tag, on every instance. */
  etag: string;
  /** Whether this answer is kept for later calls (false: read for this call alone). */
  kept: boolean;
  /**
   * The JSON text of the answer's body, made by the first call that serves a kept answer
   * (http/cachedAnswer.ts) and sent as it is by every later one until the next change.
   */
  body?: string | ArrayBuffer | Buffer;
}

function withEtag<T>(data: T, kept: boolean): Cached<T> {
  const hash = createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27);
  return { data, etag: `"${hash}"`, kept };
}

/**
 * Public data every visitor reads and only operators change (banners, notices, ticker, settings,
 * FAQ, rich texts, the catalogue), kept in process. Every change in the database notifies every
 * instance (see `listen`), which then drops everything it kept. Without a live LISTEN connection
 * nothing is kept: a missed notice must never leave an instance serving old content.
 */
export class PublicCache {
  private entries = new Map<string, Promise<Cached<unknown>>>();
  private listening = false;

  async get<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    if (!this.listening) return withEtag(await load(), false);
    const present = this.entries.get(key) as Promise<Cached<T>> | undefined;
    if (present) return present;
    // Kept while loading, so a burst of requests makes one query; a notice that arrives meanwhile
    // replaces the whole map, so an answer read before the change is never kept past it.
    const keeping = this.entries.size < MAX_ENTRIES;
    const loading = load().then((data) => withEtag(data, keeping));
    if (keeping) {
      const entries = this.entries;
      entries.set(key, loading);
      loading.catch(() => {
        if (entries.get(key) === loading) entries.delete(key);
      });
    }
    return loading;
  }

  clear(): void {
    this.entries = new Map();
  }

  /** Whether answers are being kept (a LISTEN connection is up). */
  get active(): boolean {
    return this.listening;
  }

  /**
   * Listens on a connection of its own (a pooled one would be handed to other queries), and
   * reconnects when it drops: everything is dropped then too, as notices may have been missed.
   * Resolves after the first attempt, successful or not.
   */
  async listen(connection: pg.ClientConfig, log: AlertLog): Promise<{ stop(): Promise<void> }> {
    let stopped = false;
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    let failures = 0;

    // Called by the error and end events and a failed connect alike: only the first call per connection counts.
    const lost = (dropped: pg.Client, error?: Error) => {
      if (dropped !== client) return;
      client = null;
      this.listening = false;
      this.clear();
      dropped.removeAllListeners();
      dropped.on('error', () => undefined);
      dropped.end().catch(() => undefined);
      if (stopped) return;
      if (error && failures === 0)
        log.warn({ err: error }, 'public content cache: LISTEN connection lost; reading from the database until it is back');
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
      failures += 1;
      timer = setTimeout(() => void connect(), delay);
      timer.unref();
    };

    const connect = async () => {
      timer = null;
      const next = new pg.Client({ ...connection, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
      client = next;
      next.on('notification', () => this.clear());
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        await next.query(`LISTEN ${PUBLIC_CONTENT_CHANNEL}`);
        if (stopped || client !== next) return;
        // Anything kept before this connection may have changed unnoticed.
        this.clear();
        this.listening = true;
        if (failures > 0) log.info('public content cache: listening again');
        failures = 0;
      } catch (error) {
        lost(next, error as Error);
      }
    };

    await connect();
    return {
      stop: async () => {
        stopped = true;
        this.listening = false;
        this.clear();
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
}
