/**
 * The one signing scheme of the merchant API, both ways: a merchant signs its requests to us with
 * it, and we sign our callbacks to the merchant with the same key (docs/design.md "Merchant API").
 * What is signed is written once, in packages/shared (`merchantStringToSign`).
 */
import { MERCHANT_HEADERS, merchantStringToSign, type MerchantSignedParts } from '@maika/shared';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Lowercase hex SHA-256 of the exact body bytes (of nothing when there is no body). */
export const bodySha256 = (body: Buffer | string): string => createHash('sha256').update(body).digest('hex');

/** Lowercase hex HMAC-SHA256 of the string to sign. */
export function merchantSignature(secret: string, parts: MerchantSignedParts): string {
  return createHmac('sha256', secret).update(merchantStringToSign(parts)).digest('hex');
}

/** Compares in constant time, so how much of a guess was right cannot be timed. */
export function signatureMatches(secret: string, parts: MerchantSignedParts, given: string): boolean {
  const expected = Buffer.from(merchantSignature(secret, parts), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export interface SignedRequest {
  method: string;
  pathWithQuery: string;
  body: Buffer | string;
  keyId: string;
  secret: string;
  /** Unix seconds; now when absent. */
  timestamp?: number;
  /** A fresh random one when absent. */
  nonce?: string;
}

/** The four headers of a signed request, by their names in MERCHANT_HEADERS. */
export function signedHeaders(r: SignedRequest): Record<string, string> {
  const timestamp = String(r.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = r.nonce ?? randomBytes(16).toString('hex');
  const signature = merchantSignature(r.secret, {
    method: r.method,
    pathWithQuery: r.pathWithQuery,
    timestamp,
    nonce,
    bodySha256: bodySha256(r.body),
  });
  return {
    [MERCHANT_HEADERS.key]: r.keyId,
    [MERCHANT_HEADERS.timestamp]: timestamp,
    [MERCHANT_HEADERS.nonce]: nonce,
    [MERCHANT_HEADERS.signature]: signature,
  };
}
