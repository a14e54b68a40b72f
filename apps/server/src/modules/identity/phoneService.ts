/**
 * Changing the phone number takes two proofs: a code sent to the current phone buys a voucher
 * (single use, 10 minutes, bound to the user), and a code sent to the new phone spends it.
 *
 * Nothing here tells a caller whether a number belongs to someone else until they have proven
 * they hold that number (its code), so the flow cannot be used to find out who is a customer. A
 * code to a new phone needs the voucher, and every call counts against a per-user hourly limit.
 */
import { Code, type Locale, type UserInfo } from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import type { UserSession } from '../../http/session';
import { keyedHash, newToken } from '../../lib/crypto';
import { PHONE_CHANGE_HOURLY_LIMIT } from '../../lib/limits';
import { sendCode, verifyCode } from '../otp';
import { findUserByPhone, getUser, toUserInfo } from '../accounts';
import { uniqueViolation } from './faceRepo';
import { findLiveVoucher, insertVoucher, revokeOtherTokens, setPhone, useVoucher } from './phoneRepo';

export const VOUCHER_TTL_SECONDS = 600;

const voucherHash = (deps: Deps, voucher: string) => keyedHash(deps.config.appSecret, 'phone-change-voucher', voucher);

/** The current phone as stored; a user without one (never the case for a logged-in user) cannot change it. */
async function currentPhone(deps: Deps, userId: number): Promise<string> {
  const user = await getUser(deps, userId);
  if (!user.phone) throw new AppError(Code.NotLoggedIn);
  return user.phone;
}

/** One point of the user's hourly allowance of phone-change calls. */
async function countCall(deps: Deps, userId: number): Promise<void> {
  const wait = await deps.limits.phoneChange.take(String(userId));
  if (wait !== null) throw new AppError(Code.PhoneChangeTooOften, { limit: PHONE_CHANGE_HOURLY_LIMIT, minutes: Math.ceil(wait / 60) });
}

/** The same number again is the caller's own business and says nothing about anyone else. */
async function checkChanged(deps: Deps, userId: number, phone: string): Promise<void> {
  if (phone === (await currentPhone(deps, userId))) throw new AppError(Code.PhoneUnchanged);
}

async function requireLiveVoucher(deps: Deps, userId: number, voucher: string): Promise<void> {
  if (!(await findLiveVoucher(deps.database.db, userId, voucherHash(deps, voucher)))) throw new AppError(Code.ModifyVoucherInvalid);
}

/**
 * Without `newPhone` the code goes to the current phone; with it, to the new one, which needs the
 * voucher. Whether the new number is registered is not looked at here: it answers the same either way.
 */
export async function sendModifySms(deps: Deps, userId: number, target: { phone?: string; voucher?: string }, ip: string): Promise<number> {
  await countCall(deps, userId);
  if (target.phone === undefined) {
    await sendCode(deps, await currentPhone(deps, userId), 'modifyPhone', ip);
  } else {
    if (target.voucher === undefined) throw new AppError(Code.ModifyVoucherInvalid);
    await requireLiveVoucher(deps, userId, target.voucher);
    await checkChanged(deps, userId, target.phone);
    await sendCode(deps, target.phone, 'modifyPhone', ip);
  }
  return deps.config.SMS_RESEND_SECONDS;
}

export async function issueModifyVoucher(deps: Deps, userId: number, code: string): Promise<{ voucher: string; expiresInSeconds: number }> {
  await countCall(deps, userId);
  await verifyCode(deps, await currentPhone(deps, userId), 'modifyPhone', code);
  const voucher = newToken();
  await insertVoucher(deps.database.db, {
    userId,
    voucherHash: voucherHash(deps, voucher),
    expiresAt: new Date(Date.now() + VOUCHER_TTL_SECONDS * 1000),
  });
  return { voucher, expiresInSeconds: VOUCHER_TTL_SECONDS };
}

/**
 * The voucher is checked before the new phone's code is spent, so a stale voucher does not burn a
 * good code. Whether another account holds the number is answered only once its code is proven:
 * whoever learns it then holds that phone. The voucher stays unused, so another number can follow.
 */
export async function modifyPhone(
  deps: Deps,
  session: UserSession,
  input: { voucher: string; phone: string; code: string },
  locale: Locale,
): Promise<UserInfo> {
  const { userId } = session;
  await countCall(deps, userId);
  const hash = voucherHash(deps, input.voucher);
  if (!(await findLiveVoucher(deps.database.db, userId, hash))) throw new AppError(Code.ModifyVoucherInvalid);
  await checkChanged(deps, userId, input.phone);
  await verifyCode(deps, input.phone, 'modifyPhone', input.code);
  const owner = await findUserByPhone(deps.database.db, input.phone);
  if (owner && owner.id !== userId) throw new AppError(Code.PhoneTaken);
  const user = await deps.database.db
    .transaction(async (tx) => {
      const voucher = await findLiveVoucher(tx, userId, hash, true);
      if (!voucher) throw new AppError(Code.ModifyVoucherInvalid);
      const changed = await setPhone(tx, userId, input.phone);
      await useVoucher(tx, voucher.id);
      await revokeOtherTokens(tx, userId, session.tokenId);
      return changed!;
    })
    .catch((error: unknown) => {
      // Another account took the number between the check and the update.
      if (uniqueViolation(error) === 'users_phone_key') throw new AppError(Code.PhoneTaken);
      throw error;
    });
  // The other sessions are refused here from the next request on; other instances hear of it in their turn.
  await deps.sessions.heard(deps.database.pool);
  return toUserInfo(deps, user, locale);
}
