import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../db/client';
import type { AlertLog } from './alertLog';
import { Listened } from './listener';

/** The channel the triggers of migration 0014 notify when public content or the catalogue changes. */
export const PUBLIC_CONTENT_CHANNEL = 'public_content_changed';

/** Keys include query parameters (page, id): past this many entries answers are simply not kept. */
const MAX_ENTRIES = 500;

/**
 * Makes a change of public content (a console edit) and waits until this instance has heard the
 * notices it caused, so the edit shows in this instance's very next answer; other instances hear
 * of it in their turn. Only what the cache keeps needs this: other writes answer without waiting.
 */
export async function changePublicContent<T>(deps: { database: Database; publicCache: PublicCache }, change: () => Promise<T>): Promise<T> {
  const result = await change();
  await deps.publicCache.heard(deps.database.pool);
  return result;
}

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
  /** How many answers were read from the database: a kept one needs none. */
  private reads = 0;
  private readonly listened = new Listened(PUBLIC_CONTENT_CHANNEL, 'public content cache', {
    notice: () => this.clear(),
    reset: () => this.clear(),
  });

  async get<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    if (!this.listened.listening) {
      this.reads += 1;
      return withEtag(await load(), false);
    }
    const present = this.entries.get(key) as Promise<Cached<T>> | undefined;
    if (present) return present;
    // Kept while loading, so a burst of requests makes one query; a notice that arrives meanwhile
    // replaces the whole map, so an answer read before the change is never kept past it.
    const keeping = this.entries.size < MAX_ENTRIES;
    this.reads += 1;
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
    return this.listened.listening;
  }

  /** How many answers were read from the database since the start. */
  get loads(): number {
    return this.reads;
  }

  /** Resolves once this instance has heard every change committed before the call (lib/listener.ts). */
  heard(pool: pg.Pool): Promise<void> {
    return this.listened.heard(pool);
  }

  /**
   * Listens for changes (lib/listener.ts); while the connection is down nothing is kept, as
   * notices may be missed. Resolves after the first attempt, successful or not.
   */
  listen(connection: pg.ClientConfig, log: AlertLog): Promise<{ stop(): Promise<void> }> {
    return this.listened.listen(connection, log);
  }
}
