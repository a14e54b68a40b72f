/**
 * The card-number rule of SPEC.md §5. Each card type has a rule type (1 digits only, 2 letters
 * only, 3 digits and letters) and, per DESIGN.md §3, an optional exact length.
 *
 * Letters are ASCII A–Z / a–z and digits ASCII 0–9. Input is NFKC-normalised first, so full-width
 * characters typed on a Chinese keyboard ('Ａ１２') count as their ASCII forms ('A12'). Case is
 * kept as typed.
 *
 * - `stripCardNumber` is for the input box: it silently drops everything the rule does not allow
 *   (SPEC.md: "characters outside the type are stripped"), whitespace included.
 * - `validateCardNumber` is for submission (client and server): it drops only whitespace and
 *   reports anything else that is wrong, so a pasted `1234-5678` is not silently changed.
 */
import { z } from 'zod';
import { defineEnumTable } from './enums';
import type { LocalizedText } from './i18n';

export const CardNumberRuleType = {
  Digits: 1,
  Letters: 2,
  DigitsAndLetters: 3,
} as const;
export type CardNumberRuleType = (typeof CardNumberRuleType)[keyof typeof CardNumberRuleType];

export const cardNumberRuleTypeTable = defineEnumTable('ruleType', [
  { code: CardNumberRuleType.Digits, key: 'digits', label: { 'zh-CN': '纯数字', 'en-US': 'Digits only' } },
  { code: CardNumberRuleType.Letters, key: 'letters', label: { 'zh-CN': '纯字母', 'en-US': 'Letters only' } },
  {
    code: CardNumberRuleType.DigitsAndLetters,
    key: 'digitsAndLetters',
    label: { 'zh-CN': '数字和字母', 'en-US': 'Digits and letters' },
  },
] as const);
export const cardNumberRuleTypeSchema = cardNumberRuleTypeTable.schema;

/** No card number is longer than this, whatever its rule (the database column allows it). */
export const CARD_NUMBER_MAX_LENGTH = 64;

export interface CardNumberRule {
  ruleType: CardNumberRuleType;
  /** Exact number of characters, or null / undefined / 0 for any length. */
  length?: number | null | undefined;
}

/** Characters NOT allowed by each rule type (global, for replace). */
const disallowed: Record<CardNumberRuleType, RegExp> = {
  1: /[^0-9]/g,
  2: /[^A-Za-z]/g,
  3: /[^0-9A-Za-z]/g,
};

const allowedText: Record<CardNumberRuleType, LocalizedText> = {
  1: { 'zh-CN': '数字', 'en-US': 'digits' },
  2: { 'zh-CN': '字母', 'en-US': 'letters' },
  3: { 'zh-CN': '数字和字母', 'en-US': 'digits and letters' },
};

function assertRuleType(ruleType: number): asserts ruleType is CardNumberRuleType {
  if (ruleType !== 1 && ruleType !== 2 && ruleType !== 3) {
    throw new RangeError(`card number rule type must be 1, 2 or 3, got ${String(ruleType)}`);
  }
}

/** NFKC (full-width to ASCII) and every whitespace character removed. */
export function normalizeCardNumber(input: string): string {
  return input.normalize('NFKC').replace(/\s+/gu, '');
}

/**
 * Keeps only the characters `ruleType` allows (after NFKC). Idempotent; the result contains only
 * ASCII digits and/or letters.
 */
export function stripCardNumber(input: string, ruleType: CardNumberRuleType): string {
  assertRuleType(ruleType);
  return input.normalize('NFKC').replace(disallowed[ruleType], '');
}

export type CardNumberErrorKey = 'required' | 'invalidCharacters' | 'wrongLength' | 'tooLong';

export type CardNumberValidation =
  | { ok: true; /** normalised card number to store and send */ value: string }
  | {
      ok: false;
      /** machine-readable reason */
      error: CardNumberErrorKey;
      /** what the message was built from */
      params: Record<string, string | number>;
      /** says what is wrong and what to do, in each locale */
      message: LocalizedText;
    };

function fail(
  error: CardNumberErrorKey,
  params: Record<string, string | number>,
  message: LocalizedText,
): CardNumberValidation {
  return { ok: false, error, params, message };
}

/**
 * Checks a card number against its card type's rule. On success `value` is the normalised number
 * (NFKC, whitespace removed). Errors in order: empty, characters the rule does not allow (listed,
 * so the user knows what to delete), too long, wrong length.
 */
export function validateCardNumber(input: string, rule: CardNumberRule): CardNumberValidation {
  assertRuleType(rule.ruleType);
  const value = normalizeCardNumber(input);
  if (value === '') {
    return fail('required', {}, { 'zh-CN': '请输入卡号', 'en-US': 'Enter the card number' });
  }

  const bad = [...new Set(value.match(disallowed[rule.ruleType]) ?? [])];
  if (bad.length > 0) {
    const chars = bad.slice(0, 5).join(' ');
    const allowed = allowedText[rule.ruleType];
    return fail(
      'invalidCharacters',
      { chars },
      {
        'zh-CN': `卡号只能包含${allowed['zh-CN']}，请删除：${chars}`,
        'en-US': `The card number may contain ${allowed['en-US']} only; remove: ${chars}`,
      },
    );
  }

  const actual = value.length;
  const expected = rule.length ?? 0;
  if (expected > 0) {
    if (actual !== expected) {
      return fail(
        'wrongLength',
        { length: expected, actual },
        {
          'zh-CN': `卡号应为${expected}位，当前为${actual}位`,
          'en-US': `The card number must be ${expected} characters; it has ${actual}`,
        },
      );
    }
  } else if (actual > CARD_NUMBER_MAX_LENGTH) {
    return fail(
      'tooLong',
      { max: CARD_NUMBER_MAX_LENGTH, actual },
      {
        'zh-CN': `卡号不能超过${CARD_NUMBER_MAX_LENGTH}位，当前为${actual}位`,
        'en-US': `The card number must be at most ${CARD_NUMBER_MAX_LENGTH} characters; it has ${actual}`,
      },
    );
  }
  return { ok: true, value };
}

/**
 * A zod schema for a card number under `rule`: normalises (NFKC, whitespace removed) and fails
 * with the English message of `validateCardNumber`. For request bodies where the rule is known
 * when the schema is built; for per-card-type rules inside one body, call `validateCardNumber`.
 */
export function cardNumberSchema(rule: CardNumberRule) {
  return z.string({ error: 'is required' }).transform((input, ctx) => {
    const result = validateCardNumber(input, rule);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message['en-US'], params: { reason: result.error } });
      return z.NEVER;
    }
    return result.value;
  });
}
