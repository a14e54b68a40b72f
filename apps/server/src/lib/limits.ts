import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

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
}

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
}

export interface Limiter {
  /** null when allowed, otherwise the seconds until the next point frees up */
  take(key: string): Promise<number | null>;
  /** Gives back the point a successful `take` of the current window consumed. */
  refund(key: string): Promise<void>;
}

export function createLimits(pool: pg.Pool, rules: LimitRules): Limits {
  const limiter = (keyPrefix: string, points: number, duration: number): Limiter => {
    const store = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration,
    });
    return {
      async take(key) {
        try {
          await store.consume(key);
          return null;
        } catch (e) {
          if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
          throw e;
        }
      },
      async refund(key) {
        // Not store.reward(): that subtracts from whatever is there, so a refund arriving after
        // the window ended (a slow SMS gateway) would open the next window with a point in
        // credit, and refused takes (which the store also counts) would swallow the refund.
        // Here a refund gives back one allowed point of the current window, never more.
        await pool.query(
          `update rate_limits set points = least(points, $2) - 1
            where key = $1 and points > 0 and (expire is null or expire > $3)`,
          [store.getKey(key), points, Date.now()],
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
  };
}
