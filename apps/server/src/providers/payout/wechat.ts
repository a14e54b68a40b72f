/**
 * WeChat Pay v3 "商家转账" transfer bills: the platform pays a user's WeChat change, and the user
 * confirms receipt in WeChat (WAIT_USER_CONFIRM, 24 hours) before the money moves.
 *
 * Our withdrawal number is the out_bill_no. WeChat Pay answers a repeated out_bill_no with the
 * original bill, so `transfer` may be called again with the same request at any time, which is
 * also how a bill found waiting by `query` gets its package back (WeChat's query carries none).
 */
import { renderText, type PayoutReasonKey } from '@maika/shared';
import type { Config } from '../../config';
import type { PayoutProvider, PayoutQueryResult, PayoutRequest, PayoutResult } from './contract';
import { wechatCancelledReason, wechatFailReason } from './wechatFailReasons';
import { createWechatPayHttp, type WechatPayCredentials, type WechatPayHttp } from './wechatHttp';
import { encryptSensitive } from './wechatSign';

export interface WechatPayoutOptions extends WechatPayCredentials {
  /** The app id the payees' openids belong to. */
  appId: string;
  /** '1000' 现金营销 (default) or '1010' 二手回收, as granted to the merchant. */
  transferSceneId?: string;
}

const BILLS_PATH = '/v3/fund-app/mch-transfer/transfer-bills';
const USER_CONFIRM_WINDOW_MS = 24 * 60 * 60 * 1000;
// WeChat Pay requires the payee's name from 2,000 yuan; below it the name is optional and checked when given.
const NAME_REQUIRED_FROM_FEN = 200_000;
const OUT_BILL_NO = /^[0-9A-Za-z]{1,32}$/;
const TEXT_MAX = 32;
const DEFAULT_SCENE = '1000';

interface SceneReport {
  reportInfos: Array<{ info_type: string; info_content: string }>;
  userRecvPerception?: string;
}

const clip = (text: string, max = TEXT_MAX) => Array.from(text).slice(0, max).join('');

// Each scene has fixed report fields (WeChat refuses others); values are ours within 32 characters.
const SCENES: Record<string, (remark: string) => SceneReport> = {
  '1000': (remark) => ({
    reportInfos: [
      { info_type: '活动名称', info_content: '卖卡回收提现' },
      { info_type: '奖励说明', info_content: clip(remark) || '卖卡回收款' },
    ],
  }),
  '1010': () => ({ reportInfos: [{ info_type: '回收商品名称', info_content: '闲置卡券' }], userRecvPerception: '二手回收货款' }),
};

function failedBeforeSending(reason: string, key: PayoutReasonKey): PayoutResult {
  return { outcome: 'failed', reason, payeeReason: { key } };
}

function dateOf(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** What a bill's state means for the withdrawal; an answer about another bill or in an unknown shape is not trusted. */
export function billOutcome(body: Record<string, unknown>, outBillNo: string): PayoutResult {
  if (body.out_bill_no !== outBillNo)
    return { outcome: 'unknown', error: `WeChat Pay: answer is about bill ${String(body.out_bill_no)}, not ${outBillNo}` };
  const ref = typeof body.transfer_bill_no === 'string' && body.transfer_bill_no ? body.transfer_bill_no : undefined;
  const state = String(body.state);
  switch (state) {
    case 'SUCCESS':
      if (!ref) return { outcome: 'unknown', error: 'WeChat Pay: SUCCESS without transfer_bill_no' };
      return { outcome: 'paid', providerRef: ref, paidAt: dateOf(body.update_time) ?? dateOf(body.create_time) ?? new Date() };
    case 'FAIL': {
      const code = typeof body.fail_reason === 'string' ? body.fail_reason : undefined;
      const payeeReason = wechatFailReason(code);
      return { outcome: 'failed', reason: `FAIL ${code ?? ''}: ${renderText(payeeReason, 'zh-CN')}`, providerRef: ref, payeeReason };
    }
    case 'CANCELLED':
      return { outcome: 'failed', reason: 'CANCELLED', providerRef: ref, payeeReason: wechatCancelledReason() };
    case 'WAIT_USER_CONFIRM': {
      const created = dateOf(body.create_time);
      if (ref && created && typeof body.package_info === 'string' && body.package_info) {
        return {
          outcome: 'awaitingConfirmation',
          providerRef: ref,
          packageInfo: body.package_info,
          expiresAt: new Date(created.getTime() + USER_CONFIRM_WINDOW_MS),
        };
      }
      return { outcome: 'processing', providerRef: ref };
    }
    // CANCELING may still lose the race to the user's confirmation: only CANCELLED is final.
    case 'ACCEPTED':
    case 'PROCESSING':
    case 'TRANSFERING':
    case 'CANCELING':
      return { outcome: 'processing', providerRef: ref };
    default:
      return { outcome: 'unknown', error: `WeChat Pay: unrecognised bill state ${state}` };
  }
}

function vendorError(body: Record<string, unknown>, status: number): string {
  return `WeChat Pay ${String(body.code ?? `HTTP ${status}`)}: ${String(body.message ?? '')}`;
}

function transferBody(options: WechatPayoutOptions, http: WechatPayHttp, request: PayoutRequest): string {
  const sceneId = options.transferSceneId ?? DEFAULT_SCENE;
  const scene = SCENES[sceneId]!(request.remark);
  const name = request.payee.name.trim();
  return JSON.stringify({
    appid: options.appId,
    out_bill_no: request.outBizNo,
    transfer_scene_id: sceneId,
    openid: request.payee.account,
    ...(name ? { user_name: encryptSensitive(http.publicKey, name) } : {}),
    transfer_amount: request.amountFen,
    transfer_remark: clip(request.remark) || '卖卡回收款',
    ...(scene.userRecvPerception ? { user_recv_perception: scene.userRecvPerception } : {}),
    transfer_scene_report_infos: scene.reportInfos,
  });
}

/** Refusals we can tell before calling: nothing is sent, so nothing can have been paid. */
function invalidRequest(request: PayoutRequest): PayoutResult | undefined {
  if (!OUT_BILL_NO.test(request.outBizNo)) {
    return failedBeforeSending(`out_bill_no ${request.outBizNo} is not 1-32 letters or digits`, 'payout.wechat.invalidOutBillNo');
  }
  if (!Number.isSafeInteger(request.amountFen) || request.amountFen <= 0) {
    return failedBeforeSending(`transfer_amount ${request.amountFen} is not a positive whole number of fen`, 'payout.invalidAmount');
  }
  if (!request.payee.account) {
    return failedBeforeSending('no openid for the payee', 'payout.wechat.notBound');
  }
  if (request.amountFen >= NAME_REQUIRED_FROM_FEN && !request.payee.name.trim()) {
    return failedBeforeSending('user_name is required from 2000 yuan', 'payout.wechat.nameRequired');
  }
  return undefined;
}

export function createWechatPayout(options: WechatPayoutOptions): PayoutProvider {
  if (!SCENES[options.transferSceneId ?? DEFAULT_SCENE])
    throw new Error(`WeChat Pay: transfer scene ${options.transferSceneId} is not supported`);
  const http = createWechatPayHttp(options);
  const billPath = (outBillNo: string) => `${BILLS_PATH}/out-bill-no/${encodeURIComponent(outBillNo)}`;

  async function query(outBizNo: string): Promise<PayoutQueryResult> {
    // Such a number can never have been used for a bill.
    if (!OUT_BILL_NO.test(outBizNo)) return { outcome: 'notFound' };
    const reply = await http.send('GET', billPath(outBizNo));
    if (!reply.answered) return { outcome: 'unknown', error: reply.error };
    if (reply.status === 200) return billOutcome(reply.body, outBizNo);
    if (reply.status === 404 || reply.body.code === 'NOT_FOUND') return { outcome: 'notFound' };
    return { outcome: 'unknown', error: vendorError(reply.body, reply.status) };
  }

  return {
    name: 'wechat',
    query,

    async transfer(request) {
      const invalid = invalidRequest(request);
      if (invalid) return invalid;
      const body = transferBody(options, http, request);
      const reply = await http.send('POST', BILLS_PATH, body, { 'Wechatpay-Serial': http.publicKeyId });
      if (!reply.answered) return { outcome: 'unknown', error: reply.error };
      if (reply.status === 200) return billOutcome(reply.body, request.outBizNo);

      // WeChat Pay warns a refusal may sit beside an existing bill (a repeated number with other
      // details, for one): only a bill that is not there has failed.
      const existing = await query(request.outBizNo);
      if (existing.outcome !== 'notFound') return existing;
      const message = String(reply.body.message ?? reply.body.code ?? '');
      return {
        outcome: 'failed',
        reason: vendorError(reply.body, reply.status),
        payeeReason: { key: 'payout.wechat.refused', params: { said: message } },
      };
    },

    async cancel(outBizNo) {
      if (!OUT_BILL_NO.test(outBizNo)) return { outcome: 'notFound' };
      const reply = await http.send('POST', `${billPath(outBizNo)}/cancel`);
      if (reply.answered && reply.status === 200) return billOutcome(reply.body, outBizNo);
      // Refused (already final, say) or unanswered: the bill's own state is the answer.
      return query(outBizNo);
    },
  };
}

/** The adapter's options from the configuration, or undefined when WeChat Pay is not configured. */
export function wechatPayoutOptions(config: Config): WechatPayoutOptions | undefined {
  if (!config.WECHAT_PAY_MCH_ID) return undefined;
  return {
    mchId: config.WECHAT_PAY_MCH_ID,
    appId: config.WECHAT_PAY_APP_ID!,
    merchantSerialNo: config.WECHAT_PAY_MERCHANT_SERIAL_NO!,
    privateKey: config.WECHAT_PAY_PRIVATE_KEY!,
    wechatPayPublicKey: config.WECHAT_PAY_PUBLIC_KEY!,
    wechatPayPublicKeyId: config.WECHAT_PAY_PUBLIC_KEY_ID!,
    transferSceneId: config.WECHAT_PAY_TRANSFER_SCENE_ID,
    apiBase: config.WECHAT_PAY_API_BASE,
  };
}
