import { z } from 'zod';
import { pemKey, type SectionEnv } from './fields';
import { ALIPAY_CREDENTIALS, type identityEnv } from './identity';

/** WeChat Pay transfers need every one of these, or none. */
const WECHAT_PAY_SETTINGS = [
  'WECHAT_PAY_MCH_ID',
  'WECHAT_PAY_APP_ID',
  'WECHAT_PAY_MERCHANT_SERIAL_NO',
  'WECHAT_PAY_PRIVATE_KEY',
  'WECHAT_PAY_PUBLIC_KEY',
  'WECHAT_PAY_PUBLIC_KEY_ID',
] as const;

const fenSetting = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be an amount in fen` })
    .int(`${name} must be a whole number of fen`)
    .min(0, `${name} must not be negative`)
    .default(fallback);

export const payoutEnv = {
  WECHAT_PAY_MCH_ID: z.string().regex(/^\d+$/, 'WECHAT_PAY_MCH_ID must be the merchant number (digits only)').optional(),
  WECHAT_PAY_APP_ID: z
    .string()
    .regex(/^wx[0-9A-Za-z]{16}$/, 'WECHAT_PAY_APP_ID must be an app id like wx0123456789abcdef')
    .optional(),
  WECHAT_PAY_MERCHANT_SERIAL_NO: z
    .string()
    .regex(/^[0-9A-Fa-f]+$/, 'WECHAT_PAY_MERCHANT_SERIAL_NO must be the hexadecimal serial number of the merchant API certificate')
    .optional(),
  WECHAT_PAY_PRIVATE_KEY: pemKey('WECHAT_PAY_PRIVATE_KEY', 'private'),
  WECHAT_PAY_PUBLIC_KEY: pemKey('WECHAT_PAY_PUBLIC_KEY', 'public'),
  // Only the "微信支付公钥" mode is supported, not the older platform certificates.
  WECHAT_PAY_PUBLIC_KEY_ID: z
    .string()
    .regex(/^PUB_KEY_ID_\w+$/, 'WECHAT_PAY_PUBLIC_KEY_ID must be the id of the WeChat Pay public key (PUB_KEY_ID_…)')
    .optional(),
  WECHAT_PAY_TRANSFER_SCENE_ID: z
    .enum(['1000', '1010'], { error: 'WECHAT_PAY_TRANSFER_SCENE_ID must be 1000 (现金营销) or 1010 (二手回收)' })
    .default('1000'),
  WECHAT_PAY_API_BASE: z
    .string()
    .url('WECHAT_PAY_API_BASE must be a full URL like https://api.mch.weixin.qq.com')
    .default('https://api.mch.weixin.qq.com'),
  // 'offline': no automatic payout on that channel; finance pays by hand and marks the result.
  PAYOUT_PROVIDER_ALIPAY: z
    .enum(['sim', 'alipay', 'offline'], { error: 'PAYOUT_PROVIDER_ALIPAY must be sim, alipay or offline' })
    .default('sim'),
  PAYOUT_PROVIDER_WECHAT: z
    .enum(['sim', 'wechat', 'offline'], { error: 'PAYOUT_PROVIDER_WECHAT must be sim, wechat or offline' })
    .default('sim'),
  PAYOUT_SIM_OUTCOME: z
    .enum(['paid', 'failed', 'processing', 'awaitingConfirmation'], {
      error: 'PAYOUT_SIM_OUTCOME must be one of paid, failed, processing, awaitingConfirmation',
    })
    .default('paid'),
  PAYOUT_SIM_DELAY_MS: z.coerce.number({ error: 'PAYOUT_SIM_DELAY_MS must be a number of milliseconds' }).int().min(0).default(0),
  /** Seconds between checks of a payout the vendor has not finished (processing, awaiting confirmation). */
  PAYOUT_RECHECK_SECONDS: z.coerce.number({ error: 'PAYOUT_RECHECK_SECONDS must be a number of seconds' }).int().min(1).default(60),
  WITHDRAWAL_SECOND_APPROVAL_FEN: z.coerce
    .number({ error: 'WITHDRAWAL_SECOND_APPROVAL_FEN must be an amount in fen' })
    .int('WITHDRAWAL_SECOND_APPROVAL_FEN must be a whole number of fen')
    .min(0)
    .default(500_000),
  /**
   * A card pass at a value above the declared one, or whose settlement takes the reviewer's or the
   * user's 24-hour sum of credits made without a second approval above this (fen), needs a second reviewer.
   */
  CARD_SECOND_REVIEW_FEN: fenSetting('CARD_SECOND_REVIEW_FEN', 100_000),
  /** A positive balance adjustment taking the operator's or the user's 24-hour sum of credits made without a second approval above this (fen) needs a second finance approver. */
  ADJUSTMENT_SECOND_APPROVAL_FEN: fenSetting('ADJUSTMENT_SECOND_APPROVAL_FEN', 100_000),
  /** Automatic payouts per user and per Beijing day; above it a withdrawal waits for finance (changeable in the console). */
  PAYOUT_USER_DAILY_FEN: fenSetting('PAYOUT_USER_DAILY_FEN', 2_000_000),
  /** Automatic payouts of the whole platform per Beijing day (changeable in the console). */
  PAYOUT_PLATFORM_DAILY_FEN: fenSetting('PAYOUT_PLATFORM_DAILY_FEN', 50_000_000),
  /** Risk flags: a user's credits in 24 hours above this multiple of their daily average over the 30 days before, and above RISK_CREDIT_FLOOR_FEN. */
  RISK_CREDIT_MULTIPLE: z.coerce.number({ error: 'RISK_CREDIT_MULTIPLE must be a number' }).int().min(1).default(5),
  RISK_CREDIT_FLOOR_FEN: fenSetting('RISK_CREDIT_FLOOR_FEN', 500_000),
  /** Risk flags: approvals one operator makes in 24 hours above this. */
  RISK_OPERATOR_APPROVALS: z.coerce.number({ error: 'RISK_OPERATOR_APPROVALS must be a number' }).int().min(1).default(300),
  /** Card secrets one operator may reveal per hour. */
  CARD_REVEAL_HOURLY_LIMIT: z.coerce.number({ error: 'CARD_REVEAL_HOURLY_LIMIT must be a number' }).int().min(1).default(20),
  /** Unfinished withdrawals a user may have at once. */
  WITHDRAWAL_MAX_OPEN: z.coerce.number({ error: 'WITHDRAWAL_MAX_OPEN must be a number' }).int().min(1).default(1),
};

/** A simulated payout would mark withdrawals paid that nobody paid: never in production. Vendors need all their settings. */
export function payoutProblems(e: SectionEnv<typeof payoutEnv & typeof identityEnv>): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    for (const name of ['PAYOUT_PROVIDER_ALIPAY', 'PAYOUT_PROVIDER_WECHAT'] as const) {
      if (e[name] === 'sim') problems.push(`${name}: the simulator cannot be used in production; choose the vendor or offline`);
    }
  }
  if (e.PAYOUT_PROVIDER_ALIPAY === 'alipay') {
    for (const name of ALIPAY_CREDENTIALS) {
      if (!e[name]) problems.push(`${name}: required when PAYOUT_PROVIDER_ALIPAY=alipay`);
    }
  }
  const wechatPayGiven = WECHAT_PAY_SETTINGS.filter((name) => e[name]);
  if (wechatPayGiven.length > 0) {
    for (const name of WECHAT_PAY_SETTINGS) {
      if (!e[name])
        problems.push(`${name}: required with ${wechatPayGiven[0]} (WeChat Pay transfers need all of ${WECHAT_PAY_SETTINGS.join(', ')})`);
    }
  }
  if (e.PAYOUT_PROVIDER_WECHAT === 'wechat' && !e.WECHAT_PAY_MCH_ID) {
    problems.push(`PAYOUT_PROVIDER_WECHAT: wechat needs the WeChat Pay settings ${WECHAT_PAY_SETTINGS.join(', ')}`);
  }
  return problems;
}
