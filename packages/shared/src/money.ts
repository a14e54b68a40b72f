/**
 * Money and rates.
 *
 * Representation (one rule for every part of the system):
 * - An amount is an integer number of fen (1 yuan = 100 fen), never a float, never yuan.
 * - On the wire (JSON), amounts are integer JSON numbers in fields named `...Fen`
 *   (`faceValueFen`, `amountFen`). JSON numbers are exact up to 2^53 − 1 fen
 *   (about 90 trillion yuan), far above any amount here; `fenSchema` enforces a safe integer.
 * - The server may hold amounts as `bigint` (database `bigint` columns, ledger sums) and converts
 *   at the API boundary with `fenToNumber`, which refuses anything a JSON number cannot carry
 *   exactly. Every function here takes `number | bigint`.
 * - Rates are integer basis points: 9650 = 96.50 %, 10000 = 100 %.
 * - No `parseFloat`, no `Number(yuanString)`, no `* 100` on user input: parsing is string
 *   arithmetic, multiplication is BigInt.
 *
 * `formatFen` is the one money display for all clients: '¥1,234.50'.
 */
import { z } from 'zod';
import { L, type LocalizedText } from './i18n';

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

function toBigInt(value: number | bigint, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} must be a safe integer, got ${String(value)}`);
  }
  return BigInt(value);
}

/** Converts a bigint amount to a JSON-safe number; throws if it is not exactly representable. */
export function fenToNumber(fen: bigint): number {
  if (fen > BigInt(Number.MAX_SAFE_INTEGER) || fen < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${fen} fen is outside the safe integer range`);
  }
  return Number(fen);
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface FormatFenOptions {
  /** Prefix '¥' (default true). */
  symbol?: boolean;
  /** Thousands separators (default true). */
  grouping?: boolean;
  /** 'auto' (default): '-' for negatives only; 'always': also '+' for positives (ledger lines). */
  sign?: 'auto' | 'always';
}

/**
 * Formats fen as yuan with two decimals: 123450 → '¥1,234.50', -5 → '-¥0.05'.
 * With `{ symbol: false }`: '1,234.50'. The output parses back with `parseYuanToFen`
 * (non-negative amounts).
 */
export function formatFen(fen: number | bigint, opts: FormatFenOptions = {}): string {
  const value = toBigInt(fen, 'fen');
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const yuan = (abs / 100n).toString();
  const cents = (abs % 100n).toString().padStart(2, '0');
  const sign = negative ? '-' : opts.sign === 'always' && abs > 0n ? '+' : '';
  const symbol = opts.symbol === false ? '' : YUAN_SYMBOL;
  return `${sign}${symbol}${opts.grouping === false ? yuan : group(yuan)}.${cents}`;
}

export type ParseMoneyError = 'empty' | 'invalid' | 'negative' | 'tooManyDecimals' | 'tooLarge';

export type ParseFenResult = { ok: true; fen: number } | { ok: false; error: ParseMoneyError; message: LocalizedText };

const moneyMessages: Record<ParseMoneyError, LocalizedText> = {
  empty: L('请输入金额', 'Enter an amount'),
  invalid: L('金额格式不正确，请输入数字，如 12.50', 'Enter the amount as a number, such as 12.50'),
  negative: L('金额不能为负数', 'The amount cannot be negative'),
  tooManyDecimals: L('金额最多保留两位小数', 'The amount can have at most 2 decimal places'),
  tooLarge: L('金额过大，请检查后重新输入', 'The amount is too large; check it'),
};

type DecimalParse = { ok: true; units: bigint } | { ok: false; error: ParseMoneyError };

/**
 * Parses a non-negative decimal with at most two decimals into hundredths, by string arithmetic.
 * `prefixes` / `suffixes` are optional decorations to drop (currency symbol, percent sign).
 */
function parseHundredths(input: string, prefixes: string[], suffixes: string[]): DecimalParse {
  // NFKC turns full-width digits, '．', '，' and '￥' into their ASCII / '¥' forms.
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
  // Far beyond any valid amount; stops huge inputs before BigInt parsing.
  if (intPart.replace(/^0+/, '').length > 20) return { ok: false, error: 'tooLarge' };
  const units = BigInt(intPart === '' ? '0' : intPart) * 100n + BigInt(fracPart.padEnd(2, '0'));
  return { ok: true, units };
}

/**
 * Parses what a user typed as yuan into fen, exactly: '12' → 1200, '12.5' → 1250,
 * '¥1,234.5' → 123450, '１２．５' → 1250, '12元' → 1200. Rejects empty input, negatives, more
 * than two decimals, misplaced thousands separators and anything else, with a reason and a
 * message in each locale.
 */
export function parseYuanToFen(input: string): ParseFenResult {
  const parsed = parseHundredths(input, [YUAN_SYMBOL], ['元']);
  if (!parsed.ok) return { ok: false, error: parsed.error, message: moneyMessages[parsed.error] };
  if (parsed.units > BigInt(MAX_SAFE_FEN)) {
    return { ok: false, error: 'tooLarge', message: moneyMessages.tooLarge };
  }
  return { ok: true, fen: Number(parsed.units) };
}

/**
 * The settlement of a face value at a rate, rounded down to whole fen (the platform never pays a
 * fraction of a fen more than the rate gives): applyRateBp(10000, 9650) → 9650,
 * applyRateBp(999, 9650) → 964. Returns the same kind (number or bigint) it is given.
 */
export function applyRateBp(faceValueFen: number, rateBp: number | bigint): number;
export function applyRateBp(faceValueFen: bigint, rateBp: number | bigint): bigint;
export function applyRateBp(faceValueFen: number | bigint, rateBp: number | bigint): number | bigint {
  const face = toBigInt(faceValueFen, 'faceValueFen');
  const rate = toBigInt(rateBp, 'rateBp');
  if (face < 0n) throw new RangeError(`faceValueFen must not be negative, got ${face}`);
  if (rate < 0n) throw new RangeError(`rateBp must not be negative, got ${rate}`);
  const result = (face * rate) / BigInt(BP_PER_UNIT); // BigInt division truncates: floor for ≥ 0
  return typeof faceValueFen === 'bigint' ? result : fenToNumber(result);
}

/** 9650 → '96.50%', 10000 → '100.00%', 5 → '0.05%'. */
export function formatRateBp(rateBp: number | bigint): string {
  const value = toBigInt(rateBp, 'rateBp');
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}%`;
}

export type ParseRateResult =
  { ok: true; rateBp: number } | { ok: false; error: Exclude<ParseMoneyError, 'tooLarge'> | 'above100'; message: LocalizedText };

/**
 * Parses a percentage typed in the admin console into basis points: '96.5' → 9650,
 * '96.50%' → 9650. At most two decimals, 0..100 %.
 */
export function parsePercentToBp(input: string): ParseRateResult {
  const above100: ParseRateResult = {
    ok: false,
    error: 'above100',
    message: L('费率不能超过100%', 'The rate cannot be more than 100%'),
  };
  const parsed = parseHundredths(input, [], ['%']);
  if (!parsed.ok) {
    const error = parsed.error;
    if (error === 'tooLarge') return above100;
    const message: LocalizedText =
      error === 'tooManyDecimals'
        ? L('费率最多保留两位小数', 'The rate can have at most 2 decimal places')
        : error === 'empty'
          ? L('请输入费率', 'Enter a rate')
          : error === 'negative'
            ? L('费率不能为负数', 'The rate cannot be negative')
            : L('费率格式不正确，请输入如 96.50 的百分数', 'Enter the rate as a percentage, such as 96.50');
    return { ok: false, error, message };
  }
  if (parsed.units > BigInt(BP_PER_UNIT)) return above100;
  return { ok: true, rateBp: Number(parsed.units) };
}

/** The fee terms of a withdrawal channel. */
export interface WithdrawalFeeTerms {
  feeBp: number;
  feeMinFen: number;
}

/**
 * The fee for withdrawing `amountFen` through a channel: max(feeMinFen, ceil(amountFen × feeBp /
 * 10000)) when the channel charges at all (feeBp > 0 or feeMinFen > 0), else 0. Rounded up so the
 * platform never pays part of a vendor's fee. The user receives `amountFen`; the balance is
 * debited `amountFen + fee`.
 */
export function withdrawalFeeFen(channel: WithdrawalFeeTerms, amountFen: number): number {
  const amount = toBigInt(amountFen, 'amountFen');
  const bp = toBigInt(channel.feeBp, 'feeBp');
  const min = toBigInt(channel.feeMinFen, 'feeMinFen');
  if (amount < 0n || bp < 0n || min < 0n) throw new RangeError('withdrawal fee inputs must not be negative');
  if (bp === 0n && min === 0n) return 0;
  const units = BigInt(BP_PER_UNIT);
  const proportional = (amount * bp + units - 1n) / units;
  return fenToNumber(proportional > min ? proportional : min);
}
