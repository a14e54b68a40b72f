import { Code, OtpRules } from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import { keyedHash, numericCode, sameHash } from '../../lib/crypto';
import type { SmsPurpose } from '../../providers/sms';
import { consumeCode, lockLatestLiveCode, recordWrongGuess, replaceLiveCode } from './repo';

// DESIGN §4 / OWASP ASVS V6: 6 digits, 5 minutes, one use, 5 wrong tries, 60 s between sends.
const OTP_TTL_MS = OtpRules.ttlSeconds * 1000;
const OTP_MAX_WRONG = OtpRules.maxWrongAttempts;

const otpHash = (deps: Deps, phone: string, purpose: SmsPurpose, code: string) =>
  keyedHash(deps.config.appSecret, `otp:${purpose}:${phone}`, code);

/**
 * Sends a fresh code. The resend interval is checked first so a double tap does not eat the
 * daily allowance; the daily counters are per phone and per client IP.
 */
export async function sendCode(deps: Deps, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
  const { limits } = deps;
  const wait = await limits.smsInterval.take(`${purpose}:${phone}`);
  if (wait !== null) throw new AppError(Code.SmsTooSoon, { seconds: wait });
  if ((await limits.smsPhoneDaily.take(phone)) !== null) {
    throw new AppError(Code.SmsPhoneDailyLimit);
  }
  if ((await limits.smsIpDaily.take(ip)) !== null) {
    await limits.smsPhoneDaily.refund(phone);
    throw new AppError(Code.SmsIpDailyLimit);
  }

  const code = numericCode(OtpRules.length);
  const db = deps.database.db;
  const id = await replaceLiveCode(db, {
    phone,
    purpose,
    codeHash: otpHash(deps, phone, purpose, code),
    ip,
    expiresAt: new Date(Date.now() + OTP_TTL_MS),
  });
  try {
    await deps.sms.send({ phone, code, purpose });
  } catch (e) {
    await consumeCode(db, id);
    await limits.smsInterval.refund(`${purpose}:${phone}`);
    throw new AppError(Code.SmsSendFailed, {}, null, e);
  }
}

/**
 * Checks and spends a code. Runs in its own transaction so a wrong guess is counted even though
 * the caller's request fails.
 */
export async function verifyCode(deps: Deps, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  const outcome = await deps.database.db.transaction(async (tx) => {
    const live = await lockLatestLiveCode(tx, phone, purpose);
    if (!live || live.expiresAt.getTime() <= Date.now()) return new AppError(Code.SmsCodeExpired);
    if (live.failedAttempts >= OTP_MAX_WRONG) return new AppError(Code.SmsCodeLocked);
    if (sameHash(live.codeHash, otpHash(deps, phone, purpose, code))) {
      await consumeCode(tx, live.id);
      return null;
    }
    const wrong = await recordWrongGuess(tx, live.id, live.failedAttempts + 1 >= OTP_MAX_WRONG);
    return wrong >= OTP_MAX_WRONG
      ? new AppError(Code.SmsCodeLocked)
      : new AppError(Code.SmsCodeWrong, { left: OTP_MAX_WRONG - wrong });
  });
  if (outcome) throw outcome;
}
