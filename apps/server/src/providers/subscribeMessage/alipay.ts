/**
 * Alipay subscribe messages: alipay.open.app.mini.templatemessage.send through the signed client
 * every Alipay call goes through.
 */
import { ALIPAY_SUCCESS, AlipayTransportError, describeAlipayAnswer, type AlipayAnswer, type AlipayClient } from '../alipay/client';
import { busyStatus, neverConnected, type NoticeResult } from '../notice';
import { fitField, type SubscribeMessageSender } from './contract';

const METHOD = 'alipay.open.app.mini.templatemessage.send';
/** The user has not subscribed to the template, or used up or withdrew the subscription. */
const USER_REFUSED = new Set(['USER_TEMPLATE_NOT_SUBSCRIBE', 'USER_NOT_SUBSCRIBE', 'USER_REFUSED', 'SUBSCRIBE_COUNT_EXHAUSTED']);
/** Alipay could not take the call now. */
const BUSY = new Set(['isp.unknow-error', 'SYSTEM_ERROR', 'aop.SYSTEM_ERROR']);
/** A user id (2088 and 12 digits); apps created since 2023 see an open id instead. */
const USER_ID = /^2088\d{12}$/;

export function createAlipaySubscribeSender(client: AlipayClient): SubscribeMessageSender {
  return {
    name: 'alipay',
    async send(message) {
      const data = Object.fromEntries(message.fields.map((field, i) => [`keyword${i + 1}`, { value: fitField(field) }]));
      let answer: AlipayAnswer;
      try {
        answer = await client.call(METHOD, {
          ...(USER_ID.test(message.toUser) ? { to_user_id: message.toUser } : { to_open_id: message.toUser }),
          user_template_id: message.templateId,
          ...(message.page ? { page: message.page } : {}),
          data: JSON.stringify(data),
        });
      } catch (error) {
        if (!(error instanceof AlipayTransportError)) throw error;
        const status = /status: (\d+)/.exec(error.message);
        const retryable = neverConnected(error) || (error.kind === 'http' && status !== null && busyStatus(Number(status[1])));
        return { status: retryable ? 'retryable' : 'failed', answer: error.message } satisfies NoticeResult;
      }
      if (answer.code === ALIPAY_SUCCESS) return { status: 'sent', answer: `${answer.msg} (${answer.code})` };
      const said = `Alipay ${METHOD}: ${describeAlipayAnswer(answer)}`;
      if (USER_REFUSED.has(answer.sub_code ?? '')) return { status: 'refused', answer: said };
      if (answer.code === '20000' || BUSY.has(answer.sub_code ?? '')) return { status: 'retryable', answer: said };
      return { status: 'failed', answer: said };
    },
  };
}
