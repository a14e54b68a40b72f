import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  CARD_BATCH_MAX,
  CARD_NUMBER_MAX_LENGTH,
  CardNumberRuleType,
  cardNumberRuleTypeTable,
  cardNumberSchema,
  normalizeCardNumber,
  stripCardNumber,
  validateCardBatch,
  validateCardLine,
  validateCardNumber,
  type CardNumberRuleType as RuleType,
} from './cardNumber';
import { cardNumberRuleTypeSchema } from './enumSchemas';

const ruleTypes: RuleType[] = [1, 2, 3];
const allowedPattern: Record<RuleType, RegExp> = {
  1: /^[0-9]*$/,
  2: /^[A-Za-z]*$/,
  3: /^[0-9A-Za-z]*$/,
};

/** Strings mixing ASCII, full-width forms, whitespace, punctuation and CJK. */
const messyString = fc.string({
  unit: fc.oneof(
    fc.constantFrom('0', '5', '9', 'a', 'Z', ' ', '\t', '\n', '-', '_', '.', '，', '卡', '号', 'é', '😀'),
    fc.constantFrom('０', '９', 'Ａ', 'ｚ', '\u3000', '①', 'ℌ', '\u00a0'),
    fc.string({ minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe('rule types', () => {
  it('are 1 digits, 2 letters, 3 digits and letters', () => {
    expect(CardNumberRuleType).toEqual({ Digits: 1, Letters: 2, DigitsAndLetters: 3 });
    expect(cardNumberRuleTypeTable.keys).toEqual(['digits', 'letters', 'digitsAndLetters']);
    expect(cardNumberRuleTypeSchema.safeParse(4).success).toBe(false);
  });
});

describe('stripCardNumber', () => {
  it.each([
    ['1234 5678-90ab', 1, '1234567890'],
    ['1234 5678-90ab', 2, 'ab'],
    ['1234 5678-90ab', 3, '1234567890ab'],
    ['Ａ１ｂ２', 1, '12'],
    ['Ａ１ｂ２', 2, 'Ab'],
    ['Ａ１ｂ２', 3, 'A1b2'],
    ['  卡号：8888\u3000', 1, '8888'],
    ['', 3, ''],
  ] as const)('%j (type %i) → %j', (input, type, expected) => {
    expect(stripCardNumber(input, type)).toBe(expected);
  });

  it('keeps letter case', () => {
    expect(stripCardNumber('AbCd', 2)).toBe('AbCd');
  });

  it('rejects an unknown rule type', () => {
    expect(() => stripCardNumber('1', 4 as RuleType)).toThrow(RangeError);
  });

  it('property: output holds only the allowed ASCII characters', () => {
    fc.assert(
      fc.property(messyString, fc.constantFrom(...ruleTypes), (input, type) => {
        expect(stripCardNumber(input, type)).toMatch(allowedPattern[type]);
      }),
    );
  });

  it('property: idempotent', () => {
    fc.assert(
      fc.property(messyString, fc.constantFrom(...ruleTypes), (input, type) => {
        const once = stripCardNumber(input, type);
        expect(stripCardNumber(once, type)).toBe(once);
      }),
    );
  });

  it('property: stripped output of a matching length passes validation', () => {
    fc.assert(
      fc.property(messyString, fc.constantFrom(...ruleTypes), (input, type) => {
        const stripped = stripCardNumber(input, type);
        const result = validateCardNumber(stripped, { ruleType: type, length: stripped.length });
        expect(result.ok).toBe(stripped.length > 0);
        if (result.ok) expect(result.value).toBe(stripped);
      }),
    );
  });

  it('property: never drops an allowed character', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Za-z]{0,30}$/), (input) => {
        expect(stripCardNumber(input, 3)).toBe(input);
      }),
    );
  });
});

describe('validateCardNumber', () => {
  it('accepts a valid number and returns it normalised', () => {
    expect(validateCardNumber(' 1234 5678 9012 3456 ', { ruleType: 1, length: 16 })).toEqual({
      ok: true,
      value: '1234567890123456',
    });
    expect(validateCardNumber('ＡＢ１２', { ruleType: 3 })).toEqual({ ok: true, value: 'AB12' });
    expect(validateCardNumber('abc', { ruleType: 2, length: null })).toEqual({ ok: true, value: 'abc' });
    expect(validateCardNumber('abc', { ruleType: 2, length: 0 })).toEqual({ ok: true, value: 'abc' });
  });

  it('reports a missing number', () => {
    const result = validateCardNumber('  \u3000', { ruleType: 1, length: 16 });
    expect(result).toMatchObject({
      ok: false,
      error: 'required',
      message: { 'zh-CN': '请输入卡号', 'en-US': 'Enter the card number' },
    });
  });

  it('reports the wrong length, saying the required length', () => {
    const result = validateCardNumber('123456789012345', { ruleType: 1, length: 16 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe('wrongLength');
    expect(result.params).toEqual({ length: 16, actual: 15 });
    expect(result.message['zh-CN']).toContain('卡号应为16位');
    expect(result.message['en-US']).toContain('The card number must be 16 characters');
  });

  it('reports characters the rule does not allow, naming them', () => {
    const digitsOnly = validateCardNumber('1234-56a8', { ruleType: 1 });
    expect(digitsOnly).toMatchObject({ ok: false, error: 'invalidCharacters', params: { chars: '- a' } });
    if (!digitsOnly.ok) {
      expect(digitsOnly.message['zh-CN']).toBe('卡号只能包含数字，请删除：- a');
      expect(digitsOnly.message['en-US']).toBe('The card number may contain digits only; remove: - a');
    }
    const lettersOnly = validateCardNumber('ab1', { ruleType: 2, length: 3 });
    expect(lettersOnly).toMatchObject({ ok: false, error: 'invalidCharacters' });
    if (!lettersOnly.ok) expect(lettersOnly.message['en-US']).toContain('letters only');
    const mixed = validateCardNumber('ab1_', { ruleType: 3 });
    expect(mixed).toMatchObject({ ok: false, error: 'invalidCharacters', params: { chars: '_' } });
    expect(validateCardNumber('é1', { ruleType: 3 })).toMatchObject({ ok: false, error: 'invalidCharacters' });
  });

  it('reports a wrong length together with the characters to remove', () => {
    const both = validateCardNumber('1234ab', { ruleType: 1, length: 16 });
    expect(both).toMatchObject({ ok: false, error: 'invalidCharacters', params: { chars: 'a b', length: 16, actual: 6 } });
    if (!both.ok) {
      expect(both.message['zh-CN']).toBe('卡号只能包含数字，请删除：a b；卡号应为16位，当前为6位');
      expect(both.message['en-US']).toBe(
        'The card number may contain digits only; remove: a b. The card number must be 16 characters; it has 6',
      );
    }
    const tooLong = validateCardNumber(`${'1'.repeat(CARD_NUMBER_MAX_LENGTH)}x`, { ruleType: 1 });
    expect(tooLong).toMatchObject({ ok: false, error: 'invalidCharacters', params: { chars: 'x', max: CARD_NUMBER_MAX_LENGTH } });
  });

  it('caps the length when the rule gives none', () => {
    const long = '1'.repeat(CARD_NUMBER_MAX_LENGTH + 1);
    expect(validateCardNumber(long, { ruleType: 1 })).toMatchObject({ ok: false, error: 'tooLong' });
    expect(validateCardNumber(long.slice(1), { ruleType: 1 }).ok).toBe(true);
  });

  it('property: never throws, and a failure always has both messages', () => {
    fc.assert(
      fc.property(messyString, fc.constantFrom(...ruleTypes), fc.option(fc.integer({ min: 0, max: 30 })), (input, ruleType, length) => {
        const result = validateCardNumber(input, { ruleType, length });
        if (result.ok) {
          expect(result.value).toMatch(allowedPattern[ruleType]);
          if (length) expect(result.value).toHaveLength(length);
        } else {
          expect(result.message['zh-CN'].length).toBeGreaterThan(0);
          expect(result.message['en-US'].length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('cardNumberSchema', () => {
  it('normalises valid input and explains invalid input', () => {
    const schema = cardNumberSchema({ ruleType: 1, length: 4 });
    expect(schema.parse('１２ 34')).toBe('1234');
    const result = schema.safeParse('123');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('The card number must be 4 characters; it has 3');
    expect(schema.safeParse(undefined).error!.issues[0]!.message).toBe('is required');
  });

  it('normalizeCardNumber only folds width and drops whitespace', () => {
    expect(normalizeCardNumber(' Ａ-1 ')).toBe('A-1');
  });
});

describe('validateCardLine and validateCardBatch', () => {
  const digits16 = { needsCardNo: true, cardNoRule: { ruleType: 1 as const, length: 16 }, pwdRule: { ruleType: 1 as const, length: 8 } };
  const letters = { needsCardNo: true, cardNoRule: { ruleType: 2 as const, length: 6 }, pwdRule: { ruleType: 2 as const, length: null } };
  const mixedPwdOnly = { needsCardNo: false, cardNoRule: { ruleType: 3 as const }, pwdRule: { ruleType: 3 as const, length: 12 } };

  it('accepts a good line under each rule type and normalises it', () => {
    expect(validateCardLine({ cardNo: '1234 5678 9012 3456', cardPwd: '１２３４５６７８' }, digits16)).toEqual({
      ok: true,
      cardNo: '1234567890123456',
      cardPwd: '12345678',
    });
    expect(validateCardLine({ cardNo: 'abcDEF', cardPwd: 'xyz' }, letters)).toEqual({ ok: true, cardNo: 'abcDEF', cardPwd: 'xyz' });
    expect(validateCardLine({ cardPwd: 'AB12cd34EF56' }, mixedPwdOnly)).toEqual({ ok: true, cardNo: null, cardPwd: 'AB12cd34EF56' });
  });

  it('reports every wrong field of a line, naming the password as such', () => {
    const result = validateCardLine({ cardNo: '12345', cardPwd: '1234abcd' }, digits16);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.field, p.error])).toEqual([
      ['cardNo', 'wrongLength'],
      ['cardPwd', 'invalidCharacters'],
    ]);
    expect(result.problems[1]!.message['zh-CN']).toBe('卡密只能包含数字，请删除：a b c d');
    expect(result.problems[1]!.message['en-US']).toBe('The card PIN may contain digits only; remove: a b c d');
  });

  it('refuses digits for a letters-only rule and a wrong password length', () => {
    const result = validateCardLine({ cardNo: 'abc12f', cardPwd: '' }, letters);
    expect(result).toMatchObject({
      ok: false,
      problems: [
        { field: 'cardNo', error: 'invalidCharacters' },
        { field: 'cardPwd', error: 'required' },
      ],
    });
    expect(validateCardLine({ cardPwd: 'AB12' }, mixedPwdOnly)).toMatchObject({
      ok: false,
      problems: [{ field: 'cardPwd', error: 'wrongLength' }],
    });
  });

  it('refuses a card number for a password-only card type', () => {
    expect(validateCardLine({ cardNo: '123', cardPwd: 'AB12cd34EF56' }, mixedPwdOnly)).toMatchObject({
      ok: false,
      problems: [{ field: 'cardNo', error: 'notNeeded' }],
    });
    expect(validateCardLine({ cardNo: '  ', cardPwd: 'AB12cd34EF56' }, mixedPwdOnly).ok).toBe(true);
  });

  it('finds repeats inside a batch and names the first line', () => {
    const result = validateCardBatch(
      [
        { cardNo: '1234567890123456', cardPwd: '11111111' },
        { cardNo: '1234567890123457', cardPwd: '22222222' },
        { cardNo: '1234 5678 9012 3456', cardPwd: '33333333' },
        { cardNo: 'x', cardPwd: '1' },
      ],
      digits16,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.index, p.field, p.error])).toEqual([
      [2, 'cardNo', 'duplicate'],
      [3, 'cardNo', 'invalidCharacters'],
      [3, 'cardPwd', 'wrongLength'],
    ]);
    expect(result.problems[0]!.message['en-US']).toBe('Same card as line 1; remove one of the two lines');
  });

  it('uses the password to find repeats of password-only cards', () => {
    const result = validateCardBatch([{ cardPwd: 'AB12cd34EF56' }, { cardPwd: 'AB12cd34EF56' }], mixedPwdOnly);
    expect(result).toMatchObject({ ok: false, problems: [{ index: 1, field: 'cardPwd', error: 'duplicate' }] });
  });

  it('accepts a full batch of 1000 distinct cards', () => {
    const lines = Array.from({ length: CARD_BATCH_MAX }, (_, i) => ({
      cardNo: String(1_000_000_000_000_000 + i),
      cardPwd: String(10_000_000 + i),
    }));
    const result = validateCardBatch(lines, digits16);
    expect(result.ok && result.cards.length).toBe(1000);
  });
});
