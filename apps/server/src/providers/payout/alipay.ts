/**
 * Alipay single transfers to a payee's Alipay account (alipay.fund.trans.uni.transfer, no
 * password), and their query (alipay.fund.trans.common.query), through the shared Alipay client.
 *
 * Our withdrawal number is the out_biz_no. Alipay answers a repeated out_biz_no with the original
 * transfer's result, so a retried call never pays twice; a repeat with other details is refused
 * (PAYMENT_INFO_INCONSISTENCY) and the original transfer, found by query, is the answer.
 */
import { formatFen, type PayoutReasonKey } from '@maika/shared';
import { ALIPAY_SUCCESS, describeAlipayAnswer, type AlipayAnswer, type AlipayClient } from '../alipay/client';
import { alipayFailedTransferReason, alipayFinalReason } from './alipayFailReasons';
import type { PayoutProvider, PayoutQueryResult, PayoutRequest, PayoutResult } from './contract';

export interface AlipayPayoutOptions {
  client: AlipayClient;
  /** The transfer's title the payee sees in Alipay; defaults to 卖卡提现. */
  orderTitle?: string;
}

const TRANSFER = 'alipay.fund.trans.uni.transfer';
const QUERY = 'alipay.fund.trans.common.query';
const PRODUCT = { product_code: 'TRANS_ACCOUNT_NO_PWD', biz_scene: 'DIRECT_TRANSFER' } as const;
const OUT_BIZ_NO_MAX = 64;
const REMARK_MAX = 200;
// Alipay's own advice: on these, query; the transfer may or may not have happened.
const UNDECIDED_SUB_CODES = new Set(['SYSTEM_ERROR', 'REQUEST_PROCESSING', 'isp.unknow-error', 'aop.unknow-error']);
// The gateway refused the request itself (arguments, permissions): no transfer was created.
const REQUEST_REFUSED_CODES = new Set(['40001', '40002', '20001', '40006']);
const BEIJING_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

type Asked = { answer: AlipayAnswer } | { unknown: string };

/** Alipay writes times as Beijing wall-clock time without a zone. */
function beijingDate(value: unknown): Date | undefined {
  return typeof value === 'string' && BEIJING_TIME.test(value) ? new Date(`${value.replace(' ', 'T')}+08:00`) : undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** What an order's status means for the withdrawal, for both the transfer's and the query's answer. */
function statusOutcome(answer: AlipayAnswer, outBizNo: string): PayoutResult {
  if (answer.out_biz_no !== undefined && answer.out_biz_no !== outBizNo) {
    return { outcome: 'unknown', error: `Alipay: answer is about ${String(answer.out_biz_no)}, not ${outBizNo}` };
  }
  const orderId = text(answer.order_id);
  const status = String(answer.status);
  switch (status) {
    case 'SUCCESS': {
      const ref = text(answer.pay_fund_order_id) ?? orderId;
      if (!ref) return { outcome: 'unknown', error: 'Alipay: SUCCESS without an order id' };
      return { outcome: 'paid', providerRef: ref, paidAt: beijingDate(answer.trans_date) ?? beijingDate(answer.pay_date) ?? new Date() };
    }
    case 'DEALING':
    case 'WAIT_PAY':
    case 'INIT':
      return { outcome: 'processing', providerRef: orderId };
    // REFUND: a bank returned the money to the platform; CLOSED: the order will not be paid.
    case 'FAIL':
    case 'REFUND':
    case 'CLOSED': {
      const errorCode = text(answer.error_code);
      const failReason = text(answer.fail_reason);
      return {
        outcome: 'failed',
        reason: `Alipay ${status}: ${failReason ?? ''} (${errorCode ?? 'no error_code'})`,
        providerRef: orderId,
        payeeReason: alipayFailedTransferReason(errorCode, failReason),
      };
    }
    default:
      return { outcome: 'unknown', error: `Alipay: unrecognised transfer status ${status}` };
  }
}

function transferBiz(request: PayoutRequest, orderTitle: string): Record<string, unknown> {
  return {
    out_biz_no: request.outBizNo,
    // Exact yuan with two decimals from integer fen, by integer arithmetic.
    trans_amount: formatFen(request.amountFen, { symbol: false, grouping: false }),
    ...PRODUCT,
    order_title: orderTitle,
    payee_info: { identity: request.payee.account, identity_type: 'ALIPAY_LOGON_ID', name: request.payee.name.trim() },
    remark: Array.from(request.remark).slice(0, REMARK_MAX).join(''),
  };
}

/** Refusals we can tell before calling: nothing is sent, so nothing can have been paid. */
function invalidRequest(request: PayoutRequest): PayoutResult | undefined {
  const refuse = (reason: string, key: PayoutReasonKey): PayoutResult => ({ outcome: 'failed', reason, payeeReason: { key } });
  if (!request.outBizNo || request.outBizNo.length > OUT_BIZ_NO_MAX) {
    return refuse(`out_biz_no ${request.outBizNo} must be 1-${OUT_BIZ_NO_MAX} characters`, 'payout.alipay.invalidOutBizNo');
  }
  if (!Number.isSafeInteger(request.amountFen) || request.amountFen <= 0) {
    return refuse(`trans_amount ${request.amountFen} fen is not a positive whole number`, 'payout.invalidAmount');
  }
  if (!request.payee.account.trim() || !request.payee.name.trim()) {
    return refuse('payee account and name are both required for ALIPAY_LOGON_ID', 'payout.alipay.payeeMissing');
  }
  return undefined;
}

export function createAlipayPayout(options: AlipayPayoutOptions): PayoutProvider {
  const { client } = options;
  const orderTitle = options.orderTitle ?? '卖卡提现';

  async function ask(method: string, biz: Record<string, unknown>): Promise<Asked> {
    try {
      return { answer: await client.call(method, biz) };
    } catch (error) {
      // Time-outs, network and HTTP errors, bad signatures: the call's effect is not known.
      return { unknown: error instanceof Error ? error.message : String(error) };
    }
  }

  async function query(outBizNo: string): Promise<PayoutQueryResult> {
    const asked = await ask(QUERY, { out_biz_no: outBizNo, ...PRODUCT });
    if ('unknown' in asked) return { outcome: 'unknown', error: asked.unknown };
    const { answer } = asked;
    if (answer.code === ALIPAY_SUCCESS) return statusOutcome(answer, outBizNo);
    if (answer.sub_code === 'ORDER_NOT_EXIST') return { outcome: 'notFound' };
    return { outcome: 'unknown', error: `Alipay query: ${describeAlipayAnswer(answer)}` };
  }

  async function refusalOutcome(answer: AlipayAnswer, outBizNo: string): Promise<PayoutResult> {
    const description = describeAlipayAnswer(answer);
    if (answer.sub_code === 'PAYMENT_INFO_INCONSISTENCY') {
      const original = await query(outBizNo);
      return original.outcome === 'notFound'
        ? { outcome: 'unknown', error: `Alipay: ${description}, yet no transfer ${outBizNo} is found` }
        : original;
    }
    if (answer.code === '20000' || UNDECIDED_SUB_CODES.has(answer.sub_code ?? ''))
      return { outcome: 'unknown', error: `Alipay: ${description}` };
    const known = alipayFinalReason(answer.sub_code);
    if (known) return { outcome: 'failed', reason: `Alipay: ${description}`, payeeReason: known };
    if (REQUEST_REFUSED_CODES.has(answer.code)) {
      const said = answer.sub_msg ?? answer.msg;
      return {
        outcome: 'failed',
        reason: `Alipay: ${description}`,
        payeeReason: { key: 'payout.alipay.refused', params: { said } },
      };
    }
    return { outcome: 'unknown', error: `Alipay: ${description}` };
  }

  return {
    name: 'alipay',
    query,
    async transfer(request) {
      const invalid = invalidRequest(request);
      if (invalid) return invalid;
      const asked = await ask(TRANSFER, transferBiz(request, orderTitle));
      if ('unknown' in asked) return { outcome: 'unknown', error: asked.unknown };
      if (asked.answer.code === ALIPAY_SUCCESS) return statusOutcome(asked.answer, request.outBizNo);
      return refusalOutcome(asked.answer, request.outBizNo);
    },
  };
}
