/**
 * How long a server test waits for something that arrives on its own (a change one instance makes,
 * seen by another through PostgreSQL's LISTEN/NOTIFY) before calling it missing. These are bounds,
 * not timing claims: a loaded two-core box can be many times slower than a quiet one, and a change
 * that is merely slow must never fail a test. A test passes as soon as it sees the change; the
 * bound only decides when "not yet" becomes "never". They sit well below the server project's test
 * time-out (vitest.config.ts), so a missing change fails with its own message, even with two waits
 * in one test.
 */
export const waitBounds = {
  /** A change made through one instance until another instance answers with it. */
  propagation: 30_000,
} as const;
