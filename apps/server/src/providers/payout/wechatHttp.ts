/**
 * One signed exchange with WeChat Pay API v3. Only an answer that verifies is handed back:
 * silence, 5xx, throttling and anything unsigned or wrongly signed come back as "no answer",
 * because acting on them could pay twice or refund a paid transfer.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { authorizationHeader, signatureNonce, verifyResponse } from './wechatSign';

export interface WechatPayCredentials {
  mchId: string;
  /** Serial number of the merchant API certificate. */
  merchantSerialNo: string;
  /** Merchant API private key, PEM. */
  privateKey: string;
  /** WeChat Pay public key ("微信支付公钥"), PEM. */
  wechatPayPublicKey: string;
  /** Its id, PUB_KEY_ID_…, sent as Wechatpay-Serial and expected back on every answer. */
  wechatPayPublicKeyId: string;
  /** Defaults to https://api.mch.weixin.qq.com */
  apiBase?: string;
  /** Defaults to 10000 ms. */
  timeoutMs?: number;
}

export type WechatExchange =
  /** A verified answer: a 2xx body, or a 4xx `{ code, message }`. */
  { answered: true; status: number; body: Record<string, unknown> } | { answered: false; error: string };

export interface WechatPayHttp {
  readonly publicKey: KeyObject;
  readonly publicKeyId: string;
  send(method: 'GET' | 'POST', path: string, body?: string, extraHeaders?: Record<string, string>): Promise<WechatExchange>;
}

const DEFAULT_API_BASE = 'https://api.mch.weixin.qq.com';
const DEFAULT_TIMEOUT_MS = 10_000;
// WeChat Pay refuses v3 calls without a User-Agent.
const USER_AGENT = 'maika-payout/1.0 (node)';
// Codes WeChat Pay answers when it could not decide: the call may be repeated, its effect is unknown.
const TRANSIENT_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'RATELIMIT_EXCEEDED']);

function noAnswer(error: string): WechatExchange {
  return { answered: false, error: `WeChat Pay: ${error}` };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function exchange(url: URL, init: RequestInit, timeoutMs: number): Promise<{ response: Response; text: string } | string> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { response, text: await response.text() };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
    return `request failed: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
  }
}

export function createWechatPayHttp(credentials: WechatPayCredentials): WechatPayHttp {
  const privateKey = createPrivateKey(credentials.privateKey);
  const publicKey = createPublicKey(credentials.wechatPayPublicKey);
  const base = credentials.apiBase ?? DEFAULT_API_BASE;
  const timeoutMs = credentials.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    publicKey,
    publicKeyId: credentials.wechatPayPublicKeyId,
    async send(method, path, body = '', extraHeaders = {}) {
      const url = new URL(path, base);
      const authorization = authorizationHeader({
        mchId: credentials.mchId,
        serialNo: credentials.merchantSerialNo,
        privateKey,
        method,
        urlPath: url.pathname + url.search,
        body,
        timestamp: Math.floor(Date.now() / 1000),
        nonce: signatureNonce(),
      });
      const headers: Record<string, string> = {
        Authorization: authorization,
        Accept: 'application/json',
        'User-Agent': USER_AGENT,
        ...extraHeaders,
      };
      // Every v3 POST is JSON, even one without a body (transfer cancel); fetch would call an empty one text/plain.
      if (method === 'POST') headers['Content-Type'] = 'application/json';

      const result = await exchange(url, { method, headers, body: method === 'GET' ? undefined : body }, timeoutMs);
      if (typeof result === 'string') return noAnswer(result);
      const { response, text } = result;
      if (response.status >= 500) return noAnswer(`HTTP ${response.status} ${text.slice(0, 200)}`);

      const verdict = verifyResponse(
        {
          timestamp: response.headers.get('wechatpay-timestamp'),
          nonce: response.headers.get('wechatpay-nonce'),
          signature: response.headers.get('wechatpay-signature'),
          serial: response.headers.get('wechatpay-serial'),
        },
        text,
        publicKey,
        credentials.wechatPayPublicKeyId,
      );
      if (!verdict.ok) return noAnswer(`untrusted answer (HTTP ${response.status}): ${verdict.why}`);

      const parsed = parseObject(text);
      if (!parsed) return noAnswer(`unreadable answer (HTTP ${response.status})`);
      if (response.status === 429 || TRANSIENT_CODES.has(String(parsed.code))) {
        return noAnswer(`${String(parsed.code ?? response.status)}: ${String(parsed.message ?? '')}`);
      }
      return { answered: true, status: response.status, body: parsed };
    },
  };
}
