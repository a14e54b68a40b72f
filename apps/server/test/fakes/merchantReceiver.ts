/**
 * A merchant's server receiving our callbacks, as a reseller would write one: it checks the
 * signature headers against the merchant's key over the exact bytes received, refuses a bad or
 * stale one with 401, and answers 200 otherwise (unless the test says else).
 */
import { MERCHANT_CLOCK_SKEW_SECONDS, MERCHANT_HEADERS } from '@maika/shared';
import { bodySha256, merchantSignature } from '../../src/modules/merchants';
import { header, jsonObjectBody, startFakeGateway, type FakeGateway } from './gateway';

export interface ReceivedCallback {
  /** The path and query it was posted to. */
  path: string;
  keyId: string | undefined;
  /** The signature holds for the merchant's key over method, path, time, nonce and body. */
  signed: boolean;
  nonce: string | undefined;
  /** The exact text received. */
  raw: string;
  body: Record<string, unknown>;
}

export function startMerchantReceiver(
  key: { keyId: string; secret: string },
  o: { redirectTo?: string } = {},
): Promise<FakeGateway<ReceivedCallback>> {
  return startFakeGateway<ReceivedCallback>({
    receive(req, rawBody) {
      const timestamp = header(req, MERCHANT_HEADERS.timestamp.toLowerCase()) ?? '';
      const nonce = header(req, MERCHANT_HEADERS.nonce.toLowerCase());
      const signature = header(req, MERCHANT_HEADERS.signature.toLowerCase());
      const expected = merchantSignature(key.secret, {
        method: req.method ?? '',
        pathWithQuery: req.url ?? '',
        timestamp,
        nonce: nonce ?? '',
        bodySha256: bodySha256(rawBody),
      });
      const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= MERCHANT_CLOCK_SKEW_SECONDS;
      return {
        path: req.url ?? '',
        keyId: header(req, MERCHANT_HEADERS.key.toLowerCase()),
        signed: fresh && signature === expected && header(req, MERCHANT_HEADERS.key.toLowerCase()) === key.keyId,
        nonce,
        raw: rawBody.toString('utf8'),
        body: jsonObjectBody(rawBody),
      };
    },
    refuse: (_req, _raw, received) => (received.signed ? undefined : { status: 401, body: { error: 'bad signature' } }),
    answer: () => (o.redirectTo ? { status: 302, body: { moved: o.redirectTo } } : { status: 200, body: { ok: true } }),
    responseHeaders: (status): Record<string, string> => (status === 302 && o.redirectTo ? { location: o.redirectTo } : {}),
  });
}
