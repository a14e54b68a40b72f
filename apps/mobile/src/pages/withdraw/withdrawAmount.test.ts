import { withdrawalFeeFen } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { amountInput, checkAmount, fenToYuanInput, withdrawAllFen, type FeeOf } from './withdrawAmount';

/** 1 % with a floor of ¥1, rounded up: the shape channels usually charge. */
const onePercentMinOneYuan: FeeOf = (amountFen) => Math.max(100, Math.ceil(amountFen / 100));
const free: FeeOf = () => 0;
const limits = { minFen: 1_000, maxFen: 5_000_000 };

describe('the amount field', () => {
  it('keeps digits and the first decimal point of what was typed', () => {
    expect(amountInput('１２．５')).toBe('12.5');
    expect(amountInput('¥1,234.5元')).toBe('1234.5');
    expect(amountInput('1.2.3')).toBe('1.23');
    expect(amountInput('abc')).toBe('');
  });

  it('keeps extra decimals so the form can name the problem', () => {
    expect(amountInput('12.345')).toBe('12.345');
    expect(checkAmount('12.345', limits, 100_000, free)).toMatchObject({ ok: false, problem: { kind: 'tooManyDecimals' } });
  });
});

describe('checking an amount', () => {
  it('parses yuan into fen without floats and previews the fee and the total', () => {
    expect(checkAmount('100', limits, 1_000_000, onePercentMinOneYuan)).toEqual({
      ok: true,
      amountFen: 10_000,
      feeFen: 100,
      totalFen: 10_100,
    });
    // 0.1 + 0.2 in floats is 0.30000000000000004; here it is exact.
    expect(checkAmount('1000.30', limits, 1_000_000, onePercentMinOneYuan)).toEqual({
      ok: true,
      amountFen: 100_030,
      feeFen: 1_001,
      totalFen: 101_031,
    });
  });

  it('asks for an amount when the field is empty or zero', () => {
    expect(checkAmount('', limits, 100_000, free)).toMatchObject({ ok: false, problem: { kind: 'empty' } });
    expect(checkAmount('0.00', limits, 100_000, free)).toMatchObject({ ok: false, problem: { kind: 'empty' } });
  });

  it('rejects what is not a number', () => {
    expect(checkAmount('.', limits, 100_000, free)).toMatchObject({ ok: false, problem: { kind: 'invalid' } });
  });

  it('names the minimum and the maximum of the channel', () => {
    expect(checkAmount('9.99', limits, 100_000, free)).toMatchObject({ ok: false, problem: { kind: 'belowMin', minFen: 1_000 } });
    expect(checkAmount('50000.01', limits, 10_000_000, free)).toMatchObject({
      ok: false,
      problem: { kind: 'aboveMax', maxFen: 5_000_000 },
    });
  });

  it('refuses an amount whose fee the balance does not cover, and says what the fee is', () => {
    expect(checkAmount('100', limits, 10_000, onePercentMinOneYuan)).toEqual({
      ok: false,
      problem: { kind: 'aboveBalance', availableFen: 10_000, feeFen: 100 },
      amountFen: 10_000,
      feeFen: 100,
    });
    expect(checkAmount('99', limits, 10_000, onePercentMinOneYuan)).toMatchObject({ ok: true, totalFen: 10_000 });
  });

  it('says the balance is too low, not the maximum, for an amount above both', () => {
    expect(checkAmount('100000', limits, 50_000, free)).toMatchObject({
      ok: false,
      problem: { kind: 'aboveBalance', availableFen: 50_000, feeFen: 0 },
    });
  });
});

describe('withdraw all', () => {
  it('leaves room for the fee', () => {
    // ¥100 available: ¥99 + ¥1 fee is everything.
    expect(withdrawAllFen(limits, 10_000, onePercentMinOneYuan)).toBe(9_900);
    // ¥1,000 available: 990.09 + 9.91 = 1000.00 exactly; one fen more would cost 1000.01.
    const all = withdrawAllFen(limits, 100_000, onePercentMinOneYuan)!;
    expect(all + onePercentMinOneYuan(all)).toBeLessThanOrEqual(100_000);
    expect(all + 1 + onePercentMinOneYuan(all + 1)).toBeGreaterThan(100_000);
  });

  it('agrees with the fee the server charges (0.1 %, at least ¥2.00, rounded up)', () => {
    const bank = { minFen: 5_000, maxFen: 5_000_000, feeBp: 10, feeMinFen: 200 };
    const feeOf: FeeOf = (amountFen) => withdrawalFeeFen(bank, amountFen);
    expect(checkAmount('50', bank, 40_000, feeOf)).toEqual({ ok: true, amountFen: 5_000, feeFen: 200, totalFen: 5_200 });
    // ¥400.00: 0.1 % stays under the ¥2.00 floor, so 398.00 + 2.00 is everything.
    expect(withdrawAllFen(bank, 40_000, feeOf)).toBe(39_800);
    // ¥5,000.00: 0.1 % is above the floor; 4,995.00 + 5.00 (4,995.01 would cost 5.01 more).
    expect(withdrawAllFen(bank, 500_000, feeOf)).toBe(499_500);
  });

  it('takes the whole balance on a free channel', () => {
    expect(withdrawAllFen(limits, 123_456, free)).toBe(123_456);
  });

  it('stops at the channel maximum', () => {
    expect(withdrawAllFen(limits, 90_000_000, onePercentMinOneYuan)).toBe(5_000_000);
  });

  it('has nothing to offer when the minimum plus its fee is out of reach', () => {
    expect(withdrawAllFen(limits, 1_050, onePercentMinOneYuan)).toBeNull();
    expect(withdrawAllFen(limits, 0, free)).toBeNull();
    expect(withdrawAllFen(limits, 1_100, onePercentMinOneYuan)).toBe(1_000);
  });

  it('always gives an amount the check accepts', () => {
    for (const availableFen of [1_100, 9_999, 10_100, 77_777, 100_001, 5_050_000]) {
      const all = withdrawAllFen(limits, availableFen, onePercentMinOneYuan)!;
      expect(checkAmount(fenToYuanInput(all), limits, availableFen, onePercentMinOneYuan).ok).toBe(true);
    }
  });

  it('writes fen back as the yuan a user would type', () => {
    expect(fenToYuanInput(12_345)).toBe('123.45');
    expect(fenToYuanInput(1_200)).toBe('12');
    expect(fenToYuanInput(5)).toBe('0.05');
  });
});
