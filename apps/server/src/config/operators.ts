import { z } from 'zod';

/** Operator accounts: how long a set-up link works, and how long its issuers stay untrusted by it. */
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
};
