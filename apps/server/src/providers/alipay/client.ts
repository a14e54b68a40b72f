/**
 * The one way this server talks to the Alipay open platform (OpenAPI 1.0 gateway, RSA2 in
 * public-key mode): face verification, mini-program login and payouts all go through here.
 */
import { AlipaySdk } from 'alipay-sdk';
import type { Config } from '../../config';
import { ALIPAY_DEFAULT_GATEWAY, alipayPrivateKeyPem, alipayPublicKeyPem } from './keys';

const DEFAULT_TIMEOUT_MS = 10_000;
/** The gateway's "call succeeded" code; anything else carries sub_code / sub_msg. */
export const ALIPAY_SUCCESS = '10000';

export interface AlipayClientOptions {
  appId: string;
  /** The application's RSA private key: PEM (PKCS#1 or PKCS#8) or the bare base64 the key tool prints. */
  privateKey: string;
  /** Alipay's RSA public key for this application: PEM or bare base64. */
  alipayPublicKey: string;
  /** Defaults to https://openapi.alipay.com/gateway.do */
  gateway?: string;
  /** Defaults to 10000 ms. */
  timeoutMs?: number;
}

/** What the gateway answered to a call it understood; field names as Alipay documents them (snake_case). */
export interface AlipayAnswer {
  code: string;
  msg: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

export type AlipayFailureKind = 'network' | 'http' | 'signature' | 'format';

/**
 * No usable answer: the request may or may not have reached Alipay (network, time-out, HTTP
 * error), or the answer cannot be trusted (bad signature) or read. Callers that move money must
 * treat the outcome as unknown and query before doing anything else.
 */
export class AlipayTransportError extends Error {
  constructor(
    public readonly kind: AlipayFailureKind,
    message: string,
    cause?: unknown,
  ) {
    super(`Alipay ${kind} error: ${message}`, { cause });
    this.name = 'AlipayTransportError';
  }
}

export interface AlipayClient {
  readonly appId: string;
  /** Calls a gateway method; the answer's signature is always checked with Alipay's public key. */
  call(method: string, bizContent?: Record<string, unknown>, params?: Record<string, string>): Promise<AlipayAnswer>;
  /** A signed GET URL for methods the user's browser opens (e.g. alipay.user.certify.open.certify). */
  pageUrl(method: string, bizContent: Record<string, unknown>, params?: Record<string, string>): string;
}

function failureOf(error: unknown): AlipayTransportError {
  const message = error instanceof Error ? error.message : String(error);
  if (/验签失败/.test(message)) return new AlipayTransportError('signature', 'the answer is not signed by Alipay', error);
  if (/HTTP 请求错误/.test(message)) return new AlipayTransportError('http', message.replace('HTTP 请求错误', 'HTTP status'), error);
  if (/格式错误/.test(message)) return new AlipayTransportError('format', 'the answer could not be read', error);
  return new AlipayTransportError('network', message.replace(/^HttpClient Request error: /, ''), error);
}

const raise = (error: Error): never => {
  throw error;
};

/**
 * Some refusals (e.g. a bad code to alipay.system.oauth.token) come as `error_response` instead of
 * `<method>_response`; the SDK then checks the signature against the wrong part and fails. Such an
 * answer is accepted only when Alipay's signature over the `error_response` object holds.
 */
function signedErrorResponse(sdk: AlipaySdk, error: unknown): Record<string, unknown> | undefined {
  const raw = (error as { responseDataRaw?: unknown }).responseDataRaw;
  if (typeof raw !== 'string' || !raw.includes('"error_response"')) return undefined;
  try {
    const parsed = JSON.parse(raw) as { error_response?: Record<string, unknown>; sign?: string };
    if (!parsed.error_response || typeof parsed.sign !== 'string') return undefined;
    sdk.checkResponseSign(raw, 'error_response', parsed.sign, '');
    return parsed.error_response;
  } catch {
    return undefined;
  }
}

export function createAlipayClient(options: AlipayClientOptions): AlipayClient {
  const sdk = new AlipaySdk({
    appId: options.appId,
    privateKey: alipayPrivateKeyPem(options.privateKey),
    keyType: 'PKCS8',
    alipayPublicKey: alipayPublicKeyPem(options.alipayPublicKey),
    gateway: options.gateway ?? ALIPAY_DEFAULT_GATEWAY,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signType: 'RSA2',
    // Keep Alipay's own field names, so adapters read exactly what the API reference says.
    camelcase: false,
  });
  return {
    appId: options.appId,
    async call(method, bizContent, params = {}) {
      let answer: Record<string, unknown>;
      try {
        answer = await sdk.exec(method, { ...params, ...(bizContent ? { bizContent } : {}) }, { validateSign: true });
      } catch (error) {
        answer = signedErrorResponse(sdk, error) ?? raise(failureOf(error));
      }
      // A few methods (alipay.system.oauth.token) answer success without code and msg.
      return { ...answer, code: typeof answer.code === 'string' ? answer.code : ALIPAY_SUCCESS, msg: String(answer.msg ?? 'Success') };
    },
    pageUrl(method, bizContent, params = {}) {
      return sdk.pageExecute(method, 'GET', { ...params, bizContent });
    },
  };
}

/** "sub_msg (sub_code)" or "msg (code)": what an operator needs to look the failure up. */
export function describeAlipayAnswer(answer: AlipayAnswer): string {
  return answer.sub_code ? `${answer.sub_msg ?? answer.msg} (${answer.sub_code})` : `${answer.msg} (${answer.code})`;
}

/** The merchant's client from the ALIPAY_* settings (validated at start); `appId` for a mini-program's own id. */
export function alipayClientFromConfig(
  config: Pick<Config, 'ALIPAY_APP_ID' | 'ALIPAY_PRIVATE_KEY' | 'ALIPAY_PUBLIC_KEY' | 'ALIPAY_GATEWAY'>,
  appId = config.ALIPAY_APP_ID!,
): AlipayClient {
  return createAlipayClient({
    appId,
    privateKey: config.ALIPAY_PRIVATE_KEY!,
    alipayPublicKey: config.ALIPAY_PUBLIC_KEY!,
    gateway: config.ALIPAY_GATEWAY,
  });
}
