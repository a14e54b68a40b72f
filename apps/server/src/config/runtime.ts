import { z } from 'zod';
import { DATABASE_POOL_SIZE } from '../db/client';
import { wholeSeconds, type SectionEnv } from './fields';

/** Production's shortest sweep interval, and the default. */
const SWEEP_MINIMUM_SECONDS = 60;

const CREDIT_CONCURRENCY_RANGE = `CARD_CREDIT_CONCURRENCY must be between 1 and ${DATABASE_POOL_SIZE - 2}, fewer than the ${DATABASE_POOL_SIZE} database connections of a process`;

/** How the process itself runs: logs, the development routes, metrics and shutdown. */
export const runtimeEnv = {
  /** Development logs are for people (pino-pretty); production logs stay JSON for collectors. */
  LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'LOG_FORMAT must be pretty or json' }).optional(),
  /** Lets other machines (a phone on the LAN) reach /api/dev/* and /sim/*; they answer loopback clients only otherwise. */
  DEV_ROUTES_OPEN: z.enum(['true', 'false'], { error: 'DEV_ROUTES_OPEN must be true or false' }).default('false'),
  /** The bearer token /metrics asks for; in production /metrics is off without it. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters; generate one with: openssl rand -hex 24').optional(),
  /** On SIGTERM, how long in-flight requests and running jobs may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'SHUTDOWN_TIMEOUT_MS must be a number of milliseconds' })
    .int('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds')
    .min(1000, 'SHUTDOWN_TIMEOUT_MS must be between 1000 and 600000')
    .max(600_000, 'SHUTDOWN_TIMEOUT_MS must be between 1000 and 600000')
    .default(25_000),
  /** false: this instance answers HTTP only and runs no job (payouts, card checks, maintenance); another instance must. */
  JOB_WORKERS: z.enum(['true', 'false'], { error: 'JOB_WORKERS must be true or false' }).default('true'),
  /**
   * How often the sweeps run: the card sweep (status poll, lost hand-overs and credits) and the payout
   * sweep (lost payouts). A setting so tests that kill workers need not wait out the minute.
   */
  SWEEP_INTERVAL_SECONDS: wholeSeconds('SWEEP_INTERVAL_SECONDS', SWEEP_MINIMUM_SECONDS),
  /**
   * How many chunks of card credits (cards/settleService.ts `creditCards`) a worker process runs at
   * once, each in its own transaction on one of the process's database connections: fewer than the
   * pool, so requests and pg-boss always get one.
   */
  CARD_CREDIT_CONCURRENCY: z.coerce
    .number({ error: 'CARD_CREDIT_CONCURRENCY must be a number' })
    .int('CARD_CREDIT_CONCURRENCY must be a whole number')
    .min(1, CREDIT_CONCURRENCY_RANGE)
    .max(DATABASE_POOL_SIZE - 2, CREDIT_CONCURRENCY_RANGE)
    .default(DATABASE_POOL_SIZE - 2),
};

export function runtimeProblems(e: SectionEnv<typeof runtimeEnv>): string[] {
  const problems: string[] = [];
  // Each card sweep asks the supplier about every late card: more often would load it and the database for nothing.
  if (e.NODE_ENV === 'production' && e.SWEEP_INTERVAL_SECONDS < SWEEP_MINIMUM_SECONDS)
    problems.push(
      `SWEEP_INTERVAL_SECONDS: at least ${SWEEP_MINIMUM_SECONDS} in production, so the sweeps (which ask the card supplier about every late card) run at most once a minute`,
    );
  if (e.NODE_ENV === 'production' && e.DEV_ROUTES_OPEN === 'true') {
    problems.push('DEV_ROUTES_OPEN: there are no development routes in production; remove DEV_ROUTES_OPEN');
  }
  return problems;
}
