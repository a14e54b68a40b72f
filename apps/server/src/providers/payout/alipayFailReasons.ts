/**
 * Alipay's refusals of alipay.fund.trans.uni.transfer that are final (no money moved), said to
 * the payee with what to do next. A sub_code not listed here is not known to be final, so the
 * adapter treats it as an unknown outcome rather than a failure.
 */
import type { LocalizedText } from '@maika/shared';

const L = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });

const PLATFORM_ACCOUNT = L(
  '平台付款账户暂时无法付款，请稍后重试或联系客服',
  "The platform's paying account cannot pay right now; try again later or contact customer service",
);
const PLATFORM_PRODUCT = L(
  '平台支付宝转账暂不可用，请改用其他收款方式或联系客服',
  "The platform's Alipay transfers are unavailable; choose another payout method or contact customer service",
);
const SINGLE_LIMIT = L(
  '超过支付宝单笔转账限额，请减少提现金额后重试',
  'The amount is above the Alipay single-transfer limit; withdraw a smaller amount',
);
const DAILY_LIMIT = L('已超过支付宝当日转账限额，请明天再提现', "Today's Alipay transfer limit is reached; withdraw again tomorrow");

const REASONS: Readonly<Record<string, LocalizedText>> = {
  PAYEE_NOT_EXIST: L(
    '收款支付宝账户不存在，请核对账户后重新提现',
    'The Alipay account does not exist; check the account and withdraw again',
  ),
  PAYEE_USER_INFO_ERROR: L(
    '支付宝账户与实名姓名不一致，请使用本人实名的支付宝账户',
    'The Alipay account does not match your real name; use an Alipay account in your own name',
  ),
  PAYEE_ACCOUNT_STATUS_ERROR: L(
    '收款支付宝账户状态异常，请在支付宝中查看或改用其他账户',
    'The Alipay account cannot receive money; check it in Alipay or use another account',
  ),
  PAYEE_ACC_OCUPIED: L(
    '该手机号对应多个支付宝账户，请改用邮箱账户或其他收款方式',
    'This phone number belongs to several Alipay accounts; use the email login or another payout method',
  ),
  PERMIT_CHECK_PERM_IDENTITY_THEFT: L(
    '收款账户存在身份冒用风险，请在支付宝中完成身份核验后再提现',
    'Alipay suspects the account is used by someone else; verify your identity in Alipay and withdraw again',
  ),
  PAYEE_NOT_RELNAME_CERTIFY: L(
    '收款支付宝账户未实名认证，请完成实名认证后再提现',
    'The Alipay account is not real-name verified; verify it in Alipay and withdraw again',
  ),
  PERMIT_NON_BANK_LIMIT_PAYEE: L(
    '收款支付宝账户身份信息不完整，请在支付宝中完善后再提现',
    "The Alipay account's identity details are incomplete; complete them in Alipay and withdraw again",
  ),
  BLOCK_USER_FORBBIDEN_RECIEVE: L(
    '收款支付宝账户已被限制收款，请改用其他收款方式',
    'The Alipay account may not receive money; choose another payout method',
  ),
  EXCEED_LIMIT_SM_AMOUNT: SINGLE_LIMIT,
  EXCEED_LIMIT_PERSONAL_SM_AMOUNT: SINGLE_LIMIT,
  EXCEED_LIMIT_SM_MIN_AMOUNT: L('提现金额低于支付宝最低转账金额 0.10 元', 'The amount is below the Alipay minimum transfer of 0.10 yuan'),
  EXCEED_LIMIT_DM_AMOUNT: DAILY_LIMIT,
  EXCEED_LIMIT_DM_MAX_AMOUNT: DAILY_LIMIT,
  PAYER_BALANCE_NOT_ENOUGH: PLATFORM_ACCOUNT,
  BALANCE_IS_NOT_ENOUGH: PLATFORM_ACCOUNT,
  PAYER_STATUS_ERROR: PLATFORM_ACCOUNT,
  PAYER_USER_INFO_ERROR: PLATFORM_ACCOUNT,
  PAYER_CERTIFY_CHECK_FAIL: PLATFORM_ACCOUNT,
  PAYCARD_UNABLE_PAYMENT: PLATFORM_ACCOUNT,
  MONEY_PAY_CLOSED: PLATFORM_ACCOUNT,
  PRODUCT_NOT_SIGN: PLATFORM_PRODUCT,
  NO_PERMISSION: PLATFORM_PRODUCT,
  INVALID_PARAMETER: L(
    '转账信息有误，请核对收款账户后重试或联系客服',
    'The transfer details were not accepted; check the payee account or contact customer service',
  ),
  MEMO_REQUIRED_IN_TRANSFER_ERROR: L(
    '大额转账需填写转账理由，请联系客服',
    'A large transfer needs a stated reason; contact customer service',
  ),
};

/** The payee-facing reason of a final refusal, or undefined when the code is not known to be final. */
export function alipayFinalReason(subCode: string | undefined): LocalizedText | undefined {
  return subCode ? REASONS[subCode] : undefined;
}

/** Why a transfer Alipay reports as FAIL (or returned, REFUND) did not reach the payee. */
export function alipayFailedTransferReason(errorCode: string | undefined, failReason: string | undefined): LocalizedText {
  const known = alipayFinalReason(errorCode);
  if (known) return known;
  const detail = failReason || errorCode;
  return detail
    ? L(
        `支付宝转账失败：${detail}，请核对收款账户后重新提现`,
        `Alipay could not complete the transfer (${detail}); check the payee account and withdraw again`,
      )
    : L('支付宝转账失败，请核对收款账户后重新提现', 'Alipay could not complete the transfer; check the payee account and withdraw again');
}
