/**
 * Checking a signed request (docs/design.md "Merchant API"), each refusal its own code: first what
 * the headers alone tell (present and well formed, a known key, not revoked, a merchant not
 * suspended, a timestamp within the window), before the body is even read; then, over the body's
 * exact bytes, the signature (compared in constant time), the key's request budget and the nonce,
 * which is spent only by a request whose signature holds.
 */
import {
  Code,
  MERCHANT_BODY_LIMIT_BYTES,
  MERCHANT_CLOCK_SKEW_SECONDS,
  MERCHANT_HEADERS,
  MERCHANT_KEY_ID_PATTERN,
  MERCHANT_NONCE_PATTERN,
  MERCHANT_SIGNATURE_PATTERN,
  MERCHANT_TIMESTAMP_PATTERN,
  MerchantStatus,
  bothLanguages,
  type TextKey,
} from '@maika/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../http/envelope';
import { decrypt } from '../../lib/crypto';
import { findKeyForRequest, rememberNonce, touchKey } from './repo';
import { bodySha256, signatureMatches } from './signature';

/** Who is calling, once the headers checked out. */
export interface MerchantCaller {
  merchantId: number;
  userId: number;
  keyRowId: number;
  keyId: string;
  secret: string;
  timestamp: string;
  nonce: string;
  signature: string;
}

type Headers = Record<string, string | string[] | undefined>;

const headerRules: Record<keyof typeof MERCHANT_HEADERS, { pattern: RegExp; rule: TextKey }> = {
  key: { pattern: MERCHANT_KEY_ID_PATTERN, rule: 'merchant.header.key' },
  timestamp: { pattern: MERCHANT_TIMESTAMP_PATTERN, rule: 'merchant.header.timestamp' },
  nonce: { pattern: MERCHANT_NONCE_PATTERN, rule: 'merchant.header.nonce' },
  signature: { pattern: MERCHANT_SIGNATURE_PATTERN, rule: 'merchant.header.signature' },
};

function header(headers: Headers, which: keyof typeof MERCHANT_HEADERS): string {
  const raw = headers[MERCHANT_HEADERS[which].toLowerCase()];
  const value = Array.isArray(raw) ? undefined : raw;
  const { pattern, rule } = headerRules[which];
  if (value === undefined || !pattern.test(value))
    throw new AppError(Code.MerchantHeaderMissing, { header: MERCHANT_HEADERS[which], rule: bothLanguages({ key: rule }) });
  return value;
}

/** The checks the headers alone allow, before the body is read. */
export async function checkRequestHeaders(deps: Deps, headers: Headers): Promise<MerchantCaller> {
  const keyId = header(headers, 'key');
  const timestamp = header(headers, 'timestamp');
  const nonce = header(headers, 'nonce');
  const signature = header(headers, 'signature');
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > MERCHANT_BODY_LIMIT_BYTES) throw bodyTooLarge();

  const key = await findKeyForRequest(deps.database.db, keyId);
  if (!key) throw new AppError(Code.MerchantKeyUnknown, { keyId });
  if (key.revokedAt) throw new AppError(Code.MerchantKeyRevoked, { keyId });
  if (key.userStatus === 'frozen') throw new AppError(Code.AccountFrozen);
  if (key.merchantStatus !== MerchantStatus.Approved || key.userStatus !== 'active') throw new AppError(Code.MerchantSuspended);
  const offset = Math.abs(Math.floor(deps.clock.now() / 1000) - Number(timestamp));
  if (offset > MERCHANT_CLOCK_SKEW_SECONDS)
    throw new AppError(Code.MerchantTimestampSkewed, { offset, limit: MERCHANT_CLOCK_SKEW_SECONDS });
  return {
    merchantId: key.merchantId,
    userId: key.userId,
    keyRowId: key.id,
    keyId,
    secret: decrypt(deps.config.dataEncryptionKey, key.secretEnc),
    timestamp,
    nonce,
    signature,
  };
}

export const bodyTooLarge = () => new AppError(Code.MerchantBodyTooLarge, { limitKb: MERCHANT_BODY_LIMIT_BYTES / 1024 });

/** The checks over the body's bytes; the nonce is spent last, by a request that passed all the others. */
export async function checkRequestSignature(
  deps: Deps,
  caller: MerchantCaller,
  request: { method: string; pathWithQuery: string; body: Buffer },
): Promise<void> {
  const parts = {
    method: request.method,
    pathWithQuery: request.pathWithQuery,
    timestamp: caller.timestamp,
    nonce: caller.nonce,
    bodySha256: bodySha256(request.body),
  };
  if (!signatureMatches(caller.secret, parts, caller.signature)) throw new AppError(Code.MerchantSignatureInvalid);
  const wait = await deps.limits.merchantRequests.take(caller.keyId);
  if (wait !== null)
    throw new AppError(Code.MerchantRateLimited, { limit: deps.config.MERCHANT_REQUESTS_PER_MINUTE, seconds: wait }, { seconds: wait });
  const db = deps.database.db;
  if (!(await rememberNonce(db, caller.keyRowId, caller.nonce))) throw new AppError(Code.MerchantNonceReplayed);
  await touchKey(db, caller.keyRowId);
}
