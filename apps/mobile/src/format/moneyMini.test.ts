import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as shared from '../../../../packages/shared/src/money';
import * as mini from './moneyMini';

const safeFen = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const anyFen = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const rate = fc.integer({ min: 0, max: 10_000 });

/** The outcome of a call: its value, or the kind of error it threw. */
function outcome<T>(call: () => T): { value: T } | { threw: string } {
  try {
    return { value: call() };
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

describe('the mini-program money module', () => {
  it('exports every name the shared money module exports', () => {
    expect(Object.keys(mini).sort()).toEqual(Object.keys(shared).sort());
  });

  it('formats every safe amount as the shared module does', () => {
    fc.assert(
      fc.property(
        anyFen,
        fc.constantFrom<shared.FormatFenOptions>({}, { symbol: false }, { grouping: false }, { sign: 'always' }),
        (fen, opts) => {
          expect(mini.formatFen(fen, opts)).toBe(shared.formatFen(fen, opts));
        },
      ),
    );
    expect(mini.formatFen(Number.MAX_SAFE_INTEGER)).toBe('¥90,071,992,547,409.91');
  });

  it('settles a face value at a rate exactly as the shared module, and refuses a result past 2^53 the same way', () => {
    fc.assert(
      fc.property(safeFen, rate, (face, bp) => {
        expect(outcome(() => mini.applyRateBp(face, bp))).toEqual(outcome(() => shared.applyRateBp(face, bp)));
      }),
    );
    fc.assert(
      fc.property(safeFen, fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (face, bp) => {
        expect(outcome(() => mini.applyRateBp(face, bp))).toEqual(outcome(() => shared.applyRateBp(face, bp)));
      }),
    );
    expect(mini.applyRateBp(999, 9650)).toBe(964);
    expect(mini.applyRateBp(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => mini.applyRateBp(Number.MAX_SAFE_INTEGER, 10_001)).toThrow(RangeError);
  });

  it('charges the same withdrawal fee, rounded up, as the shared module', () => {
    const terms = fc.record({ feeBp: fc.integer({ min: 0, max: 10_000 }), feeMinFen: fc.integer({ min: 0, max: 100_000 }) });
    fc.assert(
      fc.property(terms, safeFen, (channel, amount) => {
        expect(outcome(() => mini.withdrawalFeeFen(channel, amount))).toEqual(outcome(() => shared.withdrawalFeeFen(channel, amount)));
      }),
    );
    expect(mini.withdrawalFeeFen({ feeBp: 60, feeMinFen: 100 }, 100_001)).toBe(601);
  });

  it('parses typed yuan and percentages as the shared module does', () => {
    const typed = fc.oneof(
      fc.stringMatching(/^[¥￥]?[0-9,]{0,24}(\.[0-9]{0,3})?(元|%)?$/),
      safeFen.map((fen) => shared.formatFen(fen)),
      fc.string(),
    );
    fc.assert(
      fc.property(typed, (input) => {
        expect(mini.parseYuanToFen(input)).toEqual(shared.parseYuanToFen(input));
        expect(mini.parsePercentToBp(input)).toEqual(shared.parsePercentToBp(input));
      }),
    );
    for (const input of ['9007199254740991', '90071992547409.91', '90071992547409.92', '100.01%', '100%', '0000012.5']) {
      expect(mini.parseYuanToFen(input)).toEqual(shared.parseYuanToFen(input));
      expect(mini.parsePercentToBp(input)).toEqual(shared.parsePercentToBp(input));
    }
  });

  it('formats rates and converts amounts as the shared module does', () => {
    fc.assert(
      fc.property(anyFen, (bp) => {
        expect(mini.formatRateBp(bp)).toBe(shared.formatRateBp(bp));
      }),
    );
    expect(mini.fenToNumber(BigInt(123) as bigint)).toBe(123);
    expect(() => mini.fenToNumber(BigInt(Number.MAX_SAFE_INTEGER) + BigInt(1))).toThrow(RangeError);
  });
});
