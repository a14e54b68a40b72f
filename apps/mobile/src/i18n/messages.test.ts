import { cardFieldLabelsInApp, locales, textCatalogue } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { allMessages as messages, dictionaryKeyCounts } from './locales/all';
import { merchantMessages } from './locales/pages/merchant';
import { shareDetailMessages } from './locales/pages/shareDetail';
import { addPageMessages, translate } from './messages';

describe('UI messages', () => {
  it('has every key, non-empty, in every locale', () => {
    const keys = Object.keys(messages['zh-CN']).sort();
    for (const locale of locales) {
      expect(Object.keys(messages[locale]).sort(), locale).toEqual(keys);
      for (const [key, text] of Object.entries(messages[locale])) expect(text.trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it('gives each key one text: no two dictionaries share a key', () => {
    expect(Object.keys(messages['zh-CN'])).toHaveLength(dictionaryKeyCounts);
  });

  it("translates a page's own texts once the page has added them, in either language", () => {
    expect(translate('en-US', 'merchant.keys.title')).toBe('merchant.keys.title');
    addPageMessages(merchantMessages);
    expect(translate('en-US', 'merchant.keys.title')).toBe(merchantMessages['en-US']['merchant.keys.title']);
    expect(translate('zh-CN', 'merchant.keys.title')).toBe(merchantMessages['zh-CN']['merchant.keys.title']);
    expect(translate('en-US', 'merchant.keys.count', { active: 2, max: 5 })).toBe('2 of 5 active');
  });

  it('has a title, and for tab pages a tab label, for every route', () => {
    for (const route of routes) {
      expect(messages['en-US'][route.titleKey]).toBeTruthy();
      if (route.tab) expect(messages['en-US'][route.tab.labelKey]).toBeTruthy();
    }
  });

  it('names the four tabs Home, Category, Orders and My', () => {
    const labels = (locale: 'zh-CN' | 'en-US') => routes.flatMap((route) => (route.tab ? [translate(locale, route.tab.labelKey)] : []));
    expect(labels('zh-CN')).toEqual(['首页', '分类', '订单', '我的']);
    expect(labels('en-US')).toEqual(['Home', 'Category', 'Orders', 'My']);
  });

  it('says "1 card" and "2 cards" in English by its plural rules, and counts in Chinese as before', () => {
    const meta = (locale: 'zh-CN' | 'en-US', count: number) => translate(locale, 'order.meta', { faceValue: '¥100.00', count });
    expect(meta('en-US', 1)).toBe('Face value ¥100.00 · 1 card');
    expect(meta('en-US', 2)).toBe('Face value ¥100.00 · 2 cards');
    expect(translate('en-US', 'goodsClass.count', { count: 1 })).toBe('1 card type');
    addPageMessages(shareDetailMessages);
    expect(translate('en-US', 'shareDetail.totals.count', { count: 3 })).toBe('3 entries');
    expect(meta('zh-CN', 1)).toBe('面值 ¥100.00 · 1 张');
  });

  it('leaves no count before a plural noun outside a plural block in English', () => {
    for (const [key, text] of Object.entries(messages['en-US'])) {
      expect(text.replace(/\{\w+, plural,(?:[^{}]|\{[^{}]*\})*\}/g, ''), key).not.toMatch(/\{count\} \w+s\b/);
    }
  });

  it('calls the card secret one thing in English, the card PIN, here and in the server texts the app shows', () => {
    const serverTexts = Object.entries(textCatalogue).filter(([key]) => key.startsWith('card.'));
    const fieldLabels = Object.entries(cardFieldLabelsInApp).map(([field, label]) => [`cardFieldLabelsInApp.${field}`, label['en-US']]);
    for (const [key, text] of [
      ...Object.entries(messages['en-US']),
      ...serverTexts.map(([key, text]) => [key, text['en-US']]),
      ...fieldLabels,
    ]) {
      expect(text, key).not.toMatch(/password/i);
    }
    expect(cardFieldLabelsInApp.cardPwd['en-US']).toBe('Card PIN');
  });

  it('names the agreement, closing the account and the payout time in words that say what they are', () => {
    expect(messages['en-US']['title.recyclingProtocol']).toBe('Card sale agreement');
    expect(messages['en-US']['submitCard.agree.protocol']).toBe(messages['en-US']['title.recyclingProtocol']);
    expect(messages['en-US']['personInfo.cancelAccount']).toBe('Close account');
    // "Paid" is a withdrawal status; its time is labelled as a time.
    expect(messages['en-US']['withdrawRecord.paidAt']).toBe('Paid at');
  });

  it('addresses the user as 您 in Chinese, never 你', () => {
    for (const [key, text] of Object.entries(messages['zh-CN'])) expect(text, key).not.toContain('你');
  });
});
