import { homeBannerSlot, locales } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { enUS } from './i18n/locales/en-US';
import { zhCN } from './i18n/locales/zh-CN';
import { firstScreenHtml, firstScreenMarkup, firstScreenRouteOf } from './firstScreen';
import { tabRoutes } from './routes';

const tabsByPath = Object.fromEntries([['', 'home'], ...tabRoutes.map((route) => [route.path, route.name])]);

describe('the static first screen index.html paints', () => {
  it('is chosen by the tab route asked for, the home page for an empty route', () => {
    expect(firstScreenRouteOf('', tabsByPath)).toBe('home');
    expect(firstScreenRouteOf('#/', tabsByPath)).toBe('home');
    expect(firstScreenRouteOf('#/pages/order/order', tabsByPath)).toBe('order');
    expect(firstScreenRouteOf('#/pages/person/person?stamp=1', tabsByPath)).toBe('person');
    expect(firstScreenRouteOf('#pages/goodsClass/goodsClass', tabsByPath)).toBe('goodsClass');
  });

  it('is left out for every page that is not a tab', () => {
    expect(firstScreenRouteOf('#/pages/login/login', tabsByPath)).toBeNull();
    expect(firstScreenRouteOf('#/pages/submitCard/submitCard?id=1', tabsByPath)).toBeNull();
    expect(firstScreenRouteOf('#/constructor', tabsByPath)).toBeNull();
  });

  it("shows the page's title and the tab bar in the start language, the tab asked for selected", () => {
    const chinese = firstScreenHtml('order', 'zh-CN');
    expect(chinese).toContain(zhCN['title.order']);
    for (const label of ['首页', '分类', '订单', '我的']) expect(chinese).toContain(`>${label}</span>`);
    expect(chinese).toMatch(/fs-tab fs-tab-on[^]*?>订单</);
    const english = firstScreenHtml('home', 'en-US');
    expect(english).toContain(enUS['home.search.placeholder']);
    expect(english).toMatch(/fs-tab fs-tab-on[^]*?>Home</);
  });

  it("leaves the home page's banner a slot in each language for the server to fill, and no other page one", () => {
    for (const locale of locales) {
      const home = firstScreenHtml('home', locale);
      expect(home).toMatch(new RegExp(`class="fs-sk fs-banner">${homeBannerSlot(locale)}</div>`));
      for (const other of locales.filter((l) => l !== locale)) expect(home).not.toContain(homeBannerSlot(other));
      for (const tab of ['goodsClass', 'order', 'person'] as const) expect(firstScreenHtml(tab, locale)).not.toContain('data-home-banner');
    }
  });

  it('picks the template of the route and language in a page, and nothing for another page', () => {
    const pick = (hash: string, lang: string) => {
      const appended: string[] = [];
      const markup = firstScreenMarkup();
      const script = /<script>([^]*)<\/script>$/.exec(markup)![1]!;
      const document = {
        documentElement: { lang },
        getElementById: (id: string) =>
          id === 'first-screen'
            ? { appendChild: (node: string) => appended.push(node) }
            : markup.includes(`<template id="${id}">`)
              ? { content: { cloneNode: () => id } }
              : null,
      };
      new Function('document', 'location', script)(document, { hash });
      return appended;
    };
    expect(pick('#/pages/person/person', 'en-US')).toEqual(['first-screen-person-en-US']);
    expect(pick('', 'zh-CN')).toEqual(['first-screen-home-zh-CN']);
    expect(pick('#/pages/login/login', 'zh-CN')).toEqual([]);
  });
});
