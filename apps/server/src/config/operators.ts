import { z } from 'zod';
import type { SectionEnv } from './fields';

/** The window production allows: a code of the step before or after now, for a clock a little off. */
export const PRODUCTION_TWO_FACTOR_WINDOW_STEPS = 1;

/**
 * Operator accounts: how long a set-up link works, how long its issuers stay untrusted by it, and
 * how far from now a two-factor code may be.
 */
export const operatorEnv = {
  /** Hours a set-up link (a new account, a password reset) works before it must be issued again. */
  OPERATOR_SETUP_HOURS: z.coerce
    .number({ error: 'OPERATOR_SETUP_HOURS must be a number of hours' })
    .int('OPERATOR_SETUP_HOURS must be a whole number of hours')
    .min(1, 'OPERATOR_SETUP_HOURS must be between 1 and 168')
    .max(168, 'OPERATOR_SETUP_HOURS must be between 1 and 168')
    .default(24),
  /**
   * Days during which an account and the administrators who created it, reset its password or
   * two-factor login or changed its role do not decide each other's second approvals.
   */
  OPERATOR_TRUST_DAYS: z.coerce
    .number({ error: 'OPERATOR_TRUST_DAYS must be a number of days' })
    .int('OPERATOR_TRUST_DAYS must be a whole number of days')
    .min(1, 'OPERATOR_TRUST_DAYS must be between 1 and 365')
    .max(365, 'OPERATOR_TRUST_DAYS must be between 1 and 365')
    .default(30),
  /**
   * Time steps (30 s each) either side of now whose two-factor code is accepted, each step still
   * once. One absorbs a phone clock a little off. A server under test sets more: a journey signing
   * in several times a minute then uses later steps instead of waiting for the clock, while the
   * code stays single-use; a wider window in production would only give a stolen code longer to work.
   * At most 40: otplib tries no more than 99 steps for a code.
   */
  TWO_FACTOR_WINDOW_STEPS: z.coerce
    .number({ error: 'TWO_FACTOR_WINDOW_STEPS must be a whole number of 30-second steps' })
    .int({ error: 'TWO_FACTOR_WINDOW_STEPS must be a whole number of 30-second steps' })
    .min(0, { error: 'TWO_FACTOR_WINDOW_STEPS must be between 0 and 40' })
    .max(40, { error: 'TWO_FACTOR_WINDOW_STEPS must be between 0 and 40' })
    .default(PRODUCTION_TWO_FACTOR_WINDOW_STEPS),
};

/** Settings production refuses: a two-factor window wider than a step either side. */
export function operatorProblems(e: SectionEnv<typeof operatorEnv>): string[] {
  if (e.NODE_ENV === 'production' && e.TWO_FACTOR_WINDOW_STEPS > PRODUCTION_TWO_FACTOR_WINDOW_STEPS)
    return [
      `TWO_FACTOR_WINDOW_STEPS: at most ${PRODUCTION_TWO_FACTOR_WINDOW_STEPS} in production, so a two-factor code works for no more than a step either side of now`,
    ];
  return [];
}
