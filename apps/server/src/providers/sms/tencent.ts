import { createHash, createHmac } from 'node:crypto';
import { busyStatus, neverConnected, type NoticeResult } from '../notice';
import type { SmsGateway, SmsMessage, SmsNotice, SmsPurpose } from './contract';

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templates: Record<SmsPurpose, string>;
  /** Defaults to ap-guangzhou. */
  region?: string;
  /** Defaults to https://sms.tencentcloudapi.com */
  endpoint?: string;
  /** Defaults to 10000 ms. */
  timeoutMs?: number;
}

const DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com';
const DEFAULT_REGION = 'ap-guangzhou';
const DEFAULT_TIMEOUT_MS = 10_000;
const SERVICE = 'sms';
const ACTION = 'SendSms';
const API_VERSION = '2021-01-11';
// Signed verbatim: the header sent must be byte-identical, so it is set explicitly rather than left to fetch.
const CONTENT_TYPE = 'application/json; charset=utf-8';

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  /** Unix seconds, as sent in X-TC-Timestamp. */
  timestamp: number;
}

const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** The credential date is the UTC date of the timestamp; local time would break signing around midnight. */
function utcDate(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

/** TC3-HMAC-SHA256 Authorization header over content-type and host, POST with an empty query. */
export function tc3Authorization(input: Tc3Input): string {
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${input.contentType}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');

  const date = utcDate(input.timestamp);
  const credentialScope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), credentialScope, sha256Hex(canonicalRequest)].join('\n');

  const secretSigning = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = hmac(secretSigning, stringToSign).toString('hex');

  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Accepts 13800138000 or +8613800138000; Tencent wants E.164, i.e. +86 and 11 digits. */
function e164MainlandMobile(phone: string): string {
  const digits = phone.trim().replace(/^\+86/, '');
  if (!/^1\d{10}$/.test(digits)) {
    throw new Error('Tencent SMS: phone is not an 11-digit mainland China mobile number');
  }
  return `+86${digits}`;
}

/** SendSms to one phone with a template and its variables in the template's order. */
function sendSmsPayload(opts: TencentSmsOptions, phone: string, templateId: string, params: readonly string[]): string {
  return JSON.stringify({
    PhoneNumberSet: [e164MainlandMobile(phone)],
    SmsSdkAppId: opts.sdkAppId,
    SignName: opts.signName,
    TemplateId: templateId,
    TemplateParamSet: params,
  });
}

/** Codes by which Tencent says it did not take the request now (call frequency); anything else is about the message. */
const BUSY_CODES = new Set(['RequestLimitExceeded']);

/** Vendor messages are not ours to trust: keep the code out of anything that may be logged. */
function redact(text: string, code: string): string {
  return code ? text.split(code).join('***') : text;
}

async function post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new Error(`Tencent SMS: no answer within ${timeoutMs} ms`, { cause: error });
    }
    throw new Error('Tencent SMS: request failed', { cause: error });
  }
}

interface VendorStatus {
  Code?: unknown;
  Message?: unknown;
}

interface TencentReply {
  Response?: {
    Error?: VendorStatus;
    SendStatusSet?: VendorStatus[];
  };
}

async function readReply(response: Response, timeoutMs: number): Promise<TencentReply> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new Error(`Tencent SMS: reply not read within ${timeoutMs} ms (HTTP ${response.status})`, { cause: error });
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return parsed as TencentReply;
  } catch {
    // fall through: a non-JSON body is reported by status alone
  }
  throw new Error(`Tencent SMS: unreadable reply (HTTP ${response.status})`);
}

function refusal(kind: string, status: VendorStatus, code: string): Error {
  const vendorCode = String(status.Code ?? 'unknown');
  const vendorMessage = redact(String(status.Message ?? ''), code);
  return new Error(`Tencent SMS SendSms ${kind}: ${vendorCode}: ${vendorMessage}`);
}

export function createTencentSms(opts: TencentSmsOptions): SmsGateway {
  const url = new URL('/', opts.endpoint ?? DEFAULT_ENDPOINT);
  const region = opts.region ?? DEFAULT_REGION;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signedPost = (payload: string) => {
    const timestamp = Math.floor(Date.now() / 1000);
    const authorization = tc3Authorization({
      secretId: opts.secretId,
      secretKey: opts.secretKey,
      service: SERVICE,
      // URL.host keeps a non-default port, matching the Host header fetch will send.
      host: url.host,
      contentType: CONTENT_TYPE,
      payload,
      timestamp,
    });
    return post(
      url,
      {
        Authorization: authorization,
        'Content-Type': CONTENT_TYPE,
        'X-TC-Action': ACTION,
        'X-TC-Version': API_VERSION,
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Region': region,
      },
      payload,
      timeoutMs,
    );
  };

  return {
    name: 'tencent',
    async send(message: SmsMessage): Promise<void> {
      const response = await signedPost(sendSmsPayload(opts, message.phone, opts.templates[message.purpose], [message.code]));
      const reply = await readReply(response, timeoutMs);

      const error = reply.Response?.Error;
      if (error) throw refusal('refused', error, message.code);

      const status = reply.Response?.SendStatusSet?.[0];
      if (!status) throw new Error(`Tencent SMS SendSms: reply without a send status (HTTP ${response.status})`);
      if (status.Code !== 'Ok') throw refusal('not sent', status, message.code);
    },
    async sendNotice(notice: SmsNotice): Promise<NoticeResult> {
      let response: Response;
      try {
        response = await signedPost(
          sendSmsPayload(
            opts,
            notice.phone,
            notice.templateId,
            notice.params.map((p) => p.value),
          ),
        );
      } catch (error) {
        return { status: neverConnected(error) ? 'retryable' : 'failed', answer: (error as Error).message };
      }
      if (busyStatus(response.status)) return { status: 'retryable', answer: `Tencent SMS: HTTP ${response.status}` };
      let reply: TencentReply;
      try {
        reply = await readReply(response, timeoutMs);
      } catch (error) {
        return { status: 'failed', answer: (error as Error).message };
      }
      const error = reply.Response?.Error;
      if (error) {
        const code = String(error.Code ?? 'unknown');
        return {
          status: BUSY_CODES.has(code) ? 'retryable' : 'failed',
          answer: `Tencent SMS SendSms refused: ${code}: ${String(error.Message ?? '')}`,
        };
      }
      const status = reply.Response?.SendStatusSet?.[0];
      if (!status) return { status: 'failed', answer: `Tencent SMS SendSms: reply without a send status (HTTP ${response.status})` };
      const answer = `${String(status.Code ?? 'unknown')}: ${String(status.Message ?? '')}`;
      return status.Code === 'Ok' ? { status: 'sent', answer } : { status: 'failed', answer: `Tencent SMS SendSms not sent: ${answer}` };
    },
  };
}
