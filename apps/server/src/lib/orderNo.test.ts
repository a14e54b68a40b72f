import { describe, expect, it } from 'vitest';
import { newOrderNo } from './orderNo';

describe('order numbers', () => {
  it('are the kind, the UTC second and 12 random digits, within a vendor’s 32 characters with a retry suffix', () => {
    const before = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const no = newOrderNo('W');
    const after = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    expect(no).toMatch(/^W\d{26}$/);
    expect(no.slice(1, 15) >= before && no.slice(1, 15) <= after).toBe(true);
    expect(`${no}R99`).toMatch(/^[0-9A-Za-z]{1,32}$/);
    expect(newOrderNo('S')).toMatch(/^S\d{26}$/);
  });

  it('do not repeat among many drawn in one second', () => {
    const drawn = Array.from({ length: 100_000 }, () => newOrderNo('W').slice(15));
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
