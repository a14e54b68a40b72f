import { z } from 'zod';
import type { SectionEnv } from './fields';

const RETRY_SECONDS_MAX = 86_400;

/** The merchant API: its per-key request budget and how callbacks to merchants are delivered. */
export const merchantEnv = {
  /** Signed requests one API key may make per minute. */
  MERCHANT_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: 'MERCHANT_REQUESTS_PER_MINUTE must be a number' })
    .int('MERCHANT_REQUESTS_PER_MINUTE must be a whole number')
    .min(1, 'MERCHANT_REQUESTS_PER_MINUTE must be at least 1')
    .default(600),
  /**
   * The waits between failed callback attempts, in seconds; the last one repeats until the window
   * ends. A setting so tests can retry at once instead of waiting.
   */
  MERCHANT_CALLBACK_RETRY_SECONDS: z
    .string()
    .default('15,60,300,900,1800,3600,7200,14400,21600')
    .refine(
      (v) => v.split(',').every((s) => /^\d{1,5}$/.test(s.trim()) && Number(s) <= RETRY_SECONDS_MAX),
      `MERCHANT_CALLBACK_RETRY_SECONDS must be whole numbers of seconds (0 to ${RETRY_SECONDS_MAX}) separated by commas, like 15,60,300`,
    )
    .transform((v) => v.split(',').map((s) => Number(s.trim()))),
  /** How long after the news began a callback is retried before it is given up (the merchant or support can resend). */
  MERCHANT_CALLBACK_WINDOW_SECONDS: z.coerce
    .number({ error: 'MERCHANT_CALLBACK_WINDOW_SECONDS must be a number of seconds' })
    .int('MERCHANT_CALLBACK_WINDOW_SECONDS must be a whole number of seconds')
    .min(60, 'MERCHANT_CALLBACK_WINDOW_SECONDS must be between 60 and 604800')
    .max(604_800, 'MERCHANT_CALLBACK_WINDOW_SECONDS must be between 60 and 604800')
    .default(86_400),
  /** How long one callback attempt may take, connection included. */
  MERCHANT_CALLBACK_TIMEOUT_MS: z.coerce
    .number({ error: 'MERCHANT_CALLBACK_TIMEOUT_MS must be a number of milliseconds' })
    .int('MERCHANT_CALLBACK_TIMEOUT_MS must be a whole number of milliseconds')
    .min(200, 'MERCHANT_CALLBACK_TIMEOUT_MS must be between 200 and 30000')
    .max(30_000, 'MERCHANT_CALLBACK_TIMEOUT_MS must be between 200 and 30000')
    .default(5_000),
  /**
   * Lets callbacks go to this machine over plain http (the demo's example receiver). Outside
   * production it is on unless set to false; production refuses it.
   */
  MERCHANT_CALLBACK_ALLOW_LOOPBACK: z
    .enum(['true', 'false'], { error: 'MERCHANT_CALLBACK_ALLOW_LOOPBACK must be true or false' })
    .optional(),
};

export function merchantProblems(e: SectionEnv<typeof merchantEnv>): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV !== 'production') return problems;
  if (e.MERCHANT_CALLBACK_ALLOW_LOOPBACK === 'true')
    problems.push(
      'MERCHANT_CALLBACK_ALLOW_LOOPBACK: callbacks cannot go to this machine in production (a merchant could reach our own services); remove it',
    );
  if (e.MERCHANT_CALLBACK_RETRY_SECONDS.some((s) => s < 1))
    problems.push(
      'MERCHANT_CALLBACK_RETRY_SECONDS: every wait must be at least 1 second in production, so a failing merchant is not hammered',
    );
  return problems;
}
