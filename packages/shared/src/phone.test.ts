import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  PHONE_ERROR,
  isMainlandMobile,
  maskCardNumber,
  maskCardPassword,
  maskIdNumber,
  maskMiddle,
  maskPhone,
  maskRealName,
  normalizePhone,
  phoneSchema,
} from './phone';

describe('phone numbers', () => {
  it.each(['13812345678', '19912345678', '15000000000', '17011112222'])('%s is valid', (phone) => {
    expect(isMainlandMobile(phone)).toBe(true);
    expect(phoneSchema.parse(phone)).toBe(phone);
  });

  it.each([
    '',
    '12812345678', // second digit 2
    '10812345678',
    '1381234567', // 10 digits
    '138123456789', // 12 digits
    '23812345678',
    '1381234567a',
    '+8613812345678',
    '138 1234 5678',
  ])('%j is invalid', (phone) => {
    expect(isMainlandMobile(phone)).toBe(false);
    const result = phoneSchema.safeParse(phone);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('must be an 11-digit mainland China mobile number');
  });

  it('the schema trims and explains a missing or non-string phone the same way', () => {
    expect(phoneSchema.parse(' 13812345678 ')).toBe('13812345678');
    for (const bad of [undefined, null, 13812345678]) {
      expect(phoneSchema.safeParse(bad).error!.issues[0]!.message).toBe(PHONE_ERROR);
    }
  });

  it('normalizePhone cleans pasted numbers', () => {
    expect(normalizePhone('138 1234 5678')).toBe('13812345678');
    expect(normalizePhone('138-1234-5678')).toBe('13812345678');
    expect(normalizePhone('+86 138 1234 5678')).toBe('13812345678');
    expect(normalizePhone('0086 13812345678')).toBe('13812345678');
    expect(normalizePhone('8613812345678')).toBe('13812345678');
    expect(normalizePhone('１３８１２３４５６７８')).toBe('13812345678');
    expect(normalizePhone('12345')).toBe('12345');
  });

  it('property: every generated mainland number validates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{9}$/), (second, rest) => {
        expect(phoneSchema.safeParse(`1${second}${rest}`).success).toBe(true);
      }),
    );
  });
});

describe('masking', () => {
  it('maskPhone keeps 3 + 4', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('maskIdNumber keeps the first 3 and last 4', () => {
    expect(maskIdNumber('11010119900307777X')).toBe('110***********777X');
    expect(maskIdNumber('110101900307777')).toBe('110********7777');
  });

  it('masks the middle of a card number, keeping its first 3 and last 4, in one width whatever its length', () => {
    expect(maskCardNumber('6222021234567890')).toBe('622****7890');
    expect(maskCardNumber('1234567890123456789')).toBe('123****6789');
    expect(maskCardNumber('ABCD 1234 wxyz')).toBe('ABC****wxyz');
    expect(maskCardNumber('12345678901')).toBe('123****8901');
  });

  it('keeps only the last 4 of a card number too short to hide 4 characters between its ends', () => {
    expect(maskCardNumber('1234567890')).toBe('******7890');
    expect(maskCardNumber('12345')).toBe('*2345');
  });

  it('shows a card password as four stars, with its last 4 only when 8 or more are hidden', () => {
    expect(maskCardPassword('123456789012345678')).toBe('****5678');
    expect(maskCardPassword('123456789012')).toBe('****9012');
    expect(maskCardPassword('12345678901')).toBe('****');
  });

  it('hides the first character of a real name, counting characters outside the BMP as one', () => {
    expect(maskRealName('张三丰')).toBe('*三丰');
    expect(maskRealName('张三')).toBe('*三');
    expect(maskRealName('张')).toBe('*');
    expect(maskRealName('')).toBe('*');
    expect(maskRealName('𠮷野家')).toBe('*野家');
    expect(maskRealName('吉𠮷')).toBe('*𠮷');
    expect(maskRealName('𠮷')).toBe('*');
    expect(maskRealName('买买提 • 艾力')).toBe('*买提 • 艾力');
  });

  it('masks everything when too short to hide anything', () => {
    expect(maskPhone('1234567')).toBe('*******');
    expect(maskCardNumber('1234')).toBe('****');
    expect(maskCardNumber('')).toBe('');
  });

  it('property: same length, keeps the ends, hides the middle', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Za-z]{0,40}$/), fc.nat(5), fc.nat(5), (value, start, end) => {
        const masked = maskMiddle(value, start, end);
        expect(masked).toHaveLength(value.length);
        if (value.length > start + end) {
          expect(masked.slice(0, start)).toBe(value.slice(0, start));
          expect(masked.slice(value.length - end)).toBe(value.slice(value.length - end));
          expect(masked.slice(start, value.length - end)).toMatch(/^\*+$/);
        } else {
          expect(masked).toMatch(/^\**$/);
        }
      }),
    );
  });
});
