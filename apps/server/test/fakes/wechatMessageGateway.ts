/**
 * A local stand-in for api.weixin.qq.com's access token and subscribe message calls: POST
 * /cgi-bin/stable_token (checks the app id, secret and grant type, hands out a token for
 * `expiresIn` seconds) and POST /cgi-bin/message/subscribe/send (checks the token and the body's
 * shape as WeChat documents it). A test makes a token lapse with `expireTokens`, and answers a
 * send its own way with `respondWith`.
 */
import { randomBytes } from 'node:crypto';
import { jsonObjectBody, startFakeGateway, type FakeGateway } from './gateway';

export interface WechatMessageGatewayOptions {
  appId: string;
  appSecret: string;
  /** Seconds a token lives; WeChat's is 7200. */
  expiresIn?: number;
}

export interface WechatMessageRequest {
  path: string;
  query: Record<string, string>;
  /** The JSON body as sent. */
  raw: string;
  body: Record<string, any>;
  /** The errcode the gateway refused with before any test responder, if any. */
  refusedWith?: number;
}

export interface WechatMessageGateway extends FakeGateway<WechatMessageRequest> {
  /** The tokens handed out so far, in order. */
  tokens: string[];
  /** Every token handed out so far stops being good (42001), as when it expires. */
  expireTokens(): void;
  /** The subscribe messages WeChat accepted. */
  sent(): WechatMessageRequest[];
}

const error = (errcode: number, errmsg: string) => ({ errcode, errmsg: `${errmsg} rid: ${randomBytes(4).toString('hex')}` });

const FIELD_KEY = /^(thing|character_string|amount|time|phrase|number|letter|symbol|date|name|phone_number|car_number)\d+$/;

export async function startWechatMessageGateway(opts: WechatMessageGatewayOptions): Promise<WechatMessageGateway> {
  const tokens: string[] = [];
  const good = new Set<string>();
  const accepted: WechatMessageRequest[] = [];

  const refusal = (request: WechatMessageRequest) => {
    const b = request.body;
    if (request.path === '/cgi-bin/stable_token') {
      if (b.grant_type !== 'client_credential') return error(40002, 'invalid grant_type');
      if (b.appid !== opts.appId) return error(40013, 'invalid appid');
      if (b.secret !== opts.appSecret) return error(40125, 'invalid appsecret');
      return undefined;
    }
    if (request.path !== '/cgi-bin/message/subscribe/send') return error(40066, 'invalid url');
    const token = request.query.access_token ?? '';
    if (!tokens.includes(token)) return error(40001, 'invalid credential, access_token is invalid or not latest');
    if (!good.has(token)) return error(42001, 'access_token expired');
    if (typeof b.touser !== 'string' || !b.touser) return error(40003, 'invalid openid');
    if (typeof b.template_id !== 'string' || !b.template_id) return error(40037, 'invalid template_id');
    if (b.page !== undefined && (typeof b.page !== 'string' || b.page.startsWith('/'))) return error(41030, 'invalid page');
    if (!['formal', 'trial', 'developer'].includes(b.miniprogram_state)) return error(47003, 'argument invalid! miniprogram_state');
    if (!['zh_CN', 'en_US', 'zh_HK', 'zh_TW'].includes(b.lang)) return error(47003, 'argument invalid! lang');
    const data = b.data as Record<string, { value?: unknown }> | undefined;
    if (!data || typeof data !== 'object') return error(47003, 'argument invalid! data');
    for (const [key, field] of Object.entries(data)) {
      const kind = FIELD_KEY.exec(key)?.[1];
      const value = field?.value;
      if (!kind || typeof value !== 'string' || value === '') return error(47003, `argument invalid! data.${key}.value`);
      const length = Array.from(value).length;
      if ((kind === 'thing' && length > 20) || (kind === 'character_string' && length > 32) || (kind === 'phrase' && length > 5))
        return error(47003, `argument invalid! data.${key}.value`);
    }
    return undefined;
  };

  const base = await startFakeGateway<WechatMessageRequest>({
    receive(req, rawBody) {
      const url = new URL(req.url ?? '/', 'http://gateway');
      const raw = rawBody.toString('utf8');
      return { path: url.pathname, query: Object.fromEntries(url.searchParams), raw, body: jsonObjectBody(rawBody) };
    },
    // WeChat answers its refusals with HTTP 200 and an errcode.
    refuse(_req, _raw, request) {
      const refused = refusal(request);
      if (!refused) return undefined;
      request.refusedWith = refused.errcode;
      return { status: 200, body: refused };
    },
    answer(request) {
      if (request.path === '/cgi-bin/stable_token') {
        const token = `token-${randomBytes(12).toString('hex')}`;
        tokens.push(token);
        good.add(token);
        return { body: { access_token: token, expires_in: opts.expiresIn ?? 7200 } };
      }
      accepted.push(request);
      return { body: { errcode: 0, errmsg: 'ok', msgid: accepted.length } };
    },
  });

  return {
    ...base,
    tokens,
    expireTokens: () => good.clear(),
    sent: () => accepted,
  };
}
