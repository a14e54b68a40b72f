/**
 * H5 only: the first screen index.html paints from the first response, before any script of the
 * app has arrived. Each tab page gets a picture of itself while it loads (its header, the skeletons
 * its loading state shows, the tab bar) in each locale, as a <template>; an inline script picks the
 * one for the route asked for and the start locale. It lies under the app (fixed, behind the app's
 * opaque pages), so the app covers it without moving anything, and the tab page removes it once drawn.
 *
 * Built into index.html by config/index.ts; nothing here runs in the app.
 */
import { BRAND_COLOR, homeBannerSlot, locales, NavBarConfig, TabBarConfig, type Locale } from '@maika/shared';
import { tabIconUri } from './components/TabBar/icons';
import { enUS } from './i18n/locales/en-US';
import { zhCN } from './i18n/locales/zh-CN';
import type { MainMessageKey as MessageKey } from './i18n/locales/keys';
import { tabRoutes, type TabRouteName } from './routes';
import { theme } from './theme';

/** The element the static screen is drawn into; the app removes it (components/TabPage). */
export const firstScreenId = 'first-screen';

/**
 * The tab a hash route shows, or null for any other page. Put into index.html as source text, so
 * it must stay self-contained. An empty route is the home page, as Taro's router opens the first page.
 */
export function firstScreenRouteOf(hash: string, tabsByPath: Readonly<Record<string, string>>): string | null {
  const path = hash.replace(/^#?\/?/, '').split('?', 1)[0]!;
  if (path === '') return tabsByPath[''] ?? null;
  return Object.prototype.hasOwnProperty.call(tabsByPath, path) ? tabsByPath[path]! : null;
}

const messages: Record<Locale, Readonly<Record<MessageKey, string>>> = { 'zh-CN': zhCN, 'en-US': enUS };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Design px as the app's stylesheets get them (pxtransform: 20 design px are 1 rem). */
const rem = (px: number) => `${px / 20}rem`;

const block = (className: string, style = '') => `<div class="fs-sk ${className}"${style ? ` style="${style}"` : ''}></div>`;

function listRows(rows: number, withLogo: boolean): string {
  const row = `<div class="fs-row">${withLogo ? block('fs-logo') : ''}<div class="fs-lines">${block('fs-line')}${block('fs-line fs-short')}</div></div>`;
  return `<div class="fs-card fs-list">${row.repeat(rows)}</div>`;
}

function tabBar(selected: TabRouteName, locale: Locale): string {
  const items = tabRoutes.map((route) => {
    const isSelected = route.name === selected;
    const icon = tabIconUri(route.tab.icon, isSelected ? TabBarConfig.selectedColor : theme.textMuted, isSelected);
    return (
      `<div class="fs-tab${isSelected ? ' fs-tab-on' : ''}"><div class="fs-tab-icon" style="background-image:url(${icon})"></div>` +
      `<span class="fs-tab-label">${escapeHtml(messages[locale][route.tab.labelKey])}</span></div>`
    );
  });
  return `<div class="fs-tabbar">${items.join('')}</div>`;
}

/** What each tab page shows while its data loads, under its header. */
function body(tab: TabRouteName, locale: Locale): string {
  const t = (key: MessageKey) => escapeHtml(messages[locale][key]);
  const search = `<div class="fs-search"><span class="fs-search-icon"></span><span class="fs-search-text">${t('home.search.placeholder')}</span></div>`;
  switch (tab) {
    case 'home':
      return (
        `<div class="fs-brand fs-home-head"><div class="fs-bar"><span class="fs-title">${t('title.home')}</span></div>` +
        `<div class="fs-home-search">${search}</div></div>` +
        // The server fills the slot with the first home banner (apps/server/src/h5Page.ts).
        `<div class="fs-home-lifted"><div class="fs-sk fs-banner">${homeBannerSlot(locale)}</div></div>` +
        `<div class="fs-card fs-news">${block('fs-news-line')}${block('fs-news-line')}</div>` +
        listRows(3, true)
      );
    case 'goodsClass':
      return (
        `<div class="fs-navbar"><span class="fs-title">${t('title.goodsClass')}</span></div>` +
        `<div class="fs-gc-search">${search}</div>` +
        `<div class="fs-gc"><div class="fs-gc-side">${block('fs-gc-name').repeat(6)}</div><div class="fs-gc-panel">${listRows(3, true)}</div></div>`
      );
    case 'order':
      return `<div class="fs-navbar"><span class="fs-title">${t('title.order')}</span></div>${listRows(4, false)}`;
    case 'person':
      return (
        `<div class="fs-brand fs-person-head"><div class="fs-bar"><span class="fs-title">${t('title.person')}</span></div>` +
        `<div class="fs-profile">${block('fs-avatar')}<div class="fs-lines">${block('fs-line fs-name')}${block('fs-line fs-short')}</div></div></div>` +
        `<div class="fs-person-menu">${listRows(6, false)}</div>`
      );
  }
}

/** The static screen's own stylesheet: it must paint before, and without, the app's. */
export const firstScreenStyle = [
  `#${firstScreenId}{position:fixed;inset:0;z-index:0;overflow:hidden;background:${theme.pageBackground};font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Helvetica Neue","Microsoft YaHei",sans-serif;-webkit-font-smoothing:antialiased}`,
  `#${firstScreenId} div{box-sizing:border-box}`,
  `.fs-sk{border-radius:${rem(6)};background:linear-gradient(90deg,#eceff4 25%,#f6f8fa 45%,#eceff4 65%);background-size:300% 100%;animation:fs-shine 1.4s ease-in-out infinite}`,
  '@keyframes fs-shine{from{background-position:100% 0}to{background-position:0 0}}',
  `.fs-brand{background:linear-gradient(160deg,${BRAND_COLOR} 0%,${theme.brandDeep} 100%);color:${NavBarConfig.titleColor};padding-top:env(safe-area-inset-top)}`,
  '.fs-bar{display:flex;align-items:center;justify-content:center;height:44px;padding:0 16px}',
  '.fs-title{font-size:17px;font-weight:600;white-space:nowrap}',
  `.fs-navbar{display:flex;align-items:center;justify-content:center;height:44px;padding-top:env(safe-area-inset-top);box-sizing:content-box;background:${NavBarConfig.backgroundColor};color:${NavBarConfig.titleColor}}`,
  `.fs-home-search{padding:${rem(4)} ${rem(16)} ${rem(56)}}`,
  `.fs-search{display:flex;align-items:center;height:${rem(35)};padding:0 ${rem(14)};border-radius:${rem(18)};background:#fff;color:${theme.textMuted};font-size:${rem(14)}}`,
  `.fs-search-icon{width:${rem(14)};height:${rem(14)};margin-right:${rem(8)};border:${rem(2)} solid ${theme.textMuted};border-radius:50%}`,
  '.fs-search-text{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}',
  `.fs-home-lifted{position:relative;margin:${rem(-44)} ${rem(16)} 0}`,
  `.fs-banner{position:relative;height:${rem(137)};overflow:hidden;border-radius:${rem(12)};box-shadow:0 ${rem(6)} ${rem(18)} rgba(15,23,42,.1)}`,
  // Boxed as Taro's Image draws the home page's banner (aspectFill, a banner's 750 × 300): the app's
  // picture then replaces it without a pixel's change, nor a larger paint.
  '.fs-banner img{position:absolute;top:50%;left:50%;transform:translate(-50%,-50%);min-width:100%;height:100%}',
  `.fs-card{margin:${rem(12)} ${rem(16)} 0;border-radius:${rem(12)};background:#fff}`,
  `.fs-news{padding:${rem(12)} ${rem(14)}}`,
  `.fs-news-line{height:${rem(16)};margin:${rem(12)} 0}`,
  `.fs-list{padding:${rem(4)} ${rem(16)}}`,
  `.fs-row{display:flex;align-items:center;padding:${rem(14)} 0}`,
  '.fs-row+.fs-row{border-top:1px solid #f1f3f6}',
  `.fs-logo{flex-shrink:0;width:${rem(44)};height:${rem(44)};margin-right:${rem(12)};border-radius:${rem(10)}}`,
  '.fs-lines{flex:1}',
  `.fs-line{height:${rem(14)}}`,
  `.fs-short{width:45%;height:${rem(12)};margin-top:${rem(10)}}`,
  `.fs-gc-search{padding:${rem(10)} ${rem(16)};background:#fff}`,
  `.fs-gc-search .fs-search{border:1px solid #e3e7ee}`,
  '.fs-gc{display:flex}',
  `.fs-gc-side{width:${rem(92)};padding:${rem(8)} ${rem(14)};background:#eef1f5;min-height:100vh}`,
  `.fs-gc-name{height:${rem(16)};margin:${rem(18)} 0 ${rem(18)}}`,
  `.fs-gc-panel{flex:1;margin-right:${rem(-6)}}`,
  `.fs-gc-panel .fs-card{margin:${rem(10)} ${rem(10)} 0 ${rem(10)}}`,
  `.fs-person-head{padding-bottom:${rem(30)}}`,
  `.fs-profile{display:flex;align-items:center;padding:${rem(4)} ${rem(16)} ${rem(8)}}`,
  `.fs-avatar{width:${rem(60)};height:${rem(60)};margin-right:${rem(14)};border-radius:50%;opacity:.5}`,
  `.fs-profile .fs-sk{opacity:.5}`,
  `.fs-name{width:40%;height:${rem(20)}}`,
  `.fs-person-menu{position:relative;margin-top:${rem(-16)}}`,
  `.fs-tabbar{position:fixed;left:0;right:0;bottom:0;display:flex;height:${TabBarConfig.heightPx}px;padding-bottom:env(safe-area-inset-bottom);box-sizing:content-box;background:#fff;box-shadow:0 -1px 0 rgba(15,23,42,.06),0 -4px 16px rgba(15,23,42,.04)}`,
  `.fs-tab{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;color:${theme.textMuted}}`,
  `.fs-tab-on{color:${TabBarConfig.selectedColor}}`,
  '.fs-tab-icon{width:26px;height:26px;background:no-repeat center/contain}',
  '.fs-tab-label{margin-top:4px;font-size:11px;line-height:14px}',
  '.fs-tab-on .fs-tab-label{font-weight:600}',
].join('');

/** The id of the template of a tab in a locale. */
export const firstScreenTemplateId = (tab: string, locale: string) => `${firstScreenId}-${tab}-${locale}`;

/** One tab's static screen in one locale. */
export function firstScreenHtml(tab: TabRouteName, locale: Locale): string {
  return body(tab, locale) + tabBar(tab, locale);
}

/**
 * What index.html's body starts with: the static screens' style and templates, the element they are
 * drawn into and the script that picks one (by the route and the language the head script decided).
 */
export function firstScreenMarkup(): string {
  const tabsByPath: Record<string, string> = Object.fromEntries([
    ['', tabRoutes[0]!.name],
    ...tabRoutes.map((route) => [route.path, route.name]),
  ]);
  const templates = tabRoutes.flatMap((route) =>
    locales.map(
      (locale) => `<template id="${firstScreenTemplateId(route.name, locale)}">${firstScreenHtml(route.name, locale)}</template>`,
    ),
  );
  const picker = [
    '(function(){try{',
    `var tab=(${firstScreenRouteOf.toString()})(location.hash,${JSON.stringify(tabsByPath)});`,
    `var template=tab&&document.getElementById(${JSON.stringify(`${firstScreenId}-`)}+tab+'-'+(document.documentElement.lang||'zh-CN'));`,
    `if(template)document.getElementById(${JSON.stringify(firstScreenId)}).appendChild(template.content.cloneNode(true))`,
    '}catch(e){}})();',
  ].join('');
  return `<style>${firstScreenStyle}</style>${templates.join('')}<div id="${firstScreenId}" aria-hidden="true"></div><script>${picker}</script>`;
}
