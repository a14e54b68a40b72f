import { describe, expect, it } from 'vitest';
import { isTrackingNo, trackingNoInput } from './trackingNo';

describe('the tracking number field', () => {
  it('keeps letters and digits of a pasted number, full-width ones included', () => {
    expect(trackingNoInput('SF 1234-5678-9012')).toBe('SF123456789012');
    expect(trackingNoInput('ＹＴ１２３４５６７８')).toBe('YT12345678');
  });

  it('stops at the 30 characters carriers use at most', () => {
    expect(trackingNoInput('9'.repeat(40))).toHaveLength(30);
  });

  it('accepts 8 to 30 letters or digits', () => {
    expect(isTrackingNo('1234567')).toBe(false);
    expect(isTrackingNo('12345678')).toBe(true);
    expect(isTrackingNo('A'.repeat(30))).toBe(true);
  });
});
