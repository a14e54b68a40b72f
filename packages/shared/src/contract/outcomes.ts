/**
 * What a call can answer: every body is `{ code, msg, data }` over HTTP 200, and `code` says what
 * `data` holds, the call's own payload on success, one of the shapes below on a refusal. The
 * server's OpenAPI document and the clients' types are built from these, so a refusal a call
 * answers is declared once, in its contract entry's `codes`.
 */
import { z } from 'zod';
import { Code, codeMessages } from '../codes';
import { cardStatusSchema, settlementStatusSchema, accountStatusSchema, merchantStatusSchema } from '../enumSchemas';
import { batchRejectedData } from '../api/cards';
import type { ContractCall } from './call';

/** Codes answered with the call's own payload: plain success and its variants. */
export const payloadCodes: readonly Code[] = [Code.Ok, Code.OkWithNotice, Code.MiniProgramUnbound, Code.VerificationPending];

const seconds = z.number().int().describe('Seconds until it may be tried again');
const bothLanguages = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });

/** The `data` of a refusal, by code; a code not listed here answers `data: null`. */
export const refusalData: Partial<Record<Code, z.ZodType>> = {
  [Code.InvalidInput]: z.object({
    field: z.string().describe('The input at fault: `phone`, `cards.3.cardNo`, `body`, …'),
    reason: z.string().optional().describe("What is wrong with it, in the reader's language, without the field's name"),
  }),
  [Code.NotFound]: z.object({ thing: bothLanguages.describe('What was not found, in both languages') }),
  // The SMS and login limiters say how long to wait; the upload limiter only says no.
  [Code.RateLimited]: z.object({ seconds }).nullable(),
  [Code.AdminOtpRequired]: z.object({ otpRequired: z.literal(true).describe('Send the login again with `otp`') }),
  [Code.AdminSecondFactorLocked]: z.object({ seconds }),
  [Code.UserStatusConflict]: z.object({ status: accountStatusSchema.describe('The account status that forbids it') }),
  [Code.CardStateConflict]: z.object({ status: cardStatusSchema, settlementStatus: settlementStatusSchema }),
  [Code.CardAppealNotAllowed]: z.object({ status: cardStatusSchema }),
  [Code.CardBatchRejected]: batchRejectedData,
  [Code.MerchantRateLimited]: z.object({ seconds }),
  [Code.MerchantStatusConflict]: z.object({ status: merchantStatusSchema.describe('The merchant status that forbids it') }),
};

/**
 * The mobile clients' calls, which carry the device id in the `uuid` header; private files are
 * opened by <img>, which sends none, and a merchant's system signs its calls instead.
 */
export const carriesDeviceId = (url: string): boolean =>
  url.startsWith('/api/') && !/^\/api\/(admin|dev|channel|file\/private|merchant\/v1)\//.test(url);

/** What a signed merchant call may be refused for before it is read: each signature check has its own code. */
export const merchantSignatureCodes: readonly Code[] = [
  Code.AccountFrozen,
  Code.MerchantHeaderMissing,
  Code.MerchantKeyUnknown,
  Code.MerchantKeyRevoked,
  Code.MerchantSuspended,
  Code.MerchantTimestampSkewed,
  Code.MerchantNonceReplayed,
  Code.MerchantSignatureInvalid,
  Code.MerchantBodyTooLarge,
  Code.MerchantRateLimited,
];

/** Every code a call answers: success, the refusals its kind implies, and its own `codes`. */
export function codesOf(call: ContractCall): Code[] {
  // A request the framework cannot read is 1001, a race lost to another request 1007, on any route (http/errors.ts).
  const implied: Code[] = [Code.Ok, Code.InvalidInput, Code.ConcurrentChange];
  if (carriesDeviceId(call.path)) implied.push(Code.DeviceIdRequired);
  if (call.auth === 'user') implied.push(Code.NotLoggedIn, Code.TokenInvalid, Code.AccountFrozen);
  if (call.auth === 'admin') implied.push(Code.AdminNotLoggedIn, Code.AdminForbidden, Code.AdminDisabled, Code.AdminEnrolmentRequired);
  if (call.auth === 'merchant') implied.push(...merchantSignatureCodes);
  return [...new Set([...implied, ...(call.codes ?? [])])].sort((a, b) => a - b);
}

const codeNames = new Map<number, string>(Object.entries(Code).map(([name, code]) => [code, name]));
const named = (codes: readonly Code[]) => codes.map((c) => `${c} ${codeNames.get(c)} ("${codeMessages[c]['en-US']}")`).join('; ');
const codeOf = (codes: readonly Code[]) => (codes.length === 1 ? z.literal(codes[0]!) : z.literal(codes as Code[]));
const msg = z.string().describe('What happened, in the language of the `lang` or `Accept-Language` header; shown to the user as is');

function envelopeOf(codes: readonly Code[], data: z.ZodType, description: string) {
  return z.object({ code: codeOf(codes), msg, data }).describe(description);
}

/**
 * The body a call answers, one envelope per shape of `data`, each with the codes that carry it:
 * a client reads `code` and knows what `data` is.
 */
export function outcomeSchema(call: ContractCall): z.ZodType {
  const codes = codesOf(call);
  const success = codes.filter((c) => payloadCodes.includes(c));
  const byShape = new Map<z.ZodType | null, Code[]>();
  for (const code of codes.filter((c) => !payloadCodes.includes(c))) {
    const shape = refusalData[code] ?? null;
    byShape.set(shape, [...(byShape.get(shape) ?? []), code]);
  }
  const refusals = [...byShape].map(([shape, refused]) =>
    envelopeOf(refused, shape ?? z.null(), `Refused, data ${shape ? 'as below' : 'null'}: ${named(refused)}`),
  );
  return z.union([envelopeOf(success, call.answer, `Done: ${named(success)}`), ...refusals]);
}

/** The HTTP 500 of a fault the server did not expect; the only answer that is not HTTP 200. */
export const internalFault = envelopeOf([Code.Internal], z.null(), `Server fault: ${named([Code.Internal])}`);
