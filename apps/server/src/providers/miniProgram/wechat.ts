/** WeChat mini-program login: auth.code2Session (GET /sns/jscode2session). */
import { MiniProgramError, type MiniProgramLogin } from './contract';

export interface WechatMiniProgramOptions {
  appId: string;
  appSecret: string;
  /** Defaults to https://api.weixin.qq.com */
  apiBase?: string;
  /** Defaults to 10000 ms. */
  timeoutMs?: number;
}

/** errcodes that mean the code itself is no good: invalid (40029), already used (40163). */
const CODE_ERRORS = new Set([40029, 40163]);
const REASONS: Record<number, string> = {
  [-1]: 'WeChat is busy',
  40013: 'the app id is not valid',
  40125: 'the app secret is not valid',
  40226: 'WeChat blocked this user as high-risk',
  45011: 'too many login attempts at WeChat',
};

interface Code2SessionAnswer {
  openid?: string;
  session_key?: string;
  unionid?: string;
  errcode?: number;
  errmsg?: string;
}

export function createWechatMiniProgramLogin(options: WechatMiniProgramOptions): MiniProgramLogin {
  const base = (options.apiBase ?? 'https://api.weixin.qq.com').replace(/\/+$/, '');
  return {
    name: 'wechat',
    async openidOf(code) {
      const url = new URL(`${base}/sns/jscode2session`);
      url.search = new URLSearchParams({
        appid: options.appId,
        secret: options.appSecret,
        js_code: code,
        grant_type: 'authorization_code',
      }).toString();
      let answer: Code2SessionAnswer;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        answer = (await response.json()) as Code2SessionAnswer;
      } catch (error) {
        throw new MiniProgramError('provider', `WeChat did not answer (${(error as Error).message})`, error);
      }
      if (answer.errcode) {
        const detail = `${REASONS[answer.errcode] ?? answer.errmsg ?? 'error'} (errcode ${answer.errcode})`;
        throw new MiniProgramError(CODE_ERRORS.has(answer.errcode) ? 'code' : 'provider', detail);
      }
      if (!answer.openid) throw new MiniProgramError('provider', 'WeChat answered without an openid');
      return answer.openid;
    },
  };
}
