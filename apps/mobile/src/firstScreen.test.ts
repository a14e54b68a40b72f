import { catalogueSlot, homeBannerSlot, locales } from '@maika/shared';
import { describe, expect, it } from 'vitest';
import { enUS } from './i18n/locales/en-US';
import { zhCN } from './i18n/locales/zh-CN';
import { firstScreenHtml, firstScreenMarkup, firstScreenRouteOf, tabChunksPlaceholder } from './firstScreen';
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

  it("leaves the catalogue a slot for the server on home and the category tab, before the skeleton it replaces, in the page's words", () => {
    for (const locale of locales) {
      const words = locale === 'zh-CN' ? zhCN : enUS;
      for (const [tab, screen] of [
        ['home', 'home'],
        ['goodsClass', 'goodsClass'],
      ] as const) {
        const slot = catalogueSlot(screen, locale, {
          bestRate: words['cardType.bestRate'],
          count: words['goodsClass.count'],
          maintenance: words['cardType.badge.maintenance'],
          physical: words['cardType.badge.physical'],
          popularTitle: words['home.popular.title'],
          popularMore: words['home.popular.more'],
        });
        // The filled catalogue hides what follows it in its box (.fs-filled ~ *): the skeleton, never the tab bar.
        const html = firstScreenHtml(tab, locale);
        expect(html).toContain(`<div>${slot}<div class="fs-`);
        expect(html.indexOf(slot)).toBeLessThan(html.indexOf('fs-tabbar'));
      }
      for (const tab of ['order', 'person'] as const) expect(firstScreenHtml(tab, locale)).not.toContain('data-catalogue');
    }
  });

  it("draws a guest's order and profile pages as the app does for a guest: the login prompt, not skeletons", () => {
    const order = firstScreenHtml('order', 'zh-CN', 'guest');
    for (const key of ['order.guest.title', 'order.guest.body', 'person.login'] as const) expect(order).toContain(`>${zhCN[key]}</span>`);
    expect(order).not.toContain('fs-sk');
    const person = firstScreenHtml('person', 'en-US', 'guest');
    for (const key of ['person.guest.name', 'person.guest.hint', 'person.login'] as const) expect(person).toContain(`>${enUS[key]}</span>`);
    expect(firstScreenHtml('person', 'en-US')).not.toContain(enUS['person.guest.name']);
  });

  /** Runs the picker script of index.html against a stand-in document; answers what it drew and the scripts it added. */
  const pick = (hash: string, lang: string, loginToken: string | null = null, chunks = '{}') => {
    const appended: string[] = [];
    const scripts: string[] = [];
    /** Both, in the order the page did them. */
    const done: string[] = [];
    const markup = firstScreenMarkup().replace(tabChunksPlaceholder, chunks);
    const script = /<script>([^]*)<\/script>$/.exec(markup)![1]!;
    const document = {
      documentElement: { lang },
      head: {
        appendChild: (node: { src: string }) => {
          done.push(node.src);
          scripts.push(node.src);
        },
      },
      createElement: () => ({ src: '' }),
      getElementById: (id: string) =>
        id === 'first-screen'
          ? {
              appendChild: (node: string) => {
                done.push(node);
                appended.push(node);
              },
            }
          : markup.includes(`<template id="${id}">`)
            ? { content: { cloneNode: () => id } }
            : null,
    };
    const localStorage = { getItem: (key: string) => (key === 'loginToken' ? loginToken : null) };
    new Function('document', 'location', 'localStorage', script)(document, { hash }, localStorage);
    return { appended, scripts, done };
  };

  it('picks the template of the route and language in a page, and nothing for another page', () => {
    expect(pick('#/pages/person/person', 'en-US', '{"data":"token"}').appended).toEqual(['first-screen-person-en-US']);
    expect(pick('', 'zh-CN').appended).toEqual(['first-screen-home-zh-CN']);
    expect(pick('#/pages/login/login', 'zh-CN').appended).toEqual([]);
  });

  it("picks a guest's picture of order and person while no login is stored, the loading one once one is", () => {
    expect(pick('#/pages/order/order', 'zh-CN').appended).toEqual(['first-screen-order-guest-zh-CN']);
    expect(pick('#/pages/person/person', 'en-US', '{"data":""}').appended).toEqual(['first-screen-person-guest-en-US']);
    expect(pick('#/pages/person/person', 'en-US', 'not json').appended).toEqual(['first-screen-person-guest-en-US']);
    expect(pick('#/pages/order/order', 'en-US', '{"data":"token"}').appended).toEqual(['first-screen-order-en-US']);
    // Home and the category tab look the same to everyone.
    expect(pick('#/pages/goodsClass/goodsClass', 'zh-CN').appended).toEqual(['first-screen-goodsClass-zh-CN']);
  });

  it("asks for the scripts of the tab page opened at once, and for no page's on another route", () => {
    const chunks = JSON.stringify({ home: ['/js/1.js', '/js/2.js'], order: ['/js/3.js'] });
    expect(pick('', 'zh-CN', null, chunks).scripts).toEqual(['/js/1.js', '/js/2.js']);
    expect(pick('#/pages/order/order', 'zh-CN', null, chunks).scripts).toEqual(['/js/3.js']);
    expect(pick('#/pages/login/login', 'zh-CN', null, chunks).scripts).toEqual([]);
    // Until the build has written them in: none.
    expect(pick('', 'zh-CN').scripts).toEqual([]);
  });

  it("draws the screen before asking for the page's scripts, so its pictures (home's banner) are fetched ahead of them", () => {
    const chunks = JSON.stringify({ home: ['/js/1.js', '/js/2.js'] });
    expect(pick('', 'en-US', null, chunks).done).toEqual(['first-screen-home-en-US', '/js/1.js', '/js/2.js']);
  });
});
