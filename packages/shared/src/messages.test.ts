import { describe, expect, it } from 'vitest';
import { isTextKey, payoutReasonKeys, renderStoredText, renderText, textCatalogue, type TextKey } from './messages';

const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the text catalogue', () => {
  it('has every text in both languages', () => {
    for (const [key, text] of Object.entries(textCatalogue)) {
      expect(text['zh-CN'], key).not.toBe('');
      expect(text['en-US'], key).not.toBe('');
    }
  });

  it('gives a stored payout reason the same placeholders in both languages, so its stored params fill either', () => {
    for (const key of payoutReasonKeys) {
      expect(paramsOf(textCatalogue[key]['en-US']), key).toEqual(paramsOf(textCatalogue[key]['zh-CN']));
    }
  });

  it('gives no two payout reasons the same Chinese, so a reason stored as text maps back to one key', () => {
    const chinese = payoutReasonKeys.map((key) => textCatalogue[key]['zh-CN']);
    expect(new Set(chinese).size).toBe(chinese.length);
  });

  it('gives the courier, face page, export, closure and withdrawal-action texts the same placeholders in both languages', () => {
    const keys = Object.keys(textCatalogue).filter((key) =>
      ['logistics.', 'faceSim.', 'export.', 'closure.', 'withdrawal.action.'].some((prefix) => key.startsWith(prefix)),
    ) as TextKey[];
    expect(keys.length).toBeGreaterThan(60);
    for (const key of keys) expect(paramsOf(textCatalogue[key]['en-US']), key).toEqual(paramsOf(textCatalogue[key]['zh-CN']));
  });

  it('renders a simulated courier step with its cities in the reader’s language', () => {
    const params = { from: textCatalogue['logistics.city.shenzhen'], to: textCatalogue['logistics.city.beijing'] };
    expect(renderText({ key: 'logistics.sim.arrived', params }, 'zh-CN')).toBe('快件已到达【北京转运中心】');
    expect(renderText({ key: 'logistics.sim.arrived', params }, 'en-US')).toBe('Arrived at the Beijing sorting centre');
    expect(renderText({ key: 'logistics.sim.pickedUp', params }, 'en-US')).toBe('Picked up in Shenzhen');
  });

  it('renders a reference in the reader’s language with its params', () => {
    const ref = { key: 'payout.wechat.otherFailureWithCode' as TextKey, params: { code: 'NEW_CODE' } };
    expect(renderText(ref, 'zh-CN')).toBe('微信支付未能完成转账，请稍后重试或联系客服（NEW_CODE）');
    expect(renderText(ref, 'en-US')).toBe(
      'WeChat Pay could not complete the transfer; try again later or contact customer service (NEW_CODE)',
    );
  });

  it('shows what a person typed as typed, in every language', () => {
    expect(renderStoredText('收款信息有误', 'en-US')).toBe('收款信息有误');
    expect(renderStoredText({ key: 'payout.failed' }, 'en-US')).toBe('The payout failed; the amount is back in your balance');
  });

  it('knows its own keys only', () => {
    expect(isTextKey('payout.failed')).toBe(true);
    expect(isTextKey('payout.nothing')).toBe(false);
    expect(isTextKey('toString')).toBe(false);
    expect(isTextKey(null)).toBe(false);
  });
});
