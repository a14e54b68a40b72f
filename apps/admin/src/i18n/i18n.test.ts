import { describe, expect, it } from 'vitest';
import { enUS } from './en-US';
import { translate } from './index';
import { zhCN } from './zh-CN';

const keysOf = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  );

describe('console translations', () => {
  it('has the same keys in both languages, none empty', () => {
    expect(keysOf(enUS).sort()).toEqual(keysOf(zhCN).sort());
    for (const key of keysOf(zhCN)) {
      expect(translate(key, undefined, undefined, 'zh-CN'), key).not.toBe('');
      expect(translate(key, undefined, undefined, 'en-US'), key).not.toBe('');
    }
  });

  it('fills placeholders', () => {
    expect(translate('withdrawals.approvalPending', { count: 1, required: 2 }, undefined, 'en-US')).toBe('Awaiting approval 1/2');
  });

  it('says "1 card" and "2 cards" by the plural rules of the language', () => {
    expect(translate('cards.bulkRejectTitle', { count: 1 }, undefined, 'en-US')).toBe('Reject the selected card');
    expect(translate('cards.bulkRejectTitle', { count: 2 }, undefined, 'en-US')).toBe('Reject the 2 selected cards');
    expect(translate('withdrawals.needsSecond', { count: 1, required: 2 }, undefined, 'en-US')).toMatch(
      /^1 finance approval so far: .*\(2 in all\)$/,
    );
    expect(translate('shipments.markReceivedConfirm', { count: 3 }, undefined, 'en-US')).toMatch(/^The parcel is here with its 3 cards\?/);
    expect(translate('shipments.markReceivedConfirm', { count: 1 }, undefined, 'zh-CN')).toMatch(/^包裹及其中 1 张卡已收到/);
  });

  it("answers refine's menu labels and page titles from the resource names", () => {
    expect(translate('content/faq.content/faq', undefined, 'Faq', 'zh-CN')).toBe('常见问题');
    expect(translate('withdrawals.titles.show', undefined, 'Show', 'en-US')).toBe('Withdrawals · details');
  });

  it('falls back to what refine offers for a key it does not know', () => {
    expect(translate('nothing.here', undefined, 'Fallback', 'en-US')).toBe('Fallback');
  });
});
