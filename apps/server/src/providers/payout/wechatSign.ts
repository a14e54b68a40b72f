/**
 * WeChat Pay API v3 signatures in "微信支付公钥" mode: requests are signed with the merchant's
 * private key, answers are verified with the WeChat Pay public key, and sensitive fields are
 * encrypted with that same public key.
 */
import { constants, createSign, createVerify, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';

export const AUTHORIZATION_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** WeChat Pay rejects, and we refuse, signatures whose timestamp is more than five minutes off. */
export const SIGNATURE_WINDOW_S = 5 * 60;

export interface RequestSignatureInput {
  mchId: string;
  /** Serial number of the merchant API certificate whose private key signs. */
  serialNo: string;
  privateKey: KeyObject | string;
  method: string;
  /** Path and query exactly as sent, e.g. /v3/fund-app/mch-transfer/transfer-bills */
  urlPath: string;
  /** The body exactly as sent; '' for GET or an empty POST. */
  body: string;
  /** Unix seconds. */
  timestamp: number;
  nonce: string;
}

/** A 32-character nonce from the CSPRNG. */
export function signatureNonce(): string {
  return randomBytes(16).toString('hex');
}

export function requestMessage(method: string, urlPath: string, timestamp: number | string, nonce: string, body: string): string {
  return `${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function rsaSha256Sign(privateKey: KeyObject | string, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaSha256Verify(publicKey: KeyObject | string, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of one request. */
export function authorizationHeader(input: RequestSignatureInput): string {
  const signature = rsaSha256Sign(input.privateKey, requestMessage(input.method, input.urlPath, input.timestamp, input.nonce, input.body));
  return (
    `${AUTHORIZATION_SCHEMA} mchid="${input.mchId}",nonce_str="${input.nonce}",` +
    `signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  );
}

export interface ResponseSignature {
  timestamp: string | null;
  nonce: string | null;
  signature: string | null;
  serial: string | null;
}

export type ResponseVerdict = { ok: true } | { ok: false; why: string };

/**
 * Checks an answer came from WeChat Pay: signed by the key we were given, under its id, recently.
 * Anything else may be forged or replayed and is not to be acted on.
 */
export function verifyResponse(
  headers: ResponseSignature,
  body: string,
  publicKey: KeyObject | string,
  publicKeyId: string,
  nowMs: number = Date.now(),
): ResponseVerdict {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) return { ok: false, why: 'answer is not signed' };
  if (serial !== publicKeyId) return { ok: false, why: `answer signed with key ${serial}, expected ${publicKeyId}` };
  if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - Math.floor(nowMs / 1000)) > SIGNATURE_WINDOW_S) {
    return { ok: false, why: `answer timestamp ${timestamp} is outside the five minute window` };
  }
  if (!rsaSha256Verify(publicKey, responseMessage(timestamp, nonce, body), signature)) {
    return { ok: false, why: 'answer signature does not verify' };
  }
  return { ok: true };
}

/** RSAES-OAEP (SHA-1, MGF1) under the WeChat Pay public key, base64: how v3 carries names. */
export function encryptSensitive(publicKey: KeyObject | string, plaintext: string): string {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(plaintext, 'utf8'),
  ).toString('base64');
}
