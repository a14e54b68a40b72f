/**
 * A local stand-in for openapi.alipay.com/gateway.do (OpenAPI 1.0, RSA2 public-key mode). Like the
 * real gateway it checks the common parameters, verifies the request's RSA2 signature with the
 * application's public key and signs every answer with Alipay's private key. Business behaviour
 * comes from per-method handlers a test registers. It shares no code with the client, so a mistake
 * in one is not mirrored in the other.
 */
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { startFakeGateway, type FakeGateway, type GatewayReply } from './gateway';

export interface AlipayKeys {
  /** The application's key pair: the app signs with the private key, the gateway verifies with the public one. */
  appPrivateKey: string;
  appPublicKey: string;
  /** Alipay's key pair: the gateway signs answers, the app verifies with the public one. */
  alipayPrivateKey: string;
  alipayPublicKey: string;
}

/** Fresh RSA-2048 pairs in PEM (PKCS#8 private, SPKI public). */
export function generateAlipayKeys(): AlipayKeys {
  const pair = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
  const app = pair();
  const alipay = pair();
  return {
    appPrivateKey: app.privateKey,
    appPublicKey: app.publicKey,
    alipayPrivateKey: alipay.privateKey,
    alipayPublicKey: alipay.publicKey,
  };
}

/** The application id tests give both the fake gateway and our client. */
export const ALIPAY_TEST_APP_ID = '2021000000000001';

/** What our client needs to reach a fake gateway as the application whose keys it was started with. */
export function alipayClientOptions(fake: AlipayGateway, keys: AlipayKeys) {
  return {
    appId: ALIPAY_TEST_APP_ID,
    privateKey: keys.appPrivateKey,
    alipayPublicKey: keys.alipayPublicKey,
    gateway: fake.gatewayUrl,
    timeoutMs: 2000,
  };
}

export interface AlipayGatewayOptions {
  appId: string;
  keys: Pick<AlipayKeys, 'appPublicKey' | 'alipayPrivateKey'>;
  /** Shifts the gateway's clock, to make a fresh request look stale. */
  clockOffsetMs?: number;
}

export interface AlipayReceivedRequest {
  httpMethod: string;
  /** Every parameter, URL and form body merged, decoded. */
  params: Record<string, string>;
  method: string;
  /** biz_content parsed, or null when absent or not JSON. */
  biz: Record<string, any> | null;
  /** The sub_code the gateway refused with before any handler ran, if any. */
  refusedWith?: string;
}

/** The inner object of `<method>_response`. */
export interface AlipayResponse {
  code: string;
  msg: string;
  [field: string]: unknown;
}

/** What a handler may answer besides a normal (signed) response. */
export type AlipaySpecialReply =
  | { kind: 'hang' }
  | { kind: 'badSignature'; response: AlipayResponse }
  /** Answered under `error_response` instead of `<method>_response`, as some refusals are. */
  | { kind: 'errorResponse'; response: AlipayResponse }
  | { kind: 'http'; status: number; body: unknown };

export type AlipayHandler = (request: AlipayReceivedRequest) => AlipayResponse | AlipaySpecialReply;

export interface AlipayGateway extends FakeGateway<AlipayReceivedRequest> {
  /** The gateway address for the client's `gateway` option. */
  gatewayUrl: string;
  /** Sets how the gateway answers one method (replacing an earlier handler for it). */
  handle(method: string, handler: AlipayHandler): void;
}

export const alipaySuccess = (fields: Record<string, unknown> = {}): AlipayResponse => ({ code: '10000', msg: 'Success', ...fields });

/** A business refusal as Alipay words it: code 40004 with a sub_code naming the reason. */
export const alipayBusinessError = (subCode: string, subMsg: string, code = '40004', msg = 'Business Failed'): AlipayResponse => ({
  code,
  msg,
  sub_code: subCode,
  sub_msg: subMsg,
});

const invalidArguments = (subCode: string, subMsg: string) => alipayBusinessError(subCode, subMsg, '40002', 'Invalid Arguments');

// Requests outside this window of the gateway's clock are refused as stale.
const TIMESTAMP_WINDOW_MS = 15 * 60 * 1000;
const REQUIRED = ['app_id', 'method', 'charset', 'sign_type', 'sign', 'timestamp', 'version'];
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function parseRequest(req: IncomingMessage, rawBody: Buffer): AlipayReceivedRequest {
  const query = new URL(req.url ?? '/', 'http://gateway').searchParams;
  const type = String(req.headers['content-type'] ?? '');
  const form = type.includes('application/x-www-form-urlencoded') ? new URLSearchParams(rawBody.toString('utf8')) : new URLSearchParams();
  const params = { ...Object.fromEntries(query), ...Object.fromEntries(form) };
  let biz: Record<string, any> | null = null;
  try {
    biz = params.biz_content ? JSON.parse(params.biz_content) : null;
  } catch {
    biz = null;
  }
  return { httpMethod: req.method ?? 'GET', params, method: params.method ?? '', biz };
}

/** Alipay's string to sign for requests: every non-empty parameter but sign, sorted, `k=v` joined by &. */
function stringToSign(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** The gateway's clock is Beijing time, as the real one's is; this machine's local time stands in for it. */
function timestampSkewMs(value: string, offsetMs: number): number | null {
  const m = TIMESTAMP.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Math.abs(new Date(y!, mo! - 1, d!, h!, mi!, s!).getTime() - (Date.now() + offsetMs));
}

function refusal(request: AlipayReceivedRequest, opts: AlipayGatewayOptions): AlipayResponse | undefined {
  const { params } = request;
  for (const name of REQUIRED) {
    if (!params[name]) return invalidArguments(`isv.missing-${name.replace(/_/g, '-')}`, `缺少参数 ${name}`);
  }
  if (params.app_id !== opts.appId) return invalidArguments('isv.invalid-app-id', '无效的AppID参数');
  if (params.charset!.toLowerCase() !== 'utf-8') return invalidArguments('isv.invalid-charset', '字符集错误');
  if (params.sign_type !== 'RSA2') return invalidArguments('isv.invalid-signature-type', '无效的签名类型');
  if (params.version !== '1.0') return invalidArguments('isv.invalid-version', '版本号错误');
  const skew = timestampSkewMs(params.timestamp!, opts.clockOffsetMs ?? 0);
  if (skew === null || skew > TIMESTAMP_WINDOW_MS) return invalidArguments('isv.invalid-timestamp', '非法的时间戳参数');
  const content = stringToSign(params);
  const verified = createVerify('RSA-SHA256').update(content, 'utf8').verify(opts.keys.appPublicKey, params.sign!, 'base64');
  if (!verified) return invalidArguments('isv.invalid-signature', `验签出错，网关生成的验签字符串为：${content}`);
  if (params.biz_content && request.biz === null) return invalidArguments('isv.invalid-biz-content', 'biz_content 不是合法的 JSON');
  return undefined;
}

/** `{ "<key>": response, "sign": … }`: the signature covers the response object's JSON text exactly. */
function signedBody(key: string, response: AlipayResponse, alipayPrivateKey: string, tamper = false): unknown {
  let sign = createSign('RSA-SHA256').update(JSON.stringify(response), 'utf8').sign(alipayPrivateKey, 'base64');
  if (tamper) sign = `${sign[0] === 'A' ? 'B' : 'A'}${sign.slice(1)}`;
  return { [key]: response, sign };
}

const isSpecial = (reply: AlipayResponse | AlipaySpecialReply): reply is AlipaySpecialReply =>
  typeof reply.kind === 'string' && !('code' in reply);

export async function startAlipayGateway(opts: AlipayGatewayOptions): Promise<AlipayGateway> {
  const handlers = new Map<string, AlipayHandler>();
  const responseKey = (method: string) => `${method.replace(/\./g, '_')}_response`;

  const dispatch = (request: AlipayReceivedRequest): GatewayReply => {
    const handler = handlers.get(request.method);
    if (!handler) {
      const unknown = invalidArguments('isv.invalid-method', `不存在的方法名 ${request.method}`);
      return { body: signedBody(responseKey(request.method), unknown, opts.keys.alipayPrivateKey) };
    }
    const reply = handler(request);
    if (isSpecial(reply)) {
      if (reply.kind === 'hang') return 'hang';
      if (reply.kind === 'http') return { status: reply.status, body: reply.body };
      if (reply.kind === 'errorResponse') return { body: signedBody('error_response', reply.response, opts.keys.alipayPrivateKey) };
      return { body: signedBody(responseKey(request.method), reply.response, opts.keys.alipayPrivateKey, true) };
    }
    return { body: signedBody(responseKey(request.method), reply, opts.keys.alipayPrivateKey) };
  };

  let override: (request: AlipayReceivedRequest) => GatewayReply | undefined = () => undefined;
  const base = await startFakeGateway<AlipayReceivedRequest>({
    contentType: 'text/html;charset=utf-8',
    receive: parseRequest,
    // The real gateway refuses with HTTP 200 and a signed answer naming the problem.
    refuse(_req, _rawBody, request) {
      const refused = refusal(request, opts);
      if (!refused) return undefined;
      request.refusedWith = refused.sub_code as string;
      const key = request.method ? responseKey(request.method) : 'error_response';
      return { status: 200, body: signedBody(key, refused, opts.keys.alipayPrivateKey) };
    },
    answer: () => ({ body: null }),
  });
  // After the checks, a test's own responder goes first, then the method's handler.
  base.respondWith((request) => override(request) ?? dispatch(request));

  return {
    ...base,
    gatewayUrl: `${base.url}/gateway.do`,
    respondWith(next) {
      override = next;
    },
    handle(method, handler) {
      handlers.set(method, handler);
    },
  };
}
