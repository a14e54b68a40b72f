/**
 * Changing the phone number takes two proofs: a code sent to the current phone buys a voucher
 * (single use, 10 minutes, bound to the user), and a code sent to the new phone spends it.
 */
import { Code, OtpRules, type UserInfo } from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import type { UserSession } from '../../http/session';
import { keyedHash, newToken } from '../../lib/crypto';
import { sendCode, verifyCode } from '../otp/service';
import { findUserByPhone } from '../user/repo';
import { getUser, toUserInfo } from '../user/service';
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

/** Refuses a new phone equal to the current one or used by another account. */
async function checkNewPhone(deps: Deps, userId: number, phone: string): Promise<void> {
  if (phone === (await currentPhone(deps, userId))) throw new AppError(Code.PhoneUnchanged);
  const owner = await findUserByPhone(deps.database.db, phone);
  if (owner && owner.id !== userId) throw new AppError(Code.PhoneTaken);
}

/** Without `newPhone` the code goes to the current phone; with it, to the new one. */
export async function sendModifySms(deps: Deps, userId: number, newPhone: string | undefined, ip: string): Promise<number> {
  if (newPhone === undefined) {
    await sendCode(deps, await currentPhone(deps, userId), 'modifyPhone', ip);
  } else {
    await checkNewPhone(deps, userId, newPhone);
    await sendCode(deps, newPhone, 'modifyPhone', ip);
  }
  return OtpRules.resendIntervalSeconds;
}

export async function issueModifyVoucher(deps: Deps, userId: number, code: string): Promise<{ voucher: string; expiresInSeconds: number }> {
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
 * The voucher and the phone are checked before the new phone's code is spent, so a stale voucher
 * does not burn a good code; everything is checked again under lock in the transaction.
 */
export async function modifyPhone(
  deps: Deps,
  session: UserSession,
  input: { voucher: string; phone: string; code: string },
): Promise<UserInfo> {
  const { userId } = session;
  const hash = voucherHash(deps, input.voucher);
  if (!(await findLiveVoucher(deps.database.db, userId, hash))) throw new AppError(Code.ModifyVoucherInvalid);
  await checkNewPhone(deps, userId, input.phone);
  await verifyCode(deps, input.phone, 'modifyPhone', input.code);
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
  return toUserInfo(deps, user);
}
