/**
 * The card-number rule of docs/product.md "Card numbers". Each card type has a rule type (1 digits
 * only, 2 letters only, 3 digits and letters) and an optional exact length.
 *
 * Letters are ASCII A–Z / a–z and digits ASCII 0–9. Input is NFKC-normalised first, so full-width
 * characters typed on a Chinese keyboard ('Ａ１２') count as their ASCII forms ('A12'). Case is
 * kept as typed.
 *
 * - `stripCardNumber` is for the input box: it silently drops everything the rule does not allow
 *   (characters outside the type are stripped), whitespace included.
 * - `validateCardNumber` is for submission (client and server): it drops only whitespace and
 *   reports anything else that is wrong, so a pasted `1234-5678` is not silently changed.
 */
import { z } from 'zod';
import { defineEnumTable } from './enums';
import { L, type LocalizedText } from './i18n';
import { bothLanguages, type TextKey, type TextRef } from './messages';

export const CardNumberRuleType = {
  Digits: 1,
  Letters: 2,
  DigitsAndLetters: 3,
} as const;
export type CardNumberRuleType = (typeof CardNumberRuleType)[keyof typeof CardNumberRuleType];

export const cardNumberRuleTypeTable = defineEnumTable('ruleType', [
  { code: CardNumberRuleType.Digits, key: 'digits', label: L('纯数字', 'Digits only') },
  { code: CardNumberRuleType.Letters, key: 'letters', label: L('纯字母', 'Letters only') },
  {
    code: CardNumberRuleType.DigitsAndLetters,
    key: 'digitsAndLetters',
    label: L('数字和字母', 'Digits and letters'),
  },
] as const);

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

const allowedText: Record<CardNumberRuleType, TextKey> = {
  1: 'card.allowed.digits',
  2: 'card.allowed.letters',
  3: 'card.allowed.digitsAndLetters',
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
      /** says what is wrong and what to do: a text of the shared catalogue, for a reader rendered later */
      text: TextRef;
      /** the same in each locale */
      message: LocalizedText;
    };

function fail(error: CardNumberErrorKey, params: Record<string, string | number>, text: TextRef): CardNumberValidation {
  return { ok: false, error, params, text, message: bothLanguages(text) };
}

/** What a message calls the value being checked. */
type FieldLabel = LocalizedText;
// Pure: a bundle that never checks a card line leaves the catalogue out.
const cardNoLabel: FieldLabel = /* @__PURE__ */ bothLanguages({ key: 'card.field.cardNo' });
const cardPwdLabel: FieldLabel = /* @__PURE__ */ bothLanguages({ key: 'card.field.cardPwd' });

/**
 * Checks a card number against its card type's rule. On success `value` is the normalised number
 * (NFKC, whitespace removed). Errors in order: empty, characters the rule does not allow (listed,
 * so the user knows what to delete), too long, wrong length.
 */
export function validateCardNumber(input: string, rule: CardNumberRule): CardNumberValidation {
  return validateAgainstRule(input, rule, cardNoLabel);
}

/** The same checks for a card password, whose rule uses the same rule types and lengths. */
export function validateCardPassword(input: string, rule: CardNumberRule): CardNumberValidation {
  return validateAgainstRule(input, rule, cardPwdLabel);
}

function validateAgainstRule(input: string, rule: CardNumberRule, label: FieldLabel): CardNumberValidation {
  assertRuleType(rule.ruleType);
  const value = normalizeCardNumber(input);
  if (value === '') {
    return fail('required', {}, { key: 'card.line.required', params: { field: label } });
  }

  const actual = value.length;
  const expected = rule.length ?? 0;
  const lengthProblem = lengthProblemOf(actual, expected, label);

  const bad = [...new Set(value.match(disallowed[rule.ruleType]) ?? [])];
  if (bad.length > 0) {
    const chars = bad.slice(0, 5).join(' ');
    const textParams = { field: label, allowed: bothLanguages({ key: allowedText[rule.ruleType] }), chars };
    // A line wrong in both ways says both, so one fix is not followed by a second refusal.
    return fail(
      'invalidCharacters',
      lengthProblem ? { chars, ...lengthProblem.params } : { chars },
      lengthProblem
        ? { key: 'card.line.invalidCharactersAndLength', params: { ...textParams, length: bothLanguages(lengthProblem.text) } }
        : { key: 'card.line.invalidCharacters', params: textParams },
    );
  }
  if (lengthProblem) return fail(lengthProblem.error, lengthProblem.params, lengthProblem.text);
  return { ok: true, value };
}

/** The wrong-length or too-long problem of a value `actual` characters long, if it has one. */
interface LengthProblem {
  error: 'wrongLength' | 'tooLong';
  params: Record<string, number>;
  text: TextRef;
}

function lengthProblemOf(actual: number, expected: number, label: FieldLabel): LengthProblem | null {
  if (expected > 0 && actual !== expected) {
    return {
      error: 'wrongLength',
      params: { length: expected, actual },
      text: { key: 'card.line.wrongLength', params: { field: label, expected, actual } },
    };
  }
  if (expected <= 0 && actual > CARD_NUMBER_MAX_LENGTH) {
    return {
      error: 'tooLong',
      params: { max: CARD_NUMBER_MAX_LENGTH, actual },
      text: { key: 'card.line.tooLong', params: { field: label, max: CARD_NUMBER_MAX_LENGTH, actual } },
    };
  }
  return null;
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

// ---------------------------------------------------------------------------------------------
// Whole lines and batches (POST /api/order/submit): the same checks on the client and the server.

/** Most cards one submission may carry (docs/product.md "Card numbers"). */
export const CARD_BATCH_MAX = 1000;

/** What a card type asks of each line. */
export interface CardLineRule {
  /** False for password-only cards: the line must have no number. */
  needsCardNo: boolean;
  cardNoRule: CardNumberRule;
  pwdRule: CardNumberRule;
  /** `AB12` and `ab12` are the same card (the card type's setting); when absent, case counts. */
  caseInsensitive?: boolean;
}

export interface CardLineProblem {
  field: 'cardNo' | 'cardPwd';
  error: CardNumberErrorKey | 'notNeeded' | 'duplicate';
  /** what is wrong and what to do, as a catalogue text (rendered for its reader) */
  text: TextRef;
  /** the same in each locale */
  message: LocalizedText;
}

export type CardLineValidation =
  | { ok: true; /** normalised; null for password-only cards */ cardNo: string | null; cardPwd: string }
  | { ok: false; problems: CardLineProblem[] };

/** Checks one card (number and password) against its card type; reports every field that is wrong. */
export function validateCardLine(line: { cardNo?: string | null | undefined; cardPwd: string }, rule: CardLineRule): CardLineValidation {
  const problems: CardLineProblem[] = [];
  let cardNo: string | null = null;
  if (rule.needsCardNo) {
    const result = validateCardNumber(line.cardNo ?? '', rule.cardNoRule);
    if (result.ok) cardNo = result.value;
    else problems.push({ field: 'cardNo', error: result.error, text: result.text, message: result.message });
  } else if (normalizeCardNumber(line.cardNo ?? '') !== '') {
    const text: TextRef = { key: 'card.line.notNeeded' };
    problems.push({ field: 'cardNo', error: 'notNeeded', text, message: bothLanguages(text) });
  }
  const pwd = validateCardPassword(line.cardPwd, rule.pwdRule);
  if (!pwd.ok) problems.push({ field: 'cardPwd', error: pwd.error, text: pwd.text, message: pwd.message });
  if (problems.length > 0 || !pwd.ok) return { ok: false, problems };
  return { ok: true, cardNo, cardPwd: pwd.value };
}

export type CardBatchValidation =
  | { ok: true; cards: { cardNo: string | null; cardPwd: string }[] }
  | { ok: false; problems: (CardLineProblem & { /** 0-based line */ index: number })[] };

/**
 * Checks every line and, among the good ones, repeats of the same card (same number, or the
 * same password for password-only cards): the later line is reported, naming the earlier one.
 */
export function validateCardBatch(
  lines: readonly { cardNo?: string | null | undefined; cardPwd: string }[],
  rule: CardLineRule,
): CardBatchValidation {
  const problems: (CardLineProblem & { index: number })[] = [];
  const cards: { cardNo: string | null; cardPwd: string }[] = [];
  const firstLineOf = new Map<string, number>();
  lines.forEach((line, index) => {
    const result = validateCardLine(line, rule);
    if (!result.ok) {
      for (const problem of result.problems) problems.push({ ...problem, index });
      return;
    }
    const key = rule.caseInsensitive ? (result.cardNo ?? result.cardPwd).toUpperCase() : (result.cardNo ?? result.cardPwd);
    const first = firstLineOf.get(key);
    if (first === undefined) {
      firstLineOf.set(key, index);
      cards.push(result);
      return;
    }
    const text: TextRef = { key: 'card.line.duplicate', params: { line: first + 1 } };
    problems.push({ index, field: result.cardNo === null ? 'cardPwd' : 'cardNo', error: 'duplicate', text, message: bothLanguages(text) });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, cards };
}
