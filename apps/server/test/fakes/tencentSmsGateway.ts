/**
 * A local stand-in for sms.tencentcloudapi.com. It rebuilds the TC3-HMAC-SHA256
 * canonical request from the raw bytes and headers it actually received, as the
 * real API does, and answers in Tencent's own shapes. Deliberately shares no code
 * with the adapter, so a mistake in one is not mirrored in the other.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { header, jsonObjectBody, startFakeGateway, type FakeGateway } from './gateway';

export interface TencentGatewayOptions {
  secretId: string;
  secret: string;
  /** When set, any other SmsSdkAppId is refused. */
  sdkAppId?: string;
  /** Shifts the gateway's clock, to make a fresh request look stale. */
  clockOffsetMs?: number;
}

export interface TencentReceivedRequest {
  action: string | undefined;
  version: string | undefined;
  region: string | undefined;
  timestamp: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
  /** The Response.Error.Code the gateway refused with before business handling, if any. */
  refusedWith?: string;
}

export type TencentSmsGateway = FakeGateway<TencentReceivedRequest>;

// Tencent refuses requests whose X-TC-Timestamp is more than five minutes off.
const TIMESTAMP_WINDOW_S = 5 * 60;
const AUTHORIZATION =
  /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

export function tencentError(code: string, message: string): { Response: { Error: { Code: string; Message: string }; RequestId: string } } {
  return { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } };
}

export function tencentSendStatus(
  phone: string,
  code = 'Ok',
  message = 'send success',
): { Response: { SendStatusSet: Array<Record<string, unknown>>; RequestId: string } } {
  return {
    Response: {
      SendStatusSet: [
        {
          SerialNo: `${Date.now()}:${randomUUID()}`,
          PhoneNumber: phone,
          Fee: code === 'Ok' ? 1 : 0,
          SessionContext: '',
          Code: code,
          Message: message,
          IsoCode: 'CN',
        },
      ],
      RequestId: randomUUID(),
    },
  };
}

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmacSha256(key: Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(Buffer.from(data, 'utf8')).digest();
}

/** Recomputes the signature from what arrived: declared signed headers, their received values, the raw body bytes. */
function expectedSignature(
  req: IncomingMessage,
  rawBody: Buffer,
  secret: string,
  date: string,
  service: string,
  signedHeaders: string,
  timestamp: string,
): string {
  const headerNames = signedHeaders.split(';');
  const canonicalHeaders = headerNames
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const target = new URL(req.url ?? '/', 'http://gateway');
  const canonicalRequest = `${req.method}\n${target.pathname}\n${target.search.slice(1)}\n${canonicalHeaders}\n${signedHeaders}\n${sha256(rawBody)}`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonicalRequest)}`;

  let key: Buffer = Buffer.from(`TC3${secret}`, 'utf8');
  for (const part of [date, service, 'tc3_request']) key = hmacSha256(key, part);
  return hmacSha256(key, stringToSign).toString('hex');
}

/** The error the real API would give, or undefined when the request passes its checks. */
function gatewayRefusal(
  req: IncomingMessage,
  rawBody: Buffer,
  request: TencentReceivedRequest,
  opts: TencentGatewayOptions,
): { Code: string; Message: string } | undefined {
  if (req.method !== 'POST' || !(request.contentType ?? '').startsWith('application/json')) {
    return { Code: 'InvalidParameter', Message: 'This API only accepts POST with Content-Type application/json here.' };
  }
  for (const [name, value] of [
    ['X-TC-Action', request.action],
    ['X-TC-Version', request.version],
    ['X-TC-Timestamp', request.timestamp],
    ['X-TC-Region', request.region],
    ['Authorization', request.authorization],
  ] as const) {
    if (!value) return { Code: 'MissingParameter', Message: `The request is missing a required parameter \`${name}\`.` };
  }
  if (request.action !== 'SendSms') return { Code: 'InvalidAction', Message: `The action \`${request.action}\` is not supported.` };
  if (request.version !== '2021-01-11') return { Code: 'NoSuchVersion', Message: `The version \`${request.version}\` is not supported.` };

  const auth = AUTHORIZATION.exec(request.authorization ?? '');
  if (!auth) return { Code: 'AuthFailure.InvalidAuthorization', Message: 'Authorization header is malformed.' };
  const [, secretId = '', date = '', service = '', signedHeaders = '', signature = ''] = auth;
  if (secretId !== opts.secretId)
    return { Code: 'AuthFailure.SecretIdNotFound', Message: 'The SecretId is not found, please ensure that your SecretId is correct.' };

  const timestamp = request.timestamp ?? '';
  const serverNow = Math.floor((Date.now() + (opts.clockOffsetMs ?? 0)) / 1000);
  if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - serverNow) > TIMESTAMP_WINDOW_S) {
    return { Code: 'AuthFailure.SignatureExpire', Message: `Signature expired. Timestamp is ${timestamp}, server time is ${serverNow}.` };
  }

  const headerNames = signedHeaders.split(';');
  const scopeMatches = service === 'sms' && date === new Date(Number(timestamp) * 1000).toISOString().slice(0, 10);
  const headersCovered = headerNames.includes('content-type') && headerNames.includes('host');
  const expected = expectedSignature(req, rawBody, opts.secret, date, service, signedHeaders, timestamp);
  if (!scopeMatches || !headersCovered || signature !== expected) {
    return {
      Code: 'AuthFailure.SignatureFailure',
      Message: 'The provided credentials could not be validated. Please check your signature is correct.',
    };
  }

  for (const name of ['PhoneNumberSet', 'SmsSdkAppId', 'TemplateId', 'SignName']) {
    if (request.body[name] === undefined)
      return { Code: 'MissingParameter', Message: `The request is missing a required parameter \`${name}\`.` };
  }
  if (opts.sdkAppId !== undefined && request.body.SmsSdkAppId !== opts.sdkAppId) {
    return { Code: 'InvalidParameterValue.SdkAppIdNotExist', Message: 'SdkAppId not exist.' };
  }
  return undefined;
}

function firstPhone(body: Record<string, unknown>): string {
  const phones = body.PhoneNumberSet;
  return Array.isArray(phones) && typeof phones[0] === 'string' ? phones[0] : '';
}

/** Per-number outcome, judged as the real API does: inside SendStatusSet, not as a request error. */
function phoneStatus(body: Record<string, unknown>): { Response: unknown } {
  const phone = firstPhone(body);
  if (!/^\+861\d{10}$/.test(phone)) {
    return tencentSendStatus(phone, 'InvalidParameterValue.IncorrectPhoneNumber', 'invalid mobile number');
  }
  return tencentSendStatus(phone);
}

export function startTencentSmsGateway(opts: TencentGatewayOptions): Promise<TencentSmsGateway> {
  return startFakeGateway<TencentReceivedRequest>({
    receive: (req, rawBody) => ({
      action: header(req, 'x-tc-action'),
      version: header(req, 'x-tc-version'),
      region: header(req, 'x-tc-region'),
      timestamp: header(req, 'x-tc-timestamp'),
      authorization: header(req, 'authorization'),
      contentType: header(req, 'content-type'),
      body: jsonObjectBody(rawBody),
    }),
    refuse(req, rawBody, request) {
      const refusal = gatewayRefusal(req, rawBody, request, opts);
      if (!refusal) return undefined;
      request.refusedWith = refusal.Code;
      // Tencent API 3.0 reports request errors with HTTP 200 and Response.Error.
      return { status: 200, body: tencentError(refusal.Code, refusal.Message) };
    },
    answer: (request) => ({ body: phoneStatus(request.body) }),
  });
}
