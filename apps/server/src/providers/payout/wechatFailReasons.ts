/**
 * Why WeChat Pay failed a transfer bill (`fail_reason` of a FAIL bill), as keys of the payout
 * reasons in the shared text catalogue. Codes from WeChat Pay's "订单失败原因说明" table; bank-card
 * codes are left out because transfer bills pay into WeChat change only.
 */
import type { PayoutReasonKey, TextRef } from '@maika/shared';

const REASONS: Readonly<Record<string, PayoutReasonKey>> = {
  ACCOUNT_FROZEN: 'payout.wechat.accountFrozen',
  ACCOUNT_NOT_EXIST: 'payout.wechat.accountNotExist',
  BLOCK_B2C_USERLIMITAMOUNT_BSRULE_MONTH: 'payout.wechat.monthlyLimitRule',
  BLOCK_B2C_USERLIMITAMOUNT_MONTH: 'payout.wechat.monthlyLimit',
  DAY_RECEIVED_COUNT_EXCEED: 'payout.wechat.dailyCount',
  DAY_RECEIVED_QUOTA_EXCEED: 'payout.wechat.dailyQuota',
  ID_CARD_NOT_CORRECT: 'payout.wechat.idCardMismatch',
  MCH_CANCEL: 'payout.wechat.cancelled',
  MERCHANT_REJECT: 'payout.wechat.merchantRejected',
  MERCHANT_NOT_CONFIRM: 'payout.wechat.merchantNotConfirmed',
  NAME_NOT_CORRECT: 'payout.wechat.nameMismatch',
  OPENID_INVALID: 'payout.wechat.openidInvalid',
  OTHER_FAIL_REASON_TYPE: 'payout.wechat.otherFailure',
  OVERDUE_CLOSE: 'payout.wechat.overdueClosed',
  PAYEE_ACCOUNT_ABNORMAL: 'payout.wechat.payeeAccountAbnormal',
  PAYER_ACCOUNT_ABNORMAL: 'payout.wechat.payerAccountAbnormal',
  PRODUCT_AUTH_CHECK_FAIL: 'payout.wechat.productUnavailable',
  REALNAME_ACCOUNT_RECEIVED_QUOTA_EXCEED: 'payout.wechat.realNameQuota',
  REAL_NAME_CHECK_FAIL: 'payout.wechat.realNameUnverified',
  RECEIVE_ACCOUNT_NOT_CONFIGURE: 'payout.wechat.notConfigured',
  TRANSFER_QUOTA_EXCEED: 'payout.wechat.singleLimit',
  TRANSFER_REMARK_SET_FAIL: 'payout.wechat.remarkFailed',
  TRANSFER_RISK: 'payout.wechat.risk',
  TRANSFER_SCENE_INVALID: 'payout.wechat.sceneUnavailable',
  TRANSFER_SCENE_UNAVAILABLE: 'payout.wechat.sceneUnavailable',
};

/** The payee-facing reason of a FAIL bill; an unlisted code still reads as a failure, with the code kept. */
export function wechatFailReason(code: string | undefined): TextRef {
  const known = code ? REASONS[code] : undefined;
  if (known) return { key: known };
  return code ? { key: 'payout.wechat.otherFailureWithCode', params: { code } } : { key: 'payout.wechat.otherFailure' };
}

export function wechatCancelledReason(): TextRef {
  return { key: 'payout.wechat.cancelled' };
}
