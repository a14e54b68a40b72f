import type pg from 'pg';
import type { AlertLog } from './alertLog';
import { Listened } from './listener';

/**
 * The channel the triggers of the session notices migration notify: `t<id>` when a token row
 * changes or goes, `u<id>` when a user's status changes or the user goes, `*` for many tokens at once.
 */
export const SESSION_CHANNEL = 'session_changed';

/** Past this many sessions new ones are simply not kept (looked up on every call instead). */
const MAX_ENTRIES = 50_000;

interface Entry<T> {
  session: T;
  /** Epoch milliseconds: the token's own expiry. */
  expiresAt: number;
}

/**
 * Live sessions by token hash, kept in process so a logged-in call needs no lookup. Every change
 * of a token or of a user's status in the database notifies every instance, which drops the
 * sessions concerned; without a live LISTEN connection nothing is kept, so a revoked token or a
 * frozen user stops working on every instance as soon as the notice arrives. The notices are the
 * only way sessions are dropped: a request that changes tokens or a user's status waits until its
 * own instance has heard them (`heard`) before it answers, so the very next request there is refused.
 */
export class SessionCache<T extends { tokenId: number; userId: number | null }> {
  private entries = new Map<string, Entry<T>>();
  private keysByToken = new Map<number, string>();
  private keysByUser = new Map<number, Set<string>>();
  /** Moves on every change heard: a lookup that began before it is not kept. */
  private epoch = 0;
  /** How many lookups went to the database: a kept session needs none. */
  private lookups = 0;
  private readonly listened = new Listened(SESSION_CHANNEL, 'session cache', {
    notice: (payload) => this.changed(payload),
    reset: () => this.clear(),
  });

  /** The session under `key` (the token hash), kept or loaded; undefined when there is none. */
  async get(key: string, load: () => Promise<{ session: T; expiresAt: Date } | undefined>, now = Date.now()): Promise<T | undefined> {
    const kept = this.entries.get(key);
    if (kept) {
      if (kept.expiresAt > now) return kept.session;
      this.forget(key);
    }
    const epoch = this.epoch;
    this.lookups += 1;
    const loaded = await load();
    if (!loaded) return undefined;
    if (this.listened.listening && epoch === this.epoch && this.entries.size < MAX_ENTRIES)
      this.keep(key, loaded.session, loaded.expiresAt.getTime());
    return loaded.session;
  }

  /** Drops every session kept, and any lookup under way is not kept either. */
  private clear(): void {
    this.epoch += 1;
    this.entries = new Map();
    this.keysByToken = new Map();
    this.keysByUser = new Map();
  }

  /** Whether sessions are being kept (a LISTEN connection is up). */
  get active(): boolean {
    return this.listened.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** How many lookups went to the database since the start. */
  get loads(): number {
    return this.lookups;
  }

  /**
   * Resolves once this instance has heard every notice committed before the call (see
   * lib/listener.ts): a change made through this instance is then seen by its next request.
   */
  heard(pool: pg.Pool): Promise<void> {
    return this.listened.heard(pool);
  }

  /** A notice of the session channel (see SESSION_CHANNEL). */
  private changed(payload: string): void {
    const id = Number(payload.slice(1));
    if (payload[0] === 't' && Number.isSafeInteger(id)) this.forgetToken(id);
    else if (payload[0] === 'u' && Number.isSafeInteger(id)) this.forgetUser(id);
    else this.clear();
  }

  /** Drops the session of one token (and any lookup under way is not kept). */
  private forgetToken(tokenId: number): void {
    this.epoch += 1;
    const key = this.keysByToken.get(tokenId);
    if (key !== undefined) this.forget(key);
  }

  /** Drops every session of one user (and any lookup under way is not kept). */
  private forgetUser(userId: number): void {
    this.epoch += 1;
    for (const key of this.keysByUser.get(userId) ?? []) this.forget(key);
  }

  listen(connection: pg.ClientConfig, log: AlertLog): Promise<{ stop(): Promise<void> }> {
    return this.listened.listen(connection, log);
  }

  private keep(key: string, session: T, expiresAt: number): void {
    this.entries.set(key, { session, expiresAt });
    this.keysByToken.set(session.tokenId, key);
    if (session.userId !== null) {
      const keys = this.keysByUser.get(session.userId) ?? new Set<string>();
      keys.add(key);
      this.keysByUser.set(session.userId, keys);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.keysByToken.delete(entry.session.tokenId);
    const { userId } = entry.session;
    if (userId !== null) {
      const keys = this.keysByUser.get(userId);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByUser.delete(userId);
    }
  }
}
