import { describe, expect, it } from 'vitest';
import { PayeeChannel } from './enums';
import { bankByCodeOf, banks, isBankCardNumber, passesLuhn } from './banks';
import { normalizePayeeAccount, savePayeeBody } from './api/payees';
import { extractBody } from './api/withdrawals';
import { localizeReason } from './reasons';

describe('banks', () => {
  it('lists the major banks once each, with Chinese names', () => {
    const codes = banks.map((b) => b.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ['ICBC', 'CCB', 'ABC', 'BOC', 'BOCOM', 'CMB', 'PSBC', 'CIB', 'SPDB', 'CITIC', 'CEB', 'CMBC', 'HXB', 'PAB', 'GDB']) {
      expect(bankByCodeOf(code)?.name).toMatch(/银行/);
    }
    expect(bankByCodeOf('NOPE')).toBeUndefined();
  });

  it('checks card numbers by length and Luhn', () => {
    expect(passesLuhn('6222021234567890')).toBe(false);
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(isBankCardNumber('6222 0212 3456 7894')).toBe(true);
    expect(isBankCardNumber('6222021234567890')).toBe(false);
    expect(isBankCardNumber('12345678903')).toBe(false); // 11 digits
    expect(isBankCardNumber('62220212345678901234')).toBe(false); // 20 digits
  });
});

describe('savePayeeBody', () => {
  const ok = (body: unknown) => savePayeeBody.safeParse(body).success;
  const reasonFor = (body: unknown) => savePayeeBody.safeParse(body).error?.issues[0]?.message;

  it('accepts an Alipay phone or e-mail and nothing else', () => {
    expect(ok({ channel: PayeeChannel.Alipay, account: '13812345678' })).toBe(true);
    expect(ok({ channel: PayeeChannel.Alipay, account: '+86 138 1234 5678' })).toBe(true);
    expect(ok({ channel: PayeeChannel.Alipay, account: 'zhang.san@example.com' })).toBe(true);
    expect(reasonFor({ channel: PayeeChannel.Alipay, account: 'zhangsan' })).toMatch(/Alipay/);
    expect(normalizePayeeAccount(PayeeChannel.Alipay, '+86 138 1234 5678')).toBe('13812345678');
  });

  it('needs no account for WeChat, which pays the openid linked by login, and an account for the others', () => {
    expect(ok({ channel: PayeeChannel.WeChat })).toBe(true);
    expect(ok({ channel: PayeeChannel.WeChat, account: 'wxid_abc123' })).toBe(true);
    expect(reasonFor({ channel: PayeeChannel.Alipay })).toBe('must not be empty');
    expect(reasonFor({ channel: PayeeChannel.Bank, account: ' ', bankCode: 'ICBC' })).toBe('must not be empty');
  });

  it('needs a valid card number and a listed bank for bank cards; branch at most 40', () => {
    const card = { channel: PayeeChannel.Bank, account: '6222 0212 3456 7894' };
    expect(ok({ ...card, bankCode: 'ICBC', branch: '北京分行' })).toBe(true);
    expect(reasonFor({ ...card })).toBe('must be a bank code from the bank list');
    expect(ok({ ...card, bankCode: 'XYZ' })).toBe(false);
    expect(ok({ ...card, bankCode: 'ICBC', branch: '行'.repeat(41) })).toBe(false);
    expect(reasonFor({ ...card, account: '6222021234567890', bankCode: 'ICBC' })).toMatch(/12 to 19 digits/);
  });

  it('has a Chinese reason for each of its messages', () => {
    const reasons = [
      reasonFor({ channel: PayeeChannel.Alipay, account: 'x' }),
      reasonFor({ channel: PayeeChannel.Alipay }),
      reasonFor({ channel: PayeeChannel.Bank, account: '1', bankCode: 'ICBC' }),
      reasonFor({ channel: PayeeChannel.Bank, account: '4111111111111111' }),
      extractBody.safeParse({ amountFen: 100, channel: 1, payeeId: 1, idempotencyKey: 'short' }).error?.issues[0]?.message,
    ];
    for (const reason of reasons) expect(localizeReason(reason!, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
  });
});
