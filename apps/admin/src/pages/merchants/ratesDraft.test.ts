import { describe, expect, it } from 'vitest';
import { changedRates, rateProblem, savedRateText } from './ratesDraft';

const row = (faceValueFen: number, rateBp: number | null) => ({
  goodsId: 3,
  goodsName: 'JD E-card',
  faceValueFen,
  publicRateBp: 9500,
  rateBp,
});

describe('merchant rate table', () => {
  it('shows an own rate as its percentage and the public rate as an empty input', () => {
    expect(savedRateText(row(10000, 9720))).toBe('97.20');
    expect(savedRateText(row(10000, null))).toBe('');
  });

  it('refuses a rate the server would refuse, in the reader language', () => {
    expect(rateProblem('97.2', 'en-US')).toBeNull();
    expect(rateProblem('', 'en-US')).toBeNull();
    expect(rateProblem('0', 'en-US')).toBe('The rate must be at least 0.01%');
    expect(rateProblem('101', 'zh-CN')).toBe('费率不能超过100%');
  });

  it('sends only the rows changed, an emptied one back to the public rate', () => {
    const rows = [row(5000, null), row(10000, 9720), row(20000, 9600)];
    expect(changedRates(rows, { '3:5000': '96.5', '3:10000': ' ', '3:20000': '96.00' }, 'en-US')).toEqual([
      { goodsId: 3, faceValueFen: 5000, rateBp: 9650 },
      { goodsId: 3, faceValueFen: 10000, rateBp: null },
    ]);
    expect(changedRates(rows, { '3:5000': 'abc' }, 'en-US')).toBeNull();
  });
});
