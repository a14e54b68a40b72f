import { Code, OtpRules } from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import { smsMetrics } from '../../http/metrics';
import { keyedHash, numericCode, sameHash } from '../../lib/crypto';
import { clientNetwork } from '../../lib/network';
import type { SmsPurpose } from '../../providers/sms';
import { consumeCode, insertCode, lockLatestLiveCode, recordWrongGuess, retireOlderCodes } from './repo';

// docs/design.md "Sessions and SMS codes" / OWASP ASVS V6: 6 digits, 5 minutes, one use, 5 wrong
// tries, 60 s between sends.
const OTP_TTL_MS = OtpRules.ttlSeconds * 1000;
const OTP_MAX_WRONG = OtpRules.maxWrongAttempts;

const otpHash = (deps: Deps, phone: string, purpose: SmsPurpose, code: string) =>
  keyedHash(deps.config.appSecret, `otp:${purpose}:${phone}`, code);

// One alert line per process per this many ms while the budget stays used up, not one per refused send.
const BUDGET_ALERT_EVERY_MS = 60_000;
let lastBudgetAlert = 0;

/**
 * Sends a fresh code. The resend interval is checked first so a double tap does not eat the
 * daily allowance; the daily counters are per phone and per client network (an IPv6 client by its
 * /64), then the platform's hourly budget. A send refused by one counter gives back what the
 * others took: no code went out, so nothing was used up and the user is told the real reason,
 * not "a code was just sent".
 */
export async function sendCode(deps: Deps, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
  const { limits } = deps;
  const intervalKey = `${purpose}:${phone}`;
  const network = clientNetwork(ip);
  const wait = await limits.smsInterval.take(intervalKey);
  if (wait !== null) throw new AppError(Code.SmsTooSoon, { seconds: wait });
  if ((await limits.smsPhoneDaily.take(phone)) !== null) {
    await limits.smsInterval.refund(intervalKey);
    throw new AppError(Code.SmsPhoneDailyLimit);
  }
  if ((await limits.smsIpDaily.take(network)) !== null) {
    await limits.smsPhoneDaily.refund(phone);
    await limits.smsInterval.refund(intervalKey);
    throw new AppError(Code.SmsIpDailyLimit);
  }
  if ((await limits.smsGlobalHourly.take('all')) !== null) {
    await limits.smsIpDaily.refund(network);
    await limits.smsPhoneDaily.refund(phone);
    await limits.smsInterval.refund(intervalKey);
    smsMetrics.budgetRefused.inc();
    if (deps.clock.now() - lastBudgetAlert >= BUDGET_ALERT_EVERY_MS) {
      lastBudgetAlert = deps.clock.now();
      deps.log.error(
        { alert: 'sms_budget_exhausted', limit: deps.config.SMS_GLOBAL_HOURLY_LIMIT },
        'ALERT: the hourly SMS budget (SMS_GLOBAL_HOURLY_LIMIT) is used up; every SMS code is refused until the hour ends. Check maika_sms_sent_total for a pumping attack, or raise the limit',
      );
    }
    throw new AppError(Code.SmsBudgetExhausted);
  }

  const code = numericCode(OtpRules.length);
  const db = deps.database.db;
  const id = await insertCode(db, {
    phone,
    purpose,
    codeHash: otpHash(deps, phone, purpose, code),
    ip,
    expiresAt: new Date(deps.clock.now() + OTP_TTL_MS),
  });
  try {
    await deps.sms.send({ phone, code, purpose });
  } catch (e) {
    // Nobody received this code; the one sent before (if any) stays valid and the user may retry
    // at once. The daily counters stay spent: a gateway that timed out may still have delivered.
    await consumeCode(db, id);
    await limits.smsInterval.refund(intervalKey);
    throw new AppError(Code.SmsSendFailed, {}, null, e);
  }
  smsMetrics.sent.inc();
  await retireOlderCodes(db, phone, purpose, id);
}

/**
 * Checks and spends a code. Runs in its own transaction so a wrong guess is counted even though
 * the caller's request fails.
 */
export async function verifyCode(deps: Deps, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  const outcome = await deps.database.db.transaction(async (tx) => {
    const live = await lockLatestLiveCode(tx, phone, purpose);
    if (!live || live.expiresAt.getTime() <= deps.clock.now()) return new AppError(Code.SmsCodeExpired);
    if (live.failedAttempts >= OTP_MAX_WRONG) return new AppError(Code.SmsCodeLocked);
    if (sameHash(live.codeHash, otpHash(deps, phone, purpose, code))) {
      await consumeCode(tx, live.id);
      return null;
    }
    const wrong = await recordWrongGuess(tx, live.id);
    return wrong >= OTP_MAX_WRONG ? new AppError(Code.SmsCodeLocked) : new AppError(Code.SmsCodeWrong, { left: OTP_MAX_WRONG - wrong });
  });
  if (outcome) throw outcome;
}
