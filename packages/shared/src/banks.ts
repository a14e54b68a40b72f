/**
 * Banks a user can withdraw to (`/api/user/getOpenBank`) and the checks on a bank card number.
 * Codes are the banks' usual English abbreviations and are what the API and the database carry;
 * names are the banks' own Chinese names, which is how users recognise them on any locale.
 */

export interface Bank {
  readonly code: string;
  readonly name: string;
}

export const banks: readonly Bank[] = Object.freeze([
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'CCB', name: '中国建设银行' },
  { code: 'ABC', name: '中国农业银行' },
  { code: 'BOC', name: '中国银行' },
  { code: 'BOCOM', name: '交通银行' },
  { code: 'CMB', name: '招商银行' },
  { code: 'PSBC', name: '中国邮政储蓄银行' },
  { code: 'CIB', name: '兴业银行' },
  { code: 'SPDB', name: '上海浦东发展银行' },
  { code: 'CITIC', name: '中信银行' },
  { code: 'CEB', name: '中国光大银行' },
  { code: 'CMBC', name: '中国民生银行' },
  { code: 'HXB', name: '华夏银行' },
  { code: 'PAB', name: '平安银行' },
  { code: 'GDB', name: '广发银行' },
  { code: 'BOB', name: '北京银行' },
  { code: 'BOSH', name: '上海银行' },
  { code: 'CZB', name: '浙商银行' },
  { code: 'HFB', name: '恒丰银行' },
  { code: 'CBHB', name: '渤海银行' },
]);

const bankByCode = new Map(banks.map((b) => [b.code, b]));

/** The bank with this code, or undefined. */
export function bankByCodeOf(code: string): Bank | undefined {
  return bankByCode.get(code);
}

/** Drops the spaces and dashes people type between digit groups (full-width digits become ASCII). */
export function normalizeBankCardNumber(input: string): string {
  return input.normalize('NFKC').replace(/[\s-]/gu, '');
}

/** The Luhn (mod 10) check every UnionPay debit card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 12 to 19 digits passing the Luhn check (after `normalizeBankCardNumber`). */
export function isBankCardNumber(input: string): boolean {
  const digits = normalizeBankCardNumber(input);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}
