import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  MAX_SAFE_FEN,
  applyRateBp,
  fenSchema,
  fenToNumber,
  formatFen,
  formatRateBp,
  parsePercentToBp,
  parseYuanToFen,
  positiveFenSchema,
  rateBpSchema,
  withdrawalFeeFen,
} from './money';

const fen = fc.integer({ min: 0, max: MAX_SAFE_FEN });

describe('formatFen', () => {
  it.each([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [50, '¥0.50'],
    [100, '¥1.00'],
    [123450, '¥1,234.50'],
    [100000000, '¥1,000,000.00'],
    [-5, '-¥0.05'],
    [-123450, '-¥1,234.50'],
    [MAX_SAFE_FEN, '¥90,071,992,547,409.91'],
  ])('%i → %s', (value, expected) => {
    expect(formatFen(value)).toBe(expected);
    expect(formatFen(BigInt(value))).toBe(expected);
  });

  it('options: no symbol, no grouping, explicit plus sign', () => {
    expect(formatFen(123450, { symbol: false })).toBe('1,234.50');
    expect(formatFen(123450, { grouping: false })).toBe('¥1234.50');
    expect(formatFen(123450, { sign: 'always' })).toBe('+¥1,234.50');
    expect(formatFen(-123450, { sign: 'always' })).toBe('-¥1,234.50');
    expect(formatFen(0, { sign: 'always' })).toBe('¥0.00');
    expect(formatFen(10n ** 20n)).toBe('¥1,000,000,000,000,000,000.00');
  });

  it('refuses non-integers and unsafe numbers', () => {
    expect(() => formatFen(1.5)).toThrow(RangeError);
    expect(() => formatFen(Number.NaN)).toThrow(RangeError);
    expect(() => formatFen(2 ** 53)).toThrow(RangeError);
  });
});

describe('parseYuanToFen', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['¥1,234.5', 123450],
    ['￥1,234.56', 123456],
    ['  ¥ 8.8 ', 880],
    ['0', 0],
    ['0.01', 1],
    ['.5', 50],
    ['12.', 1200],
    ['007', 700],
    ['１２．５', 1250],
    ['12元', 1200],
    ['1,000,000', 100000000],
    ['90071992547409.91', MAX_SAFE_FEN],
  ])('%j → %i fen', (input, expected) => {
    expect(parseYuanToFen(input)).toEqual({ ok: true, fen: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['-1', 'negative'],
    ['-0.5', 'negative'],
    ['¥-3', 'negative'],
    ['1.234', 'tooManyDecimals'],
    ['0.001', 'tooManyDecimals'],
    ['abc', 'invalid'],
    ['¥', 'invalid'],
    ['.', 'invalid'],
    ['1.2.3', 'invalid'],
    ['12,34', 'invalid'],
    ['1,2345', 'invalid'],
    [',123', 'invalid'],
    ['1e3', 'invalid'],
    ['0x10', 'invalid'],
    ['+5', 'invalid'],
    ['Infinity', 'invalid'],
    ['12 元 5', 'invalid'],
    ['90071992547409.92', 'tooLarge'],
    ['9'.repeat(400), 'tooLarge'],
  ])('%j is rejected as %s', (input, reason) => {
    const result = parseYuanToFen(input);
    expect(result).toMatchObject({ ok: false, error: reason });
    if (!result.ok) {
      expect(result.message['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
      expect(result.message['en-US']).toMatch(/^[A-Z]/);
    }
  });

  it('property: parse(format(x)) === x, with and without symbol or grouping', () => {
    fc.assert(
      fc.property(fen, fc.boolean(), fc.boolean(), (value, symbol, grouping) => {
        expect(parseYuanToFen(formatFen(value, { symbol, grouping }))).toEqual({ ok: true, fen: value });
      }),
    );
  });

  it('property: agrees with integer arithmetic on "<yuan>.<cents>"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 99 }), (yuan, cents) => {
        const text = `${yuan}.${String(cents).padStart(2, '0')}`;
        expect(parseYuanToFen(text)).toEqual({ ok: true, fen: yuan * 100 + cents });
      }),
    );
  });

  it('property: never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (input) => {
        const result = parseYuanToFen(input);
        if (result.ok) expect(Number.isSafeInteger(result.fen) && result.fen >= 0).toBe(true);
      }),
    );
  });
});

describe('applyRateBp', () => {
  it('rounds down to whole fen', () => {
    expect(applyRateBp(10000, 9650)).toBe(9650);
    expect(applyRateBp(999, 9650)).toBe(964); // 964.035
    expect(applyRateBp(1, 9999)).toBe(0);
    expect(applyRateBp(100_00, 10000)).toBe(100_00);
    expect(applyRateBp(12345, 0)).toBe(0);
    expect(applyRateBp(0, 9650)).toBe(0);
  });

  it('keeps the kind it is given and is exact beyond 2^53 with bigint', () => {
    expect(applyRateBp(10000n, 9650)).toBe(9650n);
    expect(applyRateBp(2n ** 70n, 5000n)).toBe(2n ** 69n);
    expect(applyRateBp(MAX_SAFE_FEN, 9999)).toBe(Number((BigInt(MAX_SAFE_FEN) * 9999n) / 10000n));
  });

  it('refuses negatives and non-integers', () => {
    expect(() => applyRateBp(-1, 9650)).toThrow(RangeError);
    expect(() => applyRateBp(100, -1)).toThrow(RangeError);
    expect(() => applyRateBp(100.5, 9650)).toThrow(RangeError);
    expect(() => applyRateBp(100, 96.5)).toThrow(RangeError);
  });

  it('property: never exceeds the face value for rate ≤ 10000, and is the floor', () => {
    fc.assert(
      fc.property(fen, fc.integer({ min: 0, max: 10000 }), (face, rate) => {
        const result = applyRateBp(face, rate);
        expect(Number.isSafeInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(face);
        // floor: result * 10000 ≤ face * rate < (result + 1) * 10000
        const exact = BigInt(face) * BigInt(rate);
        expect(BigInt(result) * 10000n <= exact).toBe(true);
        expect(exact < (BigInt(result) + 1n) * 10000n).toBe(true);
      }),
    );
  });

  it('property: monotone in the rate', () => {
    fc.assert(
      fc.property(fen, fc.integer({ min: 0, max: 9999 }), (face, rate) => {
        expect(applyRateBp(face, rate)).toBeLessThanOrEqual(applyRateBp(face, rate + 1));
      }),
    );
  });
});

describe('rates', () => {
  it('formatRateBp', () => {
    expect(formatRateBp(9650)).toBe('96.50%');
    expect(formatRateBp(10000)).toBe('100.00%');
    expect(formatRateBp(5)).toBe('0.05%');
    expect(formatRateBp(0)).toBe('0.00%');
    expect(formatRateBp(9650n)).toBe('96.50%');
  });

  it('parsePercentToBp', () => {
    expect(parsePercentToBp('96.5')).toEqual({ ok: true, rateBp: 9650 });
    expect(parsePercentToBp('96.50%')).toEqual({ ok: true, rateBp: 9650 });
    expect(parsePercentToBp('１００％')).toEqual({ ok: true, rateBp: 10000 });
    expect(parsePercentToBp('100.01')).toMatchObject({ ok: false, error: 'above100' });
    expect(parsePercentToBp('9'.repeat(50))).toMatchObject({ ok: false, error: 'above100' });
    expect(parsePercentToBp('96.505')).toMatchObject({ ok: false, error: 'tooManyDecimals' });
    expect(parsePercentToBp('')).toMatchObject({ ok: false, error: 'empty' });
    expect(parsePercentToBp('-1')).toMatchObject({ ok: false, error: 'negative' });
    expect(parsePercentToBp('x')).toMatchObject({ ok: false, error: 'invalid' });
  });

  it('property: parsePercentToBp(formatRateBp(x)) === x', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), (bp) => {
        expect(parsePercentToBp(formatRateBp(bp))).toEqual({ ok: true, rateBp: bp });
      }),
    );
  });
});

describe('schemas and conversions', () => {
  it('fenSchema takes non-negative safe integers only', () => {
    expect(fenSchema.parse(0)).toBe(0);
    expect(fenSchema.parse(MAX_SAFE_FEN)).toBe(MAX_SAFE_FEN);
    for (const bad of [-1, 1.5, MAX_SAFE_FEN + 1, '100', null]) {
      expect(fenSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(positiveFenSchema.safeParse(0).success).toBe(false);
    expect(positiveFenSchema.safeParse(1).success).toBe(true);
  });

  it('rateBpSchema takes 0..10000', () => {
    expect(rateBpSchema.parse(9650)).toBe(9650);
    expect(rateBpSchema.safeParse(10001).error!.issues[0]!.message).toBe('must be 0 to 10000 basis points');
    expect(rateBpSchema.safeParse(96.5).success).toBe(false);
  });

  it('fenToNumber refuses amounts JSON cannot carry exactly', () => {
    expect(fenToNumber(123n)).toBe(123);
    expect(() => fenToNumber(2n ** 53n)).toThrow(RangeError);
  });
});

describe('withdrawalFeeFen', () => {
  const bank = { feeBp: 10, feeMinFen: 200 };

  it('charges nothing on a free channel', () => {
    expect(withdrawalFeeFen({ feeBp: 0, feeMinFen: 0 }, 5_000_000)).toBe(0);
  });

  it('charges the minimum until the rate exceeds it', () => {
    expect(withdrawalFeeFen(bank, 5000)).toBe(200); // 0.1 % of 50 yuan is 5 fen
    expect(withdrawalFeeFen(bank, 200_000)).toBe(200); // exactly 200
    expect(withdrawalFeeFen(bank, 200_001)).toBe(201); // 200.001 rounds up
    expect(withdrawalFeeFen(bank, 5_000_000)).toBe(5000);
  });

  it('charges a minimum-only channel its minimum', () => {
    expect(withdrawalFeeFen({ feeBp: 0, feeMinFen: 100 }, 12345)).toBe(100);
  });

  it('refuses negatives and non-integers', () => {
    expect(() => withdrawalFeeFen(bank, -1)).toThrow(RangeError);
    expect(() => withdrawalFeeFen(bank, 10.5)).toThrow(RangeError);
    expect(() => withdrawalFeeFen({ feeBp: 1.5, feeMinFen: 0 }, 100)).toThrow(RangeError);
  });

  it('property: the ceiling of the rate, never below the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.integer({ min: 0, max: 10000 }),
        (amount, feeBp, feeMinFen) => {
          const fee = withdrawalFeeFen({ feeBp, feeMinFen }, amount);
          expect(Number.isSafeInteger(fee)).toBe(true);
          if (feeBp === 0 && feeMinFen === 0) {
            // A property fails on any answer but true or undefined, and an assertion's answer is neither.
            expect(fee).toBe(0);
            return;
          }
          expect(fee).toBeGreaterThanOrEqual(feeMinFen);
          const exact = BigInt(amount) * BigInt(feeBp);
          if (fee > feeMinFen) {
            expect(BigInt(fee) * 10000n >= exact).toBe(true);
            expect((BigInt(fee) - 1n) * 10000n < exact).toBe(true);
          }
        },
      ),
    );
  });
});
