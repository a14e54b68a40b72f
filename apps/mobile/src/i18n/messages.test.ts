import { locales } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { messages, translate } from './messages';

describe('UI messages', () => {
  it('has every key, non-empty, in every locale', () => {
    const keys = Object.keys(messages['zh-CN']).sort();
    for (const locale of locales) {
      expect(Object.keys(messages[locale]).sort(), locale).toEqual(keys);
      for (const [key, text] of Object.entries(messages[locale])) expect(text.trim(), `${locale} ${key}`).not.toBe('');
    }
  });

  it('has a title, and for tab pages a tab label, for every route', () => {
    for (const route of routes) {
      expect(messages['en-US'][route.titleKey]).toBeTruthy();
      if (route.tab) expect(messages['en-US'][route.tab.labelKey]).toBeTruthy();
    }
  });

  it('names the tabs as SPEC.md does', () => {
    const labels = (locale: 'zh-CN' | 'en-US') =>
      routes.flatMap((route) => (route.tab ? [translate(locale, route.tab.labelKey)] : []));
    expect(labels('zh-CN')).toEqual(['首页', '分类', '订单', '我的']);
    expect(labels('en-US')).toEqual(['Home', 'Category', 'Orders', 'My']);
  });
});
