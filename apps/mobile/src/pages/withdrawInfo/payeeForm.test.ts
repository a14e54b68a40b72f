import { PayeeChannel } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { cardNumberInput, payeeProblem, savePayeeRequest } from './payeeForm';

const draft = (channel: PayeeChannel, account: string, bankCode = '', branch = '') => ({ channel, account, bankCode, branch });

describe('payee forms', () => {
  it('groups a card number in fours as it is typed, digits only, at most 19', () => {
    expect(cardNumberInput('62220212')).toBe('6222 0212');
    expect(cardNumberInput('6222 02123')).toBe('6222 0212 3');
    expect(cardNumberInput('６２２２-abc-0212')).toBe('6222 0212');
    expect(cardNumberInput('62220212345678901234567')).toBe('6222 0212 3456 7890 123');
  });

  it('accepts an Alipay phone or e-mail and refuses anything else', () => {
    expect(payeeProblem(draft(PayeeChannel.Alipay, '13812345678'))).toBeNull();
    expect(payeeProblem(draft(PayeeChannel.Alipay, 'seller@example.com'))).toBeNull();
    expect(payeeProblem(draft(PayeeChannel.Alipay, 'seller'))).toBe('withdrawInfo.alipay.error');
    expect(payeeProblem(draft(PayeeChannel.Alipay, '  '))).toBe('withdrawInfo.error.accountEmpty');
  });

  it('needs a card number that passes the check digit and a bank', () => {
    expect(payeeProblem(draft(PayeeChannel.Bank, '6222 0212 3456 7890 123'))).toBe('withdrawInfo.bank.error');
    expect(payeeProblem(draft(PayeeChannel.Bank, '4111 1111 1111 1111'))).toBe('withdrawInfo.error.bankName');
    expect(payeeProblem(draft(PayeeChannel.Bank, '4111 1111 1111 1111', 'ICBC'))).toBeNull();
  });

  it('sends the card number without spaces and bank fields only for cards', () => {
    expect(savePayeeRequest(draft(PayeeChannel.Bank, '4111 1111 1111 1111', 'ICBC', ' 中关村支行 '), 7)).toEqual({
      id: 7,
      channel: PayeeChannel.Bank,
      account: '4111111111111111',
      bankCode: 'ICBC',
      branch: '中关村支行',
    });
    expect(savePayeeRequest(draft(PayeeChannel.Alipay, ' seller@example.com ', 'ICBC'), undefined)).toEqual({
      channel: PayeeChannel.Alipay,
      account: 'seller@example.com',
    });
  });

  it('asks nothing for WeChat, which pays the WeChat linked by mini-program login', () => {
    expect(payeeProblem(draft(PayeeChannel.WeChat, ''))).toBeNull();
    expect(savePayeeRequest(draft(PayeeChannel.WeChat, 'typed anyway'), 3)).toEqual({ id: 3, channel: PayeeChannel.WeChat });
  });
});
