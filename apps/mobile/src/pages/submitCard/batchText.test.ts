import { CardNumberRuleType, type CardLineRule } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { checkBatchText, problemLineNos, rejectedLinesOf, serverLineProblems, splitCardLine } from './batchText';

const numberAndPassword: CardLineRule = {
  needsCardNo: true,
  cardNoRule: { ruleType: CardNumberRuleType.Digits, length: 16 },
  pwdRule: { ruleType: CardNumberRuleType.Digits, length: 8 },
};
const passwordOnly: CardLineRule = {
  needsCardNo: false,
  cardNoRule: { ruleType: CardNumberRuleType.Digits, length: null },
  pwdRule: { ruleType: CardNumberRuleType.DigitsAndLetters, length: 16 },
};

const number = (n: number) => String(n).padStart(16, '0');

describe('splitting a batch line', () => {
  it.each([
    ['1234 5678', { cardNo: '1234', cardPwd: '5678' }],
    ['1234,5678', { cardNo: '1234', cardPwd: '5678' }],
    ['1234，5678', { cardNo: '1234', cardPwd: '5678' }],
    ['  1234 \t , 5678  ', { cardNo: '1234', cardPwd: '5678' }],
    ['1234', { cardNo: '1234', cardPwd: '' }],
  ])('reads %j as number and password', (line, card) => {
    expect(splitCardLine(line, true)).toEqual(card);
  });

  it('reads a password-only line as the password', () => {
    expect(splitCardLine(' AbCd1234EfGh5678 ', false)).toEqual({ cardPwd: 'AbCd1234EfGh5678' });
  });

  it('keeps a number typed on a password-only line, so the shared rule can ask to remove it', () => {
    expect(splitCardLine('1234 AbCd', false)).toEqual({ cardNo: '1234', cardPwd: 'AbCd' });
  });

  it('refuses a third part', () => {
    expect(splitCardLine('1 2 3', true)).toBe('extraParts');
    expect(splitCardLine('1 2 3', false)).toBe('extraParts');
  });
});

describe('checking the batch box', () => {
  it('counts valid lines and skips blank ones', () => {
    const check = checkBatchText(`${number(1)} 12345678\n\n  \n${number(2)},87654321\n`, numberAndPassword);
    expect(check.problems).toEqual([]);
    expect(check.validCount).toBe(2);
    expect(check.cards).toEqual([
      { cardNo: number(1), cardPwd: '12345678' },
      { cardNo: number(2), cardPwd: '87654321' },
    ]);
    expect(check.lineNos).toEqual([1, 4]);
    expect(check.tooManyLines).toBe(false);
  });

  it('names each bad line by its number in the box, blank lines counted, with the reason', () => {
    const check = checkBatchText(`${number(1)} 12345678\n\n${number(2)}\n12ab 12345678 9\n${number(3)} 1234567`, numberAndPassword);
    expect(check.validCount).toBe(1);
    expect(problemLineNos(check.problems)).toEqual([3, 4, 5]);
    const [missingPassword, extraParts, shortPassword] = check.problems;
    expect(missingPassword).toMatchObject({ lineNo: 3, field: 'cardPwd', reason: { kind: 'rule' } });
    expect(extraParts).toEqual({ lineNo: 4, field: null, reason: { kind: 'extraParts', expected: 2 } });
    expect(shortPassword).toMatchObject({ lineNo: 5, field: 'cardPwd' });
    expect(shortPassword!.reason.kind === 'rule' && shortPassword!.reason.message['en-US']).toBe(
      'The card PIN must be 8 characters; it has 7',
    );
  });

  it('counts a line with a bad number and a bad password once', () => {
    const check = checkBatchText('12 34', numberAndPassword);
    expect(check.problems.map((problem) => problem.field)).toEqual(['cardNo', 'cardPwd']);
    expect(check.validCount).toBe(0);
  });

  it('reports the second of two lines naming the same card', () => {
    const check = checkBatchText(`${number(7)} 12345678\n${number(7)} 11111111`, numberAndPassword);
    expect(check.validCount).toBe(1);
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]).toMatchObject({ lineNo: 2, field: 'cardNo' });
  });

  it('takes passwords alone for password-only types and asks to remove a number', () => {
    const check = checkBatchText('AbCd1234EfGh5678\n1234 AbCd1234EfGh0000', passwordOnly);
    expect(check.validCount).toBe(1);
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]).toMatchObject({ lineNo: 2, field: 'cardNo' });
  });

  it('flags more lines than one submission may carry', () => {
    const lines = Array.from({ length: 1001 }, (_, index) => `${number(index + 1)} 12345678`).join('\n');
    const check = checkBatchText(lines, numberAndPassword);
    expect(check.tooManyLines).toBe(true);
    expect(check.validCount).toBe(1001);
    expect(checkBatchText(lines.split('\n').slice(0, 1000).join('\n'), numberAndPassword).tooManyLines).toBe(false);
  });
});

describe("the server's report on a refused batch", () => {
  it('reads the bad lines from the error data and places them on the box lines', () => {
    const report = rejectedLinesOf({ lines: [{ index: 1, field: 'cardNo', reason: '该卡已提交过' }] });
    expect(report).toEqual([{ index: 1, field: 'cardNo', reason: '该卡已提交过' }]);
    expect(serverLineProblems(report!, [1, 4])).toEqual([{ lineNo: 4, field: 'cardNo', reason: { kind: 'server', text: '该卡已提交过' } }]);
  });

  it('is null for a refusal without lines', () => {
    expect(rejectedLinesOf(null)).toBeNull();
    expect(rejectedLinesOf({ lines: [] })).toBeNull();
    expect(rejectedLinesOf({ something: 'else' })).toBeNull();
  });
});
