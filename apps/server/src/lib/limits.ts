import type pg from 'pg';

/** Feedback messages a user may send per day. */
export const FEEDBACK_DAILY_LIMIT = 10;

/** The cap of the progressive delay on an operator account's logins after failures. */
export const ADMIN_LOGIN_DELAY_MAX_MS = 8_000;

export interface LimitRules {
  smsIntervalSeconds: number;
  smsPhonePerDay: number;
  smsIpPerDay: number;
  faceCertifyPerDay: number;
  smsGlobalPerHour: number;
  tokensPerNetworkHour: number;
  /** The longest an operator login waits after failures on its account (progressive, never a refusal). */
  adminLoginDelayMaxMs: number;
  uploadsPerMinute: number;
  /** Notices by SMS per user per hour (modules/messages). */
  smsNoticePerUserHour: number;
  /** Signed requests per merchant API key per minute. */
  merchantRequestsPerMinute: number;
}

/** Images a user may upload per minute: each one is decoded and encoded again, the costliest work a user can ask for. */
export const UPLOADS_PER_MINUTE_LIMIT = 10;

/** Phone-change calls (codes, voucher, change) a user may make per hour. */
export const PHONE_CHANGE_HOURLY_LIMIT = 20;

/**
 * Counters kept in PostgreSQL (table rate_limits), so every server instance sees the same counts.
 * Each `take` consumes one point and answers how long until it may be tried again when refused.
 */
export interface Limits {
  smsInterval: Limiter;
  smsPhoneDaily: Limiter;
  smsIpDaily: Limiter;
  adminLogin: Limiter;
  adminLoginDelayMaxMs: number;
  /** Face verifications started per user per day: each one costs money at the provider. */
  faceCertifyDaily: Limiter;
  /** Feedback messages per user per day: each one is read by a person. */
  feedbackDaily: Limiter;
  /** Every SMS code the platform sends, per hour: a budget against SMS-pumping fraud. */
  smsGlobalHourly: Limiter;
  /** Anonymous tokens per client network per hour: each one is a row. */
  tokensPerNetwork: Limiter;
  /** Phone-change calls per user per hour. */
  phoneChange: Limiter;
  /** Image uploads per user per minute. */
  uploads: Limiter;
  /** Notices by SMS per user per hour: a batch of cards must not become a flood of texts; apart from the codes' budgets. */
  smsNoticeHourly: Limiter;
  /** Signed merchant API requests per key per minute. */
  merchantRequests: Limiter;
}

export interface Limiter {
  /** null when allowed, otherwise the seconds until the next point frees up */
  take(key: string): Promise<number | null>;
  /** Gives back the point a successful `take` of the current window consumed. */
  refund(key: string): Promise<void>;
}

/** Where the limiters (and the services that time things) read the time, so tests can move it. */
export interface Clock {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function createLimits(pool: pg.Pool, rules: LimitRules, clock: Clock = systemClock): Limits {
  /**
   * A fixed window of `points` takes per `duration` seconds and key, in one statement so every
   * instance counts the same row: a row whose window has ended starts a new one. The time comes
   * from `clock`, not the database, so the windows follow the same clock as the services.
   */
  const limiter = (keyPrefix: string, points: number, duration: number): Limiter => {
    const rowKey = (key: string) => `${keyPrefix}:${key}`;
    return {
      async take(key) {
        const now = clock.now();
        const { rows } = await pool.query<{ points: number; expire: string }>(
          `insert into rate_limits (key, points, expire) values ($1, 1, $2)
             on conflict (key) do update set
               points = case when rate_limits.expire <= $3 then 1 else rate_limits.points + 1 end,
               expire = case when rate_limits.expire <= $3 then $2 else rate_limits.expire end
           returning points, expire`,
          [rowKey(key), now + duration * 1000, now],
        );
        const row = rows[0]!;
        if (row.points <= points) return null;
        return Math.max(1, Math.ceil(Math.max(Number(row.expire) - now, 0) / 1000));
      },
      async refund(key) {
        // Gives back one allowed point of the current window, never more: a refund arriving after
        // the window ended (a slow SMS gateway) must not open the next window with a point in
        // credit, and refused takes (which are counted too) must not swallow the refund.
        await pool.query(
          `update rate_limits set points = least(points, $2) - 1
            where key = $1 and points > 0 and (expire is null or expire > $3)`,
          [rowKey(key), points, clock.now()],
        );
      },
    };
  };
  return {
    smsInterval: limiter('sms-interval', 1, rules.smsIntervalSeconds),
    smsPhoneDaily: limiter('sms-phone-day', rules.smsPhonePerDay, 86_400),
    smsIpDaily: limiter('sms-ip-day', rules.smsIpPerDay, 86_400),
    adminLogin: limiter('admin-login', 10, 15 * 60),
    adminLoginDelayMaxMs: rules.adminLoginDelayMaxMs,
    faceCertifyDaily: limiter('face-certify-day', rules.faceCertifyPerDay, 86_400),
    feedbackDaily: limiter('feedback-day', FEEDBACK_DAILY_LIMIT, 86_400),
    smsGlobalHourly: limiter('sms-global-hour', rules.smsGlobalPerHour, 3600),
    tokensPerNetwork: limiter('token-network-hour', rules.tokensPerNetworkHour, 3600),
    phoneChange: limiter('phone-change-hour', PHONE_CHANGE_HOURLY_LIMIT, 3600),
    uploads: limiter('upload-minute', rules.uploadsPerMinute, 60),
    smsNoticeHourly: limiter('sms-notice-hour', rules.smsNoticePerUserHour, 3600),
    merchantRequests: limiter('merchant-key-minute', rules.merchantRequestsPerMinute, 60),
  };
}
