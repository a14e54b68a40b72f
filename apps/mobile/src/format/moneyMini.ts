/**
 * packages/shared/src/money.ts for the mini-program builds, which put this module in its place
 * (config/index.ts). The shared module does its exact arithmetic with BigInt, which older WeChat
 * and Alipay clients do not have: one `0n` in the bundle stops the whole of common.js from loading.
 * The app only ever holds amounts as JSON numbers (safe integers), so the same results come from
 * Number arithmetic kept exact: every intermediate value is a safe integer, and a result that would
 * not be one throws the RangeError the shared module throws. moneyMini.test.ts checks that both
 * modules export the same names and give the same answers.
 */
import { z } from 'zod';
import type { LocalizedText } from '@maika/shared';

export const FEN_PER_YUAN = 100;
export const BP_PER_UNIT = 10_000;
export const MAX_SAFE_FEN = Number.MAX_SAFE_INTEGER;
export const YUAN_SYMBOL = '¥';

/** A non-negative amount in fen, as carried in JSON. */
export const fenSchema = z
  .number({ error: 'must be an amount in fen (a whole number)' })
  .int('must be a whole number of fen')
  .nonnegative('must not be negative')
  .max(MAX_SAFE_FEN, 'is too large');

/** A strictly positive amount in fen (what a user asks to withdraw, a face value). */
export const positiveFenSchema = fenSchema.positive('must be more than 0');

/** A rate in basis points, 0..10000 (0 % .. 100 %). */
export const rateBpSchema = z
  .number({ error: 'must be a rate in basis points (a whole number, 9650 = 96.50%)' })
  .int('must be a whole number of basis points (9650 = 96.50%)')
  .min(0, 'must be 0 to 10000 basis points')
  .max(BP_PER_UNIT, 'must be 0 to 10000 basis points');

/** Mini-program code never holds a bigint; one passed in is still taken when it is a safe integer. */
function toSafe(value: number | bigint, what: string): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(number) || (typeof value !== 'number' && String(number) !== String(value))) {
    throw new RangeError(`${what} must be a safe integer, got ${String(value)}`);
  }
  return number;
}

function safe(result: number, what: string): number {
  if (!Number.isSafeInteger(result)) throw new RangeError(`${what} is outside the safe integer range`);
  return result;
}

/** Converts an amount to a JSON-safe number; throws if it is not exactly representable. */
export function fenToNumber(fen: bigint): number {
  try {
    return toSafe(fen, 'fen');
  } catch {
    throw new RangeError(`${String(fen)} fen is outside the safe integer range`);
  }
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface FormatFenOptions {
  symbol?: boolean;
  grouping?: boolean;
  sign?: 'auto' | 'always';
}

/** Whole yuan and the remaining fen of a non-negative safe integer, exactly. */
function splitHundreds(abs: number): [string, string] {
  const cents = abs % 100;
  return [String((abs - cents) / 100), String(cents).padStart(2, '0')];
}

/** Formats fen as yuan with two decimals: 123450 → '¥1,234.50', -5 → '-¥0.05'. */
export function formatFen(fen: number | bigint, opts: FormatFenOptions = {}): string {
  const value = toSafe(fen, 'fen');
  const negative = value < 0;
  const abs = negative ? -value : value;
  const [yuan, cents] = splitHundreds(abs);
  const sign = negative ? '-' : opts.sign === 'always' && abs > 0 ? '+' : '';
  const symbol = opts.symbol === false ? '' : YUAN_SYMBOL;
  return `${sign}${symbol}${opts.grouping === false ? yuan : group(yuan)}.${cents}`;
}

export type ParseMoneyError = 'empty' | 'invalid' | 'negative' | 'tooManyDecimals' | 'tooLarge';

export type ParseFenResult = { ok: true; fen: number } | { ok: false; error: ParseMoneyError; message: LocalizedText };

const moneyMessages: Record<ParseMoneyError, LocalizedText> = {
  empty: { 'zh-CN': '请输入金额', 'en-US': 'Enter an amount' },
  invalid: {
    'zh-CN': '金额格式不正确，请输入数字，如 12.50',
    'en-US': 'Enter the amount as a number, such as 12.50',
  },
  negative: { 'zh-CN': '金额不能为负数', 'en-US': 'The amount cannot be negative' },
  tooManyDecimals: {
    'zh-CN': '金额最多保留两位小数',
    'en-US': 'The amount can have at most 2 decimal places',
  },
  tooLarge: { 'zh-CN': '金额过大，请检查后重新输入', 'en-US': 'The amount is too large; check it' },
};

/** Hundredths as a digit string without leading zeros ('0' for zero), so any length compares exactly. */
type DecimalParse = { ok: true; digits: string } | { ok: false; error: ParseMoneyError };

function parseHundredths(input: string, prefixes: string[], suffixes: string[]): DecimalParse {
  let s = input.normalize('NFKC').replace(/\s+/gu, '');
  if (s === '') return { ok: false, error: 'empty' };
  if (s.startsWith('-') || s.startsWith('−')) return { ok: false, error: 'negative' };
  for (const p of prefixes) {
    if (s.startsWith(p)) {
      s = s.slice(p.length);
      break;
    }
  }
  if (s.startsWith('-') || s.startsWith('−')) return { ok: false, error: 'negative' };
  for (const x of suffixes) {
    if (s.endsWith(x)) {
      s = s.slice(0, -x.length);
      break;
    }
  }
  if (s === '') return { ok: false, error: 'invalid' };

  const m = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/.exec(s);
  if (!m) return { ok: false, error: 'invalid' };
  const intPart = (m[1] ?? '').replace(/,/g, '');
  const fracPart = m[2] ?? '';
  if (intPart === '' && fracPart === '') return { ok: false, error: 'invalid' };
  if (fracPart.length > 2) return { ok: false, error: 'tooManyDecimals' };
  if (intPart.replace(/^0+/, '').length > 20) return { ok: false, error: 'tooLarge' };
  const digits = `${intPart}${fracPart.padEnd(2, '0')}`.replace(/^0+/, '') || '0';
  return { ok: true, digits };
}

/** Whether a digit string without leading zeros is above `limit`, compared as text (no rounding). */
function digitsAbove(digits: string, limit: number): boolean {
  const bound = String(limit);
  return digits.length !== bound.length ? digits.length > bound.length : digits > bound;
}

/** Parses what a user typed as yuan into fen, exactly: '12.5' → 1250, '¥1,234.5' → 123450. */
export function parseYuanToFen(input: string): ParseFenResult {
  const parsed = parseHundredths(input, [YUAN_SYMBOL], ['元']);
  if (!parsed.ok) return { ok: false, error: parsed.error, message: moneyMessages[parsed.error] };
  if (digitsAbove(parsed.digits, MAX_SAFE_FEN)) return { ok: false, error: 'tooLarge', message: moneyMessages.tooLarge };
  return { ok: true, fen: Number(parsed.digits) };
}

/**
 * floor(a × b / 10000) and whether it had a remainder, for non-negative safe integers, without an
 * unsafe product: with a = a1·10000 + a0 and b = b1·10000 + b0 it is
 * a1·b1·10000 + a1·b0 + a0·b1 + floor(a0·b0 / 10000). Each term is at most the result, so when the
 * result is a safe integer every term was computed exactly.
 */
function mulDivBp(a: number, b: number, what: string): { quotient: number; remainder: number } {
  const a0 = a % BP_PER_UNIT;
  const a1 = (a - a0) / BP_PER_UNIT;
  const b0 = b % BP_PER_UNIT;
  const b1 = (b - b0) / BP_PER_UNIT;
  const low = a0 * b0;
  const lowRemainder = low % BP_PER_UNIT;
  const terms = [a1 * b1 * BP_PER_UNIT, a1 * b0, a0 * b1, (low - lowRemainder) / BP_PER_UNIT];
  let quotient = 0;
  for (const term of terms) quotient = safe(quotient + safe(term, what), what);
  return { quotient, remainder: lowRemainder };
}

/** The settlement of a face value at a rate, rounded down to whole fen: applyRateBp(999, 9650) → 964. */
export function applyRateBp(faceValueFen: number, rateBp: number | bigint): number;
export function applyRateBp(faceValueFen: bigint, rateBp: number | bigint): bigint;
export function applyRateBp(faceValueFen: number | bigint, rateBp: number | bigint): number | bigint {
  const face = toSafe(faceValueFen, 'faceValueFen');
  const rate = toSafe(rateBp, 'rateBp');
  if (face < 0) throw new RangeError(`faceValueFen must not be negative, got ${face}`);
  if (rate < 0) throw new RangeError(`rateBp must not be negative, got ${rate}`);
  return mulDivBp(face, rate, `${face} fen at ${rate} bp`).quotient;
}

/** 9650 → '96.50%', 10000 → '100.00%', 5 → '0.05%'. */
export function formatRateBp(rateBp: number | bigint): string {
  const value = toSafe(rateBp, 'rateBp');
  const negative = value < 0;
  const [whole, hundredths] = splitHundreds(negative ? -value : value);
  return `${negative ? '-' : ''}${whole}.${hundredths}%`;
}

export type ParseRateResult =
  { ok: true; rateBp: number } | { ok: false; error: Exclude<ParseMoneyError, 'tooLarge'> | 'above100'; message: LocalizedText };

/** Parses a percentage into basis points: '96.5' → 9650, '96.50%' → 9650. At most two decimals, 0..100 %. */
export function parsePercentToBp(input: string): ParseRateResult {
  const above100: ParseRateResult = {
    ok: false,
    error: 'above100',
    message: { 'zh-CN': '费率不能超过100%', 'en-US': 'The rate cannot be more than 100%' },
  };
  const parsed = parseHundredths(input, [], ['%']);
  if (!parsed.ok) {
    const error = parsed.error;
    if (error === 'tooLarge') return above100;
    const message: LocalizedText =
      error === 'tooManyDecimals'
        ? { 'zh-CN': '费率最多保留两位小数', 'en-US': 'The rate can have at most 2 decimal places' }
        : error === 'empty'
          ? { 'zh-CN': '请输入费率', 'en-US': 'Enter a rate' }
          : error === 'negative'
            ? { 'zh-CN': '费率不能为负数', 'en-US': 'The rate cannot be negative' }
            : {
                'zh-CN': '费率格式不正确，请输入如 96.50 的百分数',
                'en-US': 'Enter the rate as a percentage, such as 96.50',
              };
    return { ok: false, error, message };
  }
  if (digitsAbove(parsed.digits, BP_PER_UNIT)) return above100;
  return { ok: true, rateBp: Number(parsed.digits) };
}

export interface WithdrawalFeeTerms {
  feeBp: number;
  feeMinFen: number;
}

/** max(feeMinFen, ceil(amountFen × feeBp / 10000)) when the channel charges at all, else 0. */
export function withdrawalFeeFen(channel: WithdrawalFeeTerms, amountFen: number): number {
  const amount = toSafe(amountFen, 'amountFen');
  const bp = toSafe(channel.feeBp, 'feeBp');
  const min = toSafe(channel.feeMinFen, 'feeMinFen');
  if (amount < 0 || bp < 0 || min < 0) throw new RangeError('withdrawal fee inputs must not be negative');
  if (bp === 0 && min === 0) return 0;
  const { quotient, remainder } = mulDivBp(amount, bp, 'the withdrawal fee');
  const proportional = safe(quotient + (remainder > 0 ? 1 : 0), 'the withdrawal fee');
  return proportional > min ? proportional : min;
}
