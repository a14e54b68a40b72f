/**
 * How long a browser journey waits for something before calling it missing. These are bounds, not
 * timing claims: a loaded two-core box can be many times slower than a quiet one, and a step that is
 * merely slow must never fail a journey. The browser project's test and hook time-outs
 * (vitest.config.ts) sit well above them, so a missing thing fails with its own message.
 */
export const waitBounds = {
  /** One Playwright action or locator wait (a tap, a fill, an element appearing). */
  action: 60_000,
  /** A polled expectation: an outcome that arrives through the server and back. */
  outcome: 90_000,
  /** A server process started on a fresh DATA_DIR (embedded PostgreSQL, migrations, demo data) until /healthz answers. */
  serverStart: 150_000,
} as const;
