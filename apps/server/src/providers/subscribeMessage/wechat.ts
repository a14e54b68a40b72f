/**
 * WeChat subscribe messages: subscribeMessage.send (POST /cgi-bin/message/subscribe/send) with an
 * access token from /cgi-bin/stable_token, kept in vendor_tokens for every instance and fetched
 * again shortly before it expires, or once when WeChat says it is no longer good.
 */
import { busyStatus, neverConnected, type NoticeResult } from '../notice';
import { fitField, type SubscribeMessage, type SubscribeMessageSender } from './contract';
import type { TokenStore } from './tokenStore';

export interface WechatSubscribeOptions {
  appId: string;
  appSecret: string;
  /** Defaults to https://api.weixin.qq.com */
  apiBase?: string;
  /** Defaults to 10000 ms. */
  timeoutMs?: number;
  /** Which version of the mini-program the message opens. */
  miniprogramState: 'formal' | 'trial' | 'developer';
  tokens: TokenStore;
}

/** A token this close to its end is fetched again, so no message is sent with one about to lapse. */
const REFRESH_BEFORE_MS = 5 * 60 * 1000;
/** The user refused the template or has no consent left for it. */
const USER_REFUSED = 43101;
/** WeChat is busy: worth another try. */
const SYSTEM_BUSY = -1;
/** The access token is not good (any more): fetched again once, then the send is tried once more. */
const TOKEN_NOT_GOOD = new Set([40001, 42001, 40014]);

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  expires_in?: number;
  msgid?: number | string;
}

type Exchange = { ok: true; answer: WechatAnswer } | { ok: false; result: NoticeResult };

const describe = (answer: WechatAnswer) => `errcode ${answer.errcode}: ${answer.errmsg ?? ''}`;

export function createWechatSubscribeSender(options: WechatSubscribeOptions): SubscribeMessageSender {
  const base = (options.apiBase ?? 'https://api.weixin.qq.com').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tokenName = `wechat-stable-token:${options.appId}`;

  /** One POST; the outcome when WeChat gave no answer to act on. */
  const postJson = async (url: string, body: unknown): Promise<Exchange> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const answer = timedOut ? `WeChat: no answer within ${timeoutMs} ms` : `WeChat: request failed (${(error as Error).message})`;
      return { ok: false, result: { status: neverConnected(error) ? 'retryable' : 'failed', answer } };
    }
    if (busyStatus(response.status)) return { ok: false, result: { status: 'retryable', answer: `WeChat: HTTP ${response.status}` } };
    try {
      return { ok: true, answer: (await response.json()) as WechatAnswer };
    } catch {
      return { ok: false, result: { status: 'failed', answer: `WeChat: unreadable answer (HTTP ${response.status})` } };
    }
  };

  /** A fresh token from stable_token, stored for every instance. */
  const fetchToken = async (): Promise<{ token: string } | { result: NoticeResult }> => {
    const exchange = await postJson(`${base}/cgi-bin/stable_token`, {
      grant_type: 'client_credential',
      appid: options.appId,
      secret: options.appSecret,
    });
    if (!exchange.ok) return { result: exchange.result };
    const { answer } = exchange;
    if (!answer.access_token || !answer.expires_in) {
      const status = answer.errcode === SYSTEM_BUSY ? 'retryable' : 'failed';
      return { result: { status, answer: `WeChat stable_token: ${describe(answer)}` } };
    }
    await options.tokens.write(tokenName, answer.access_token, new Date(Date.now() + answer.expires_in * 1000));
    return { token: answer.access_token };
  };

  const currentToken = async () => {
    const stored = await options.tokens.read(tokenName);
    if (stored && stored.expiresAt.getTime() - Date.now() > REFRESH_BEFORE_MS) return { token: stored.token };
    return fetchToken();
  };

  const sendWith = (token: string, message: SubscribeMessage) =>
    postJson(`${base}/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(token)}`, {
      touser: message.toUser,
      template_id: message.templateId,
      ...(message.page ? { page: message.page } : {}),
      data: Object.fromEntries(message.fields.map((field, i) => [`${field.kind}${i + 1}`, { value: fitField(field) }])),
      miniprogram_state: options.miniprogramState,
      lang: message.locale === 'en-US' ? 'en_US' : 'zh_CN',
    });

  return {
    name: 'wechat',
    async send(message) {
      const first = await currentToken();
      if ('result' in first) return first.result;
      let exchange = await sendWith(first.token, message);
      if (exchange.ok && TOKEN_NOT_GOOD.has(exchange.answer.errcode ?? 0)) {
        const fresh = await fetchToken();
        if ('result' in fresh) return fresh.result;
        exchange = await sendWith(fresh.token, message);
      }
      if (!exchange.ok) return exchange.result;
      const { answer } = exchange;
      if (!answer.errcode) return { status: 'sent', answer: `ok (msgid ${answer.msgid ?? ''})` };
      const said = `WeChat subscribeMessage.send: ${describe(answer)}`;
      if (answer.errcode === USER_REFUSED) return { status: 'refused', answer: said };
      if (answer.errcode === SYSTEM_BUSY) return { status: 'retryable', answer: said };
      return { status: 'failed', answer: said };
    },
  };
}
