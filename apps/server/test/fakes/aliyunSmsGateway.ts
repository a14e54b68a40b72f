/**
 * A local stand-in for dysmsapi.aliyuncs.com. It verifies requests the way the real
 * POP gateway does: decode the parameters, re-encode them with its own RFC 3986
 * encoder, and recompute the HMAC-SHA1 signature. Deliberately shares no code with
 * the adapter, so a mistake in one is not mirrored in the other.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { startFakeGateway, type FakeGateway } from './gateway';

export interface AliyunGatewayOptions {
  accessKeyId: string;
  secret: string;
  /** Shifts the gateway's clock, to make a fresh request look stale. */
  clockOffsetMs?: number;
}

export interface AliyunReceivedRequest {
  method: string;
  params: Record<string, string>;
  /** The vendor code the gateway refused with before business handling, if any. */
  refusedWith?: string;
}

export type AliyunSmsGateway = FakeGateway<AliyunReceivedRequest>;

// Aliyun accepts timestamps up to 15 minutes away from its own clock.
const TIMESTAMP_WINDOW_MS = 15 * 60 * 1000;
const REQUIRED_COMMON = [
  'AccessKeyId',
  'Action',
  'Format',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'Timestamp',
  'Version',
  'Signature',
];
const REQUIRED_SEND_SMS = ['PhoneNumbers', 'SignName', 'TemplateCode'];

/** Byte-wise RFC 3986: everything but the unreserved set becomes %XX with upper-case hex. */
function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedStringToSign(method: string, params: Record<string, string>): string {
  const pairs = Object.entries(params)
    .filter(([key]) => key !== 'Signature')
    .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = pairs.map(([key, value]) => `${key}=${value}`).join('&');
  return `${method}&${rfc3986('/')}&${rfc3986(query)}`;
}

function expectedSignature(method: string, params: Record<string, string>, secret: string): string {
  return createHmac('sha1', Buffer.from(`${secret}&`, 'utf8'))
    .update(Buffer.from(expectedStringToSign(method, params), 'utf8'))
    .digest('base64');
}

export function aliyunError(
  code: string,
  message: string,
): { Code: string; Message: string; RequestId: string; HostId: string; Recommend: string } {
  return {
    RequestId: randomUUID().toUpperCase(),
    HostId: 'dysmsapi.aliyuncs.com',
    Code: code,
    Message: message,
    Recommend: `https://api.aliyun.com/troubleshoot?q=${code}`,
  };
}

export function aliyunSuccess(): { Code: 'OK'; Message: 'OK'; BizId: string; RequestId: string } {
  return { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0`, RequestId: randomUUID().toUpperCase() };
}

function parseParams(req: IncomingMessage, body: string): Record<string, string> {
  const query = new URL(req.url ?? '/', 'http://gateway').searchParams;
  const form = new URLSearchParams(req.method === 'POST' ? body : '');
  return { ...Object.fromEntries(query), ...Object.fromEntries(form) };
}

/** The refusal the real gateway would give, or undefined when the request passes its checks. */
function gatewayRefusal(
  request: AliyunReceivedRequest,
  opts: AliyunGatewayOptions,
  usedNonces: Set<string>,
): { status: number; body: unknown } | undefined {
  const { params } = request;
  for (const name of [...REQUIRED_COMMON, ...(params.Action === 'SendSms' ? REQUIRED_SEND_SMS : [])]) {
    if (!params[name]) return { status: 400, body: aliyunError(`Missing${name}`, `${name} is mandatory for this action.`) };
  }
  if (params.Action !== 'SendSms' || params.Version !== '2017-05-25') {
    return { status: 404, body: aliyunError('InvalidAction.NotFound', 'Specified api is not found, please check your url and method.') };
  }
  if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
    return { status: 400, body: aliyunError('InvalidSignatureMethod', 'Specified signature method is not valid.') };
  }
  if (params.AccessKeyId !== opts.accessKeyId) {
    return { status: 404, body: aliyunError('InvalidAccessKeyId.NotFound', 'Specified access key is not found.') };
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(params.Timestamp ?? '')) {
    return { status: 400, body: aliyunError('InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.') };
  }
  const skew = Math.abs(Date.parse(params.Timestamp ?? '') - (Date.now() + (opts.clockOffsetMs ?? 0)));
  if (skew > TIMESTAMP_WINDOW_MS) {
    return { status: 400, body: aliyunError('InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.') };
  }
  const stringToSign = expectedStringToSign(request.method, params);
  if (params.Signature !== expectedSignature(request.method, params, opts.secret)) {
    // The real gateway quotes its string to sign, verification code included.
    return {
      status: 400,
      body: aliyunError(
        'SignatureDoesNotMatch',
        `Specified signature does not match our calculation. server string to sign is:${stringToSign}`,
      ),
    };
  }
  if (usedNonces.has(params.SignatureNonce ?? '')) {
    return { status: 400, body: aliyunError('SignatureNonceUsed', 'Specified signature nonce was used already.') };
  }
  usedNonces.add(params.SignatureNonce ?? '');
  return undefined;
}

export function startAliyunSmsGateway(opts: AliyunGatewayOptions): Promise<AliyunSmsGateway> {
  const usedNonces = new Set<string>();
  return startFakeGateway<AliyunReceivedRequest>({
    contentType: 'application/json;charset=utf-8',
    receive: (req, rawBody) => ({ method: req.method ?? 'GET', params: parseParams(req, rawBody.toString('utf8')) }),
    refuse(_req, _rawBody, request) {
      const refusal = gatewayRefusal(request, opts, usedNonces);
      if (refusal) request.refusedWith = (refusal.body as { Code: string }).Code;
      return refusal;
    },
    answer: () => ({ body: aliyunSuccess() }),
  });
}
