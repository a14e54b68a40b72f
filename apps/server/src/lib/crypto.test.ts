import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decrypt, encrypt, encryptEach, keyedHash, newInviteCode, numericCode, sameHash, storedKeyId } from './crypto';

describe('crypto', () => {
  const key = randomBytes(32);

  it('round-trips a secret through AES-256-GCM with a fresh IV each time', () => {
    const a = encrypt(key, '110101199003074514');
    const b = encrypt(key, '110101199003074514');
    expect(a.equals(b)).toBe(false);
    expect(decrypt(key, a)).toBe('110101199003074514');
  });

  it('encrypts many values at once as it encrypts one: each readable, under the key named, with its own IV', () => {
    const values = ['6900012345678901', '123456789', '', '卡密 ÄB'];
    const sealed = encryptEach(key, values);
    expect(sealed.map((s) => decrypt(key, s))).toEqual(values);
    expect(sealed.map(storedKeyId)).toEqual(values.map(() => storedKeyId(encrypt(key, 'x'))));
    expect(sealed.map((s) => s.length)).toEqual(values.map((v) => encrypt(key, v).length));
    const ivs = sealed.map((s) => s.subarray(5, 17).toString('hex'));
    expect(new Set(ivs).size).toBe(values.length);
  });

  it('refuses a ciphertext that was tampered with', () => {
    const stored = encrypt(key, 'card-password');
    stored[stored.length - 1]! ^= 1;
    expect(() => decrypt(key, stored)).toThrow();
  });

  it('keys hashes by purpose, so a token hash never matches an OTP hash of the same text', () => {
    const token = keyedHash('k'.repeat(32), 'token', '123456');
    expect(sameHash(token, keyedHash('k'.repeat(32), 'token', '123456'))).toBe(true);
    expect(sameHash(token, keyedHash('k'.repeat(32), 'otp', '123456'))).toBe(false);
  });

  it('makes 6-digit codes and readable invite codes', () => {
    for (let i = 0; i < 200; i++) {
      expect(numericCode(6)).toMatch(/^\d{6}$/);
      expect(newInviteCode()).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    }
  });
});
