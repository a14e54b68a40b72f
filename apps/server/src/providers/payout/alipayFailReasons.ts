/**
 * Alipay's refusals of alipay.fund.trans.uni.transfer that are final (no money moved), as keys of
 * the payout reasons in the shared text catalogue. A sub_code not listed here is not known to be
 * final, so the adapter treats it as an unknown outcome rather than a failure.
 */
import type { PayoutReasonKey, TextRef } from '@maika/shared';

const REASONS: Readonly<Record<string, PayoutReasonKey>> = {
  PAYEE_NOT_EXIST: 'payout.alipay.payeeNotExist',
  PAYEE_USER_INFO_ERROR: 'payout.alipay.payeeNameMismatch',
  PAYEE_ACCOUNT_STATUS_ERROR: 'payout.alipay.payeeAccountStatus',
  PAYEE_ACC_OCUPIED: 'payout.alipay.payeePhoneShared',
  PERMIT_CHECK_PERM_IDENTITY_THEFT: 'payout.alipay.identityTheft',
  PAYEE_NOT_RELNAME_CERTIFY: 'payout.alipay.payeeNotCertified',
  PERMIT_NON_BANK_LIMIT_PAYEE: 'payout.alipay.payeeIdentityIncomplete',
  BLOCK_USER_FORBBIDEN_RECIEVE: 'payout.alipay.payeeBlocked',
  EXCEED_LIMIT_SM_AMOUNT: 'payout.alipay.singleLimit',
  EXCEED_LIMIT_PERSONAL_SM_AMOUNT: 'payout.alipay.singleLimit',
  EXCEED_LIMIT_SM_MIN_AMOUNT: 'payout.alipay.belowMinimum',
  EXCEED_LIMIT_DM_AMOUNT: 'payout.alipay.dailyLimit',
  EXCEED_LIMIT_DM_MAX_AMOUNT: 'payout.alipay.dailyLimit',
  PAYER_BALANCE_NOT_ENOUGH: 'payout.alipay.platformAccount',
  BALANCE_IS_NOT_ENOUGH: 'payout.alipay.platformAccount',
  PAYER_STATUS_ERROR: 'payout.alipay.platformAccount',
  PAYER_USER_INFO_ERROR: 'payout.alipay.platformAccount',
  PAYER_CERTIFY_CHECK_FAIL: 'payout.alipay.platformAccount',
  PAYCARD_UNABLE_PAYMENT: 'payout.alipay.platformAccount',
  MONEY_PAY_CLOSED: 'payout.alipay.platformAccount',
  PRODUCT_NOT_SIGN: 'payout.alipay.platformProduct',
  NO_PERMISSION: 'payout.alipay.platformProduct',
  INVALID_PARAMETER: 'payout.alipay.invalidParameter',
  MEMO_REQUIRED_IN_TRANSFER_ERROR: 'payout.alipay.memoRequired',
};

/** The payee-facing reason of a final refusal, or undefined when the code is not known to be final. */
export function alipayFinalReason(subCode: string | undefined): TextRef | undefined {
  const key = subCode ? REASONS[subCode] : undefined;
  return key ? { key } : undefined;
}

/** Why a transfer Alipay reports as FAIL (or returned, REFUND) did not reach the payee. */
export function alipayFailedTransferReason(errorCode: string | undefined, failReason: string | undefined): TextRef {
  const known = alipayFinalReason(errorCode);
  if (known) return known;
  const detail = failReason || errorCode;
  return detail ? { key: 'payout.alipay.transferFailedWithDetail', params: { detail } } : { key: 'payout.alipay.transferFailed' };
}
