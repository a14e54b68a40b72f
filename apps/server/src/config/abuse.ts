import { z } from 'zod';

const count = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be at least 1`)
    .default(fallback);

/** Limits against SMS, token and upload abuse. */
export const abuseEnv = {
  /** SMS codes the whole platform sends per hour; past it every send is refused and an alert is logged. */
  SMS_GLOBAL_HOURLY_LIMIT: count('SMS_GLOBAL_HOURLY_LIMIT', 2000),
  /** Anonymous tokens one client network (an IPv4 address or an IPv6 /64) may get per hour. */
  TOKEN_NETWORK_HOURLY_LIMIT: count('TOKEN_NETWORK_HOURLY_LIMIT', 60),
  /** Images a user may upload per day, and their total size in MB after re-encoding. */
  UPLOAD_DAILY_FILES: count('UPLOAD_DAILY_FILES', 30),
  UPLOAD_DAILY_MB: count('UPLOAD_DAILY_MB', 50),
};
