import { describe, expect, it } from 'vitest';
import { newOrderNo } from './orderNo';

describe('order numbers', () => {
  it('are the kind, the UTC second (yymmddhhmmss) and 8 random digits, within a vendor’s 32 characters with a retry suffix', () => {
    const second = () => new Date().toISOString().replace(/\D/g, '').slice(2, 14);
    const before = second();
    const no = newOrderNo('W');
    const after = second();
    expect(no).toMatch(/^W\d{20}$/);
    expect(no.slice(1, 13) >= before && no.slice(1, 13) <= after).toBe(true);
    expect(`${no}R99`).toMatch(/^[0-9A-Za-z]{1,32}$/);
    expect(newOrderNo('S')).toMatch(/^S\d{20}$/);
  });

  it('draw the random part over all eight digits', () => {
    const parts = Array.from({ length: 2000 }, () => Number(newOrderNo('W').slice(13)));
    // Drawn over 0 to 10^8: 2,000 draws all below 10^6 (six digits' range) would happen once in 10^4000.
    expect(parts.some((p) => p >= 1_000_000)).toBe(true);
    expect(new Set(parts).size).toBeGreaterThan(1990);
  });
});
