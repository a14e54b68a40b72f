/**
 * Why WeChat Pay failed a transfer bill (`fail_reason` of a FAIL bill), said to the payee in
 * their language with what to do next. Codes from WeChat Pay's "订单失败原因说明" table; bank-card
 * codes are left out because transfer bills pay into WeChat change only.
 */
import type { LocalizedText } from '@maika/shared';

const L = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });

const REASONS: Readonly<Record<string, LocalizedText>> = {
  ACCOUNT_FROZEN: L(
    '收款微信账户已被冻结，请解除冻结或改用其他收款方式',
    'The receiving WeChat account is frozen; unfreeze it or choose another payout method',
  ),
  ACCOUNT_NOT_EXIST: L(
    '收款微信账户不存在，请重新绑定微信后再提现',
    'The receiving WeChat account does not exist; bind WeChat again and withdraw',
  ),
  BLOCK_B2C_USERLIMITAMOUNT_BSRULE_MONTH: L(
    '已超过本月微信收款限额，请下月再提现或改用其他收款方式',
    "This month's WeChat receiving limit is reached; withdraw next month or choose another payout method",
  ),
  BLOCK_B2C_USERLIMITAMOUNT_MONTH: L(
    '微信账户本月收款受限，请改用其他收款方式',
    'Your WeChat account cannot receive more this month; choose another payout method',
  ),
  DAY_RECEIVED_COUNT_EXCEED: L(
    '已超过今日微信收款次数，请明天再提现',
    "Today's WeChat receiving count is used up; withdraw again tomorrow",
  ),
  DAY_RECEIVED_QUOTA_EXCEED: L(
    '已超过今日微信收款额度，请明天再提现',
    "Today's WeChat receiving limit is reached; withdraw again tomorrow",
  ),
  ID_CARD_NOT_CORRECT: L('收款人身份证校验不通过，请核对实名信息', "The payee's ID number did not match; check your real-name details"),
  MCH_CANCEL: L('转账已撤销，金额已退回余额', 'The transfer was withdrawn; the amount is back in your balance'),
  MERCHANT_REJECT: L('平台已驳回本次转账，请联系客服', 'The platform rejected this transfer; contact customer service'),
  MERCHANT_NOT_CONFIRM: L('平台未及时确认本次转账，请重新提现', 'The platform did not confirm this transfer in time; withdraw again'),
  NAME_NOT_CORRECT: L(
    '收款人姓名与微信实名不一致，请使用本人实名的微信收款',
    "The payee's name does not match the WeChat real name; use a WeChat account in your own name",
  ),
  OPENID_INVALID: L(
    '收款微信账户无效，请重新绑定微信后再提现',
    'The receiving WeChat account is not valid here; bind WeChat again and withdraw',
  ),
  OTHER_FAIL_REASON_TYPE: L(
    '微信支付未能完成转账，请稍后重试或联系客服',
    'WeChat Pay could not complete the transfer; try again later or contact customer service',
  ),
  OVERDUE_CLOSE: L(
    '转账超时已关闭，金额已退回余额，请重新提现',
    'The transfer expired and was closed; the amount is back in your balance, withdraw again',
  ),
  PAYEE_ACCOUNT_ABNORMAL: L(
    '微信账户收款异常，请在微信支付中完善身份信息后再提现',
    'Your WeChat account cannot receive money; complete your identity details in WeChat Pay and withdraw again',
  ),
  PAYER_ACCOUNT_ABNORMAL: L(
    '平台付款账户暂时受限，请稍后重试或联系客服',
    "The platform's paying account is restricted; try again later or contact customer service",
  ),
  PRODUCT_AUTH_CHECK_FAIL: L(
    '平台微信转账功能暂不可用，请改用其他收款方式或联系客服',
    "The platform's WeChat transfers are unavailable; choose another payout method or contact customer service",
  ),
  REALNAME_ACCOUNT_RECEIVED_QUOTA_EXCEED: L(
    '微信账户收款受限，请在微信支付中查看详情',
    'Your WeChat account has reached a receiving limit; see the details in WeChat Pay',
  ),
  REAL_NAME_CHECK_FAIL: L(
    '收款微信账户未实名认证，请在微信中完成实名认证后再提现',
    'The receiving WeChat account is not real-name verified; verify it in WeChat and withdraw again',
  ),
  RECEIVE_ACCOUNT_NOT_CONFIGURE: L(
    '平台微信转账未配置完成，请联系客服',
    "The platform's WeChat transfers are not set up; contact customer service",
  ),
  TRANSFER_QUOTA_EXCEED: L(
    '超过微信单笔收款额度，请减少提现金额后重试',
    'The amount is above the WeChat single-transfer limit; withdraw a smaller amount',
  ),
  TRANSFER_REMARK_SET_FAIL: L('转账备注设置失败，请重新提现', 'The transfer note could not be set; withdraw again'),
  TRANSFER_RISK: L(
    '本次转账存在风险被微信支付拦截，请改用其他收款方式',
    'WeChat Pay stopped this transfer as risky; choose another payout method',
  ),
  TRANSFER_SCENE_INVALID: L(
    '平台微信转账场景不可用，请联系客服',
    "The platform's WeChat transfer scene is unavailable; contact customer service",
  ),
  TRANSFER_SCENE_UNAVAILABLE: L(
    '平台微信转账场景不可用，请联系客服',
    "The platform's WeChat transfer scene is unavailable; contact customer service",
  ),
};

const CANCELLED = L('转账已撤销，金额已退回余额', 'The transfer was withdrawn; the amount is back in your balance');

/** The payee-facing reason of a FAIL bill; an unlisted code still reads as a failure, with the code kept. */
export function wechatFailReason(code: string | undefined): LocalizedText {
  const known = code ? REASONS[code] : undefined;
  if (known) return known;
  const base = REASONS.OTHER_FAIL_REASON_TYPE!;
  return code ? L(`${base['zh-CN']}（${code}）`, `${base['en-US']} (${code})`) : base;
}

export function wechatCancelledReason(): LocalizedText {
  return CANCELLED;
}
