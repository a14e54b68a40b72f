/**
 * A local stand-in for api.weixin.qq.com's auth.code2Session (GET /sns/jscode2session). Like the
 * real one it checks the app id and secret, the grant type, and lets each login code be used once.
 * A test issues codes with `issueCode`, as wx.login would hand them to the mini-program.
 */
import { randomBytes } from 'node:crypto';
import { startFakeGateway, type FakeGateway } from './gateway';

export interface WechatGatewayOptions {
  appId: string;
  appSecret: string;
}

export interface WechatReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The errcode the gateway refused with, if any. */
  refusedWith?: number;
}

export interface WechatGateway extends FakeGateway<WechatReceivedRequest> {
  /** A fresh login code for the user `openid`, as wx.login gives one. */
  issueCode(openid: string): string;
}

const error = (errcode: number, errmsg: string) => ({ errcode, errmsg: `${errmsg}, rid: ${randomBytes(4).toString('hex')}` });

export async function startWechatGateway(opts: WechatGatewayOptions): Promise<WechatGateway> {
  const codes = new Map<string, { openid: string; used: boolean }>();

  const refusal = (request: WechatReceivedRequest) => {
    const q = request.query;
    if (request.method !== 'GET' || request.path !== '/sns/jscode2session') return error(40066, 'invalid url');
    if (q.appid !== opts.appId) return error(40013, 'invalid appid');
    if (q.secret !== opts.appSecret) return error(40125, 'invalid appsecret');
    if (q.grant_type !== 'authorization_code') return error(40002, 'invalid grant_type');
    if (!q.js_code) return error(41008, 'missing code');
    const entry = codes.get(q.js_code);
    if (!entry) return error(40029, 'invalid code');
    if (entry.used) return error(40163, 'code been used');
    entry.used = true;
    return undefined;
  };

  const base = await startFakeGateway<WechatReceivedRequest>({
    contentType: 'text/plain',
    receive(req) {
      const url = new URL(req.url ?? '/', 'http://gateway');
      return { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) };
    },
    // WeChat answers its refusals with HTTP 200 and an errcode.
    refuse(_req, _raw, request) {
      const refused = refusal(request);
      if (!refused) return undefined;
      request.refusedWith = refused.errcode;
      return { status: 200, body: refused };
    },
    answer(request) {
      const { openid } = codes.get(request.query.js_code!)!;
      return { body: { openid, session_key: randomBytes(16).toString('base64') } };
    },
  });

  return {
    ...base,
    issueCode(openid) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { openid, used: false });
      return code;
    },
  };
}
