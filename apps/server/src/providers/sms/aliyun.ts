import { createHmac, randomUUID } from 'node:crypto';
import { busyStatus, neverConnected, type NoticeResult } from '../notice';
import type { SmsGateway, SmsMessage, SmsNotice, SmsPurpose } from './contract';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: Record<SmsPurpose, string>;
  /** Defaults to https://dysmsapi.aliyuncs.com */
  endpoint?: string;
  /** Defaults to 10000 ms. */
  timeoutMs?: number;
}

const DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const DEFAULT_TIMEOUT_MS = 10_000;
const API_VERSION = '2017-05-25';
// POST keeps the verification code out of URLs, which proxies and access logs tend to record.
const HTTP_METHOD = 'POST';

/**
 * Aliyun POP percent-encoding: RFC 3986, only A-Z a-z 0-9 - _ . ~ left bare.
 * encodeURIComponent also leaves ! ' ( ) * bare, so those are escaped on top; the
 * gateway re-encodes strictly, and a sign name like "Maika(测试)" would otherwise mismatch.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

/** Classic RPC signature (SignatureVersion 1.0, HMAC-SHA1), base64. */
export function signRpc(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Aliyun wants ISO 8601 UTC to the second; milliseconds are rejected as a malformed timestamp. */
function rpcTimestamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Accepts 13800138000 or +8613800138000; Dysms takes mainland numbers without the country code. */
function mainlandMobile(phone: string): string {
  const digits = phone.trim().replace(/^\+86/, '');
  if (!/^1\d{10}$/.test(digits)) {
    throw new Error('Aliyun SMS: phone is not an 11-digit mainland China mobile number');
  }
  return digits;
}

/** SendSms to one phone with a template and its variables by name. */
function sendSmsParams(
  opts: AliyunSmsOptions,
  phone: string,
  templateCode: string,
  templateParam: Record<string, string>,
): Record<string, string> {
  return {
    AccessKeyId: opts.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: mainlandMobile(phone),
    RegionId: 'cn-hangzhou',
    SignName: opts.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: templateCode,
    TemplateParam: JSON.stringify(templateParam),
    Timestamp: rpcTimestamp(new Date()),
    Version: API_VERSION,
  };
}

/** Codes by which Dysms says it could not take the request now; anything else is about the message. */
const BUSY_CODES = new Set(['isp.SYSTEM_ERROR', 'ServiceUnavailable', 'Throttling', 'Throttling.Api']);

/** Vendor messages can quote the signed string (SignatureDoesNotMatch does), which carries the code. */
function redact(text: string, code: string): string {
  return code ? text.split(code).join('***') : text;
}

async function post(url: string, body: string, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, {
      method: HTTP_METHOD,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new Error(`Aliyun SMS: no answer within ${timeoutMs} ms`, { cause: error });
    }
    throw new Error('Aliyun SMS: request failed', { cause: error });
  }
}

interface AliyunReply {
  Code?: unknown;
  Message?: unknown;
  BizId?: unknown;
}

async function readReply(response: Response, timeoutMs: number): Promise<AliyunReply> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new Error(`Aliyun SMS: reply not read within ${timeoutMs} ms (HTTP ${response.status})`, { cause: error });
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed as AliyunReply;
  } catch {
    // fall through: a non-JSON body is reported by status alone
  }
  throw new Error(`Aliyun SMS: unreadable reply (HTTP ${response.status})`);
}

export function createAliyunSms(opts: AliyunSmsOptions): SmsGateway {
  const endpoint = opts.endpoint ?? DEFAULT_ENDPOINT;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signedPost = (params: Record<string, string>) => {
    const signature = signRpc(HTTP_METHOD, params, opts.accessKeySecret);
    const body = `${canonicalQuery(params)}&Signature=${percentEncode(signature)}`;
    return post(new URL('/', endpoint).toString(), body, timeoutMs);
  };

  return {
    name: 'aliyun',
    async send(message: SmsMessage): Promise<void> {
      const params = sendSmsParams(opts, message.phone, opts.templates[message.purpose], { code: message.code });
      const response = await signedPost(params);
      const reply = await readReply(response, timeoutMs);
      if (reply.Code === 'OK') return;

      const vendorCode = String(reply.Code ?? 'unknown');
      const vendorMessage = redact(String(reply.Message ?? ''), message.code);
      throw new Error(`Aliyun SMS SendSms refused: ${vendorCode}: ${vendorMessage} (HTTP ${response.status})`);
    },
    async sendNotice(notice: SmsNotice): Promise<NoticeResult> {
      let response: Response;
      try {
        const variables = Object.fromEntries(notice.params.map((p) => [p.name, p.value]));
        response = await signedPost(sendSmsParams(opts, notice.phone, notice.templateId, variables));
      } catch (error) {
        return { status: neverConnected(error) ? 'retryable' : 'failed', answer: (error as Error).message };
      }
      if (busyStatus(response.status)) return { status: 'retryable', answer: `Aliyun SMS: HTTP ${response.status}` };
      let reply: AliyunReply;
      try {
        reply = await readReply(response, timeoutMs);
      } catch (error) {
        return { status: 'failed', answer: (error as Error).message };
      }
      if (reply.Code === 'OK') return { status: 'sent', answer: `OK (BizId ${String(reply.BizId ?? '')})` };
      const vendorCode = String(reply.Code ?? 'unknown');
      return {
        status: BUSY_CODES.has(vendorCode) ? 'retryable' : 'failed',
        answer: `Aliyun SMS SendSms: ${vendorCode}: ${String(reply.Message ?? '')} (HTTP ${response.status})`,
      };
    },
  };
}
