/**
 * H5 only: the first screen index.html paints from the first response, before any script of the
 * app has arrived. Each tab page gets a picture of itself while it loads (its header, the skeletons
 * its loading state shows, the tab bar) in each locale, as a <template>, the catalogue's public data
 * filled in by the server that serves the page (packages/shared h5Page.ts); order and person have a
 * guest's picture too. An inline script picks the one for the route asked for, the start locale and
 * whether a login is stored, and asks at once for the scripts of that tab's page. It lies under the
 * app (fixed, behind the app's opaque pages), so the app covers it without moving anything, and the
 * tab page removes it once drawn.
 *
 * Built into index.html by config/index.ts; nothing here runs in the app.
 */
import {
  BRAND_COLOR,
  catalogueSlot,
  homeBannerSlot,
  locales,
  NavBarConfig,
  TabBarConfig,
  type CatalogueLabels,
  type CatalogueScreen,
  type Locale,
} from '@maika/shared';
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

/** The catalogue's slot of a tab page in a locale, with the app's words for it. */
function catalogue(screen: CatalogueScreen, locale: Locale): string {
  const words = messages[locale];
  const labels: CatalogueLabels = {
    bestRate: words['cardType.bestRate'],
    count: words['goodsClass.count'],
    maintenance: words['cardType.badge.maintenance'],
    physical: words['cardType.badge.physical'],
    popularTitle: words['home.popular.title'],
    popularMore: words['home.popular.more'],
  };
  return catalogueSlot(screen, locale, labels);
}

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

/** The pictures of a tab page besides its own: a guest's, for the tabs that show one before anything loads. */
export type FirstScreenVariant = 'guest';
const guestTabs: readonly TabRouteName[] = ['order', 'person'];

/** What each tab page shows while its data loads, under its header. */
function body(tab: TabRouteName, locale: Locale, variant?: FirstScreenVariant): string {
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
        // The server puts the category entries and the popular card types before the skeleton, which they hide.
        `<div>${catalogue('home', locale)}${listRows(3, true)}</div>`
      );
    case 'goodsClass':
      return (
        `<div class="fs-navbar"><span class="fs-title">${t('title.goodsClass')}</span></div>` +
        `<div class="fs-gc-search">${search}</div>` +
        `<div>${catalogue('goodsClass', locale)}` +
        `<div class="fs-gc"><div class="fs-gc-side">${block('fs-gc-name').repeat(6)}</div><div class="fs-gc-panel">${listRows(3, true)}</div></div></div>`
      );
    case 'order':
      return (
        `<div class="fs-navbar"><span class="fs-title">${t('title.order')}</span></div>` +
        (variant === 'guest'
          ? `<div class="fs-empty"><div class="fs-empty-picture"></div><span class="fs-empty-title">${t('order.guest.title')}</span>` +
            `<span class="fs-empty-body">${t('order.guest.body')}</span><span class="fs-empty-action">${t('person.login')}</span></div>`
          : listRows(4, false))
      );
    case 'person':
      return (
        // A guest's header is the height of its profile row, as the page's; the skeleton's keeps room for a login's.
        `<div class="fs-brand${variant === 'guest' ? '' : ' fs-person-head'}"><div class="fs-bar"><span class="fs-title">${t('title.person')}</span></div>` +
        (variant === 'guest'
          ? `<div class="fs-guest"><div class="fs-guest-avatar"></div><div class="fs-guest-identity"><span class="fs-guest-name">${t('person.guest.name')}</span>` +
            `<span class="fs-guest-hint">${t('person.guest.hint')}</span></div><span class="fs-guest-login">${t('person.login')}</span></div></div>`
          : `<div class="fs-profile">${block('fs-avatar')}<div class="fs-lines">${block('fs-line fs-name')}${block('fs-line fs-short')}</div></div></div>`) +
        `<div class="fs-person-menu">${listRows(6, false)}</div>`
      );
  }
}

/** Colours of styles/tokens.scss the first screen draws with. */
const textColor = '#1d2433';
const textSecondary = '#5c6577';
/** The brand colour at 12 %: letter logos, blank category icons, badges. */
const brandTint = `rgba(${[1, 3, 5].map((at) => parseInt(BRAND_COLOR.slice(at, at + 2), 16)).join(',')},.12)`;
/** The same pictures as pages/order/order.scss (no orders) and pages/person/person.scss (no avatar). */
const emptyOrdersPicture =
  "data:image/svg+xml;charset=utf-8,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 132 112'%3E%3Cellipse cx='66' cy='104' rx='46' ry='6' fill='%23e3eaf2'/%3E%3Cpath d='M34 8h64a6 6 0 0 1 6 6v82l-9-6-9 6-9-6-9 6-9-6-9 6-9-6-9 6V14a6 6 0 0 1 6-6z' fill='%23ffffff' stroke='%23b9e6f7' stroke-width='2'/%3E%3Cpath d='M46 28h40M46 40h40M46 52h24' stroke='%23cfeefa' stroke-width='4' stroke-linecap='round'/%3E%3Crect x='62' y='54' width='52' height='34' rx='5' fill='%230eb2e9'/%3E%3Crect x='62' y='62' width='52' height='6' fill='%230a8fc4'/%3E%3Crect x='69' y='75' width='18' height='5' rx='2.5' fill='%23ffffff' fill-opacity='.8'/%3E%3C/svg%3E";
const guestAvatarPicture =
  "data:image/svg+xml;charset=utf-8,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23ffffff' stroke-width='1.6' stroke-linecap='round'%3E%3Ccircle cx='12' cy='9' r='3.6'/%3E%3Cpath d='M5.5 19c.7-3.3 3.3-5.2 6.5-5.2s5.8 1.9 6.5 5.2'/%3E%3C/svg%3E";

/** The static screen's own stylesheet: it must paint before, and without, the app's. */
export const firstScreenStyle = [
  // The app's font and, from Taro's global.css, its line height: text then takes the room the app's will.
  `#${firstScreenId}{position:fixed;inset:0;z-index:0;overflow:hidden;background:${theme.pageBackground};font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Helvetica Neue",Arial,sans-serif;color:${textColor};-webkit-font-smoothing:antialiased;line-height:1.6}`,
  `#${firstScreenId} div{box-sizing:border-box}`,
  `.fs-sk{border-radius:${rem(6)};background:linear-gradient(90deg,#eceff4 25%,#f6f8fa 45%,#eceff4 65%);background-size:300% 100%;animation:fs-shine 1.4s ease-in-out infinite}`,
  '@keyframes fs-shine{from{background-position:100% 0}to{background-position:0 0}}',
  `.fs-brand{background:linear-gradient(160deg,${BRAND_COLOR} 0%,${theme.brandDeep} 100%);color:${NavBarConfig.titleColor};padding-top:env(safe-area-inset-top)}`,
  '.fs-bar{display:flex;align-items:center;justify-content:center;height:44px;padding:0 16px}',
  '.fs-title{font-size:17px;font-weight:600;white-space:nowrap}',
  `.fs-navbar{display:flex;align-items:center;justify-content:center;height:44px;padding-top:env(safe-area-inset-top);box-sizing:content-box;background:${NavBarConfig.backgroundColor};color:${NavBarConfig.titleColor}}`,
  `.fs-home-search{padding:${rem(4)} ${rem(16)} ${rem(56)}}`,
  `.fs-search{display:flex;align-items:center;height:${rem(36)};padding:0 ${rem(14)};border-radius:${rem(18)};background:#fff;color:${theme.textMuted};font-size:${rem(14)}}`,
  `.fs-search-icon{width:${rem(14)};height:${rem(14)};margin-right:${rem(8)};border:${rem(2)} solid ${theme.textMuted};border-radius:50%}`,
  '.fs-search-text{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}',
  `.fs-home-lifted{position:relative;margin:${rem(-44)} ${rem(16)} 0}`,
  `.fs-banner{position:relative;height:${rem(137)};overflow:hidden;border-radius:${rem(12)};box-shadow:0 ${rem(6)} ${rem(18)} rgba(15,23,42,.1)}`,
  // Boxed as the H5 Image draws the home page's banner (aspectFill: cover, a banner's 750 × 300): the
  // app's picture then replaces it without a pixel's change, nor a larger paint.
  '.fs-banner img{display:block;width:100%;height:100%;object-fit:cover}',
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
  // components/SearchEntry's page tone: its 1 px border outside its height.
  `.fs-gc-search .fs-search{height:${rem(38)};border:1px solid #e8ecf1}`,
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
  // The catalogue the server fills in (packages/shared h5Page.ts), sized as pages/goodsClass, pages/home
  // and components/CardTypeRow draw it: the app's rows then land on its rows, and paint no larger.
  '.fs-filled~*{display:none}',
  '.fs-gc{align-items:flex-start}',
  `.fs-gc-sidebar{flex-shrink:0;width:${rem(92)};min-height:100vh;background:#eef1f5}`,
  `.fs-gc-category{position:relative;display:flex;align-items:center;justify-content:center;min-height:${rem(52)};padding:0 ${rem(8)};text-align:center;color:${textSecondary};font-size:${rem(14)};line-height:${rem(18)}}`,
  `.fs-gc-selected{background:${theme.pageBackground};color:${textColor};font-weight:600}`,
  `.fs-gc-selected::before{content:'';position:absolute;left:0;top:${rem(16)};bottom:${rem(16)};width:${rem(3)};border-radius:0 ${rem(3)} ${rem(3)} 0;background:${BRAND_COLOR}}`,
  `.fs-gc-filled-panel{flex:1;min-width:0;margin:${rem(10)} ${rem(10)} ${rem(12)};padding:${rem(4)} ${rem(12)};border-radius:${rem(12)};background:#fff}`,
  `.fs-gc-head{display:flex;align-items:center;padding:${rem(12)} 0 ${rem(6)};border-bottom:1px solid #f1f3f6}`,
  `.fs-gc-icon{width:${rem(22)};height:${rem(22)};margin-right:${rem(6)};object-fit:contain}`,
  `.fs-gc-title{flex:1;font-size:${rem(15)};font-weight:600}`,
  `.fs-gc-count{color:${theme.textMuted};font-size:${rem(12)}}`,
  `.fs-ct{display:flex;align-items:center;padding:${rem(14)} 0}`,
  '.fs-ct+.fs-ct{border-top:1px solid #f1f3f6}',
  `.fs-ct-logo{flex-shrink:0;width:${rem(44)};height:${rem(44)};overflow:hidden;border-radius:${rem(10)};background:${theme.pageBackground};object-fit:contain}`,
  `.fs-ct-initial{display:flex;align-items:center;justify-content:center;background:${brandTint};color:${theme.brandDeep};font-size:${rem(18)};font-weight:600}`,
  '.fs-ct-dimmed{opacity:.45;filter:grayscale(1)}',
  `.fs-ct-main{flex:1;min-width:0;margin:0 ${rem(10)} 0 ${rem(12)}}`,
  `.fs-ct-name{display:-webkit-box;overflow:hidden;font-size:${rem(15)};font-weight:500;line-height:${rem(21)};overflow-wrap:break-word;-webkit-line-clamp:2;-webkit-box-orient:vertical}`,
  `.fs-ct-tags{display:flex;flex-wrap:wrap;align-items:center;min-height:${rem(4)}}`,
  `.fs-ct-category{margin:${rem(4)} ${rem(6)} 0 0;color:${theme.textMuted};font-size:${rem(12)};line-height:${rem(18)}}`,
  `.fs-badge{display:inline-block;margin:${rem(4)} ${rem(6)} 0 0;padding:0 ${rem(6)};border-radius:${rem(4)};font-size:${rem(11)};line-height:${rem(18)}}`,
  '.fs-badge-maintenance{background:rgba(255,158,13,.14);color:#d97706}',
  `.fs-badge-physical{background:${brandTint};color:${theme.brandDeep}}`,
  '.fs-ct-rate{display:flex;flex-shrink:0;flex-direction:column;align-items:flex-end}',
  `.fs-ct-rate-label{color:${theme.textMuted};font-size:${rem(11)};line-height:${rem(16)}}`,
  `.fs-ct-rate-value{color:#f0601a;font-size:${rem(17)};font-weight:700;line-height:${rem(22)};font-variant-numeric:tabular-nums}`,
  `.fs-ct-paused .fs-ct-rate-value{color:${theme.textMuted}}`,
  `.fs-home-card{padding:0 ${rem(14)}}`,
  `.fs-home-categories{display:flex;flex-wrap:wrap;padding:${rem(6)} 0}`,
  `.fs-home-category{display:flex;flex-direction:column;align-items:center;width:33.333%;padding:${rem(10)} 0}`,
  `.fs-home-category-icon{width:${rem(44)};height:${rem(44)};border-radius:50%;object-fit:contain}`,
  `.fs-home-category-blank{background:${brandTint}}`,
  `.fs-home-category-name{margin-top:${rem(6)};font-size:${rem(13)}}`,
  `.fs-home-popular{padding-bottom:${rem(2)}}`,
  `.fs-home-card-head{display:flex;align-items:center;justify-content:space-between;padding-top:${rem(14)}}`,
  `.fs-home-card-title{font-size:${rem(16)};font-weight:600}`,
  `.fs-home-more{flex-shrink:0;color:${theme.textMuted};font-size:${rem(13)}}`,
  `.fs-home-more::after{content:'';display:inline-block;width:${rem(6)};height:${rem(6)};margin-left:${rem(4)};border:solid ${theme.textMuted};border-width:${rem(1.5)} ${rem(1.5)} 0 0;transform:translateY(-1px) rotate(45deg)}`,
  // A guest's order and profile pictures, as pages/order and pages/person draw them for a guest.
  `.fs-empty{display:flex;flex-direction:column;align-items:center;padding:${rem(96)} ${rem(40)} 0;text-align:center}`,
  `.fs-empty-picture{width:${rem(132)};height:${rem(112)};background:url("${emptyOrdersPicture}") no-repeat center/contain}`,
  `.fs-empty-title{margin-top:${rem(20)};font-size:${rem(17)};font-weight:600}`,
  `.fs-empty-body{margin-top:${rem(8)};color:${theme.textMuted};font-size:${rem(13)};line-height:${rem(20)}}`,
  // As the H5 order page draws its button: NutUI's round primary one, 44 px high.
  `.fs-empty-action{display:flex;align-items:center;justify-content:center;box-sizing:border-box;min-width:${rem(148)};height:${rem(44)};margin-top:${rem(24)};padding:0 ${rem(12)};border-radius:${rem(6)};background:linear-gradient(90deg,${BRAND_COLOR} 0%,${theme.brandDeep} 100%);color:#fff;font-size:${rem(14)};font-weight:600}`,
  `.fs-guest{display:flex;align-items:center;padding:${rem(12)} ${rem(16)} ${rem(32)}}`,
  `.fs-guest-avatar{flex-shrink:0;width:${rem(60)};height:${rem(60)};margin-right:${rem(14)};border:${rem(2)} solid rgba(255,255,255,.7);border-radius:50%;background:rgba(255,255,255,.18) url("${guestAvatarPicture}") no-repeat center/${rem(42)} ${rem(42)}}`,
  '.fs-guest-identity{flex:1;min-width:0;display:flex;flex-direction:column}',
  `.fs-guest-name{overflow:hidden;font-size:${rem(20)};font-weight:600;line-height:${rem(28)};white-space:nowrap;text-overflow:ellipsis}`,
  `.fs-guest-hint{margin-top:${rem(4)};font-size:${rem(13)};opacity:.88}`,
  `.fs-guest-login{flex-shrink:0;margin-left:${rem(12)};padding:${rem(6)} ${rem(14)};border:1px solid rgba(255,255,255,.85);border-radius:999px;font-size:${rem(13)};font-weight:500}`,
  `.fs-tabbar{position:fixed;left:0;right:0;bottom:0;display:flex;height:${TabBarConfig.heightPx}px;padding-bottom:env(safe-area-inset-bottom);box-sizing:content-box;background:#fff;box-shadow:0 -1px 0 rgba(15,23,42,.06),0 -4px 16px rgba(15,23,42,.04)}`,
  `.fs-tab{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;color:${theme.textMuted}}`,
  `.fs-tab-on{color:${TabBarConfig.selectedColor}}`,
  '.fs-tab-icon{width:26px;height:26px;background:no-repeat center/contain}',
  '.fs-tab-label{margin-top:4px;font-size:11px;line-height:14px}',
  '.fs-tab-on .fs-tab-label{font-weight:600}',
].join('');

/** The id of the template of a tab (or of its guest's picture) in a locale. */
export const firstScreenTemplateId = (tab: string, locale: string, variant?: FirstScreenVariant) =>
  `${firstScreenId}-${tab}${variant ? `-${variant}` : ''}-${locale}`;

/** One tab's static screen in one locale. */
export function firstScreenHtml(tab: TabRouteName, locale: Locale, variant?: FirstScreenVariant): string {
  return body(tab, locale, variant) + tabBar(tab, locale);
}

/**
 * Where index.html's picker script takes the scripts of each tab's page, `{tab: [file…]}`: the build
 * writes them in once it knows its chunk files (config/tabChunks.ts). Until then, and in tests, none.
 */
export const tabChunksPlaceholder = '{}/*tab-chunks*/';

/** Where the app keeps the login token (storage/cache.ts `StorageKey.loginToken`), as Taro stores it: `{"data": token}`. */
const loginTokenStorageKey = 'loginToken';

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
    locales.flatMap((locale) =>
      [undefined, ...(guestTabs.includes(route.name) ? (['guest'] as const) : [])].map(
        (variant) =>
          `<template id="${firstScreenTemplateId(route.name, locale, variant)}">${firstScreenHtml(route.name, locale, variant)}</template>`,
      ),
    ),
  );
  const picker = [
    '(function(){try{',
    `var tab=(${firstScreenRouteOf.toString()})(location.hash,${JSON.stringify(tabsByPath)});`,
    'if(!tab)return;',
    `var lang=document.documentElement.lang||'zh-CN';var token=null;try{token=JSON.parse(localStorage.getItem(${JSON.stringify(loginTokenStorageKey)})||'null')}catch(e){}`,
    `var template=(!(token&&token.data)&&document.getElementById(${JSON.stringify(`${firstScreenId}-`)}+tab+'-guest-'+lang))||document.getElementById(${JSON.stringify(`${firstScreenId}-`)}+tab+'-'+lang);`,
    `if(template)document.getElementById(${JSON.stringify(firstScreenId)}).appendChild(template.content.cloneNode(true));`,
    // The page's scripts leave beside the entry's; webpack runs them once its runtime is there. They
    // are asked for after the screen is drawn, so its pictures (home's banner, its largest paint) are
    // fetched first and not queued behind them for the browser's few connections to the server.
    `var files=(${tabChunksPlaceholder})[tab]||[];`,
    "for(var i=0;i<files.length;i++){var script=document.createElement('script');script.src=files[i];document.head.appendChild(script)}",
    '}catch(e){}})();',
  ].join('');
  return `<style>${firstScreenStyle}</style>${templates.join('')}<div id="${firstScreenId}" aria-hidden="true"></div><script>${picker}</script>`;
}
