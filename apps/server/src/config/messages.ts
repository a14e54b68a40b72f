import { z } from 'zod';
import type { SectionEnv } from './fields';

/** Production's shortest wait before a delivery left sending is given up as of unknown outcome. */
const SENDING_TIMEOUT_MINIMUM_SECONDS = 60;

/** Seconds from 0 (tests: at once) to an hour. */
const seconds = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number of seconds` })
    .int({ error: `${name} must be a whole number of seconds` })
    .min(0, { error: `${name} must be at least 0` })
    .max(3600, { error: `${name} must be at most 3600` })
    .default(fallback);

/** Delivering messages to sellers outside the app (docs/design.md "Messages"). */
export const messagesEnv = {
  /** Notices by SMS one user may get per hour, on every instance together; the login codes have their own budgets. */
  MESSAGE_SMS_HOURLY_LIMIT: z.coerce
    .number({ error: 'MESSAGE_SMS_HOURLY_LIMIT must be a number' })
    .int('MESSAGE_SMS_HOURLY_LIMIT must be a whole number')
    .positive('MESSAGE_SMS_HOURLY_LIMIT must be at least 1')
    .default(5),
  /** Tries of one delivery when the vendor is busy or out of reach, before it is marked failed. */
  MESSAGE_MAX_ATTEMPTS: z.coerce
    .number({ error: 'MESSAGE_MAX_ATTEMPTS must be a number' })
    .int('MESSAGE_MAX_ATTEMPTS must be a whole number')
    .min(1, 'MESSAGE_MAX_ATTEMPTS must be between 1 and 20')
    .max(20, 'MESSAGE_MAX_ATTEMPTS must be between 1 and 20')
    .default(6),
  /** The first wait after a retryable answer; each further try waits twice as long (at most an hour). */
  MESSAGE_RETRY_SECONDS: seconds('MESSAGE_RETRY_SECONDS', 30),
  /** A delivery still sending after this long (its worker died mid-send) is marked failed, never sent again by itself. */
  MESSAGE_SENDING_TIMEOUT_SECONDS: seconds('MESSAGE_SENDING_TIMEOUT_SECONDS', 600),
  /** Which version of the WeChat mini-program a subscribe message opens. */
  WECHAT_MINI_PROGRAM_STATE: z
    .enum(['formal', 'trial', 'developer'], { error: 'WECHAT_MINI_PROGRAM_STATE must be formal, trial or developer' })
    .default('formal'),
};

export function messagesProblems(e: SectionEnv<typeof messagesEnv>): string[] {
  const problems: string[] = [];
  // A vendor may take its whole time-out to answer; giving up sooner would call a sent message failed.
  if (e.NODE_ENV === 'production' && e.MESSAGE_SENDING_TIMEOUT_SECONDS < SENDING_TIMEOUT_MINIMUM_SECONDS)
    problems.push(
      `MESSAGE_SENDING_TIMEOUT_SECONDS: at least ${SENDING_TIMEOUT_MINIMUM_SECONDS} in production, longer than any vendor call may take`,
    );
  if (e.NODE_ENV === 'production' && e.WECHAT_MINI_PROGRAM_STATE !== 'formal')
    problems.push('WECHAT_MINI_PROGRAM_STATE: sellers use the released mini-program in production; remove it or set formal');
  return problems;
}
