/**
 * The one way to move between pages (docs/product.md "Navigation"): a target must be in the route
 * table, tab pages are opened by switchTab only and switchTab opens only tab pages. H5 Taro lets
 * navigateTo open a tab page and switchTab open any page, so the rule is enforced here for every
 * platform.
 */
import Taro from '@tarojs/taro';
import { homeRoute, isTabRoute, routeByName, routeByPath, routeUrl, type PageRouteName, type RouteName, type TabRouteName } from '@/routes';

type Query = Readonly<Record<string, string | number>>;

export class NavigationRuleError extends Error {
  override name = 'NavigationRuleError';
}

function pageRoute(name: RouteName, method: string) {
  const route = routeByName(name);
  if (isTabRoute(route)) throw new NavigationRuleError(`${method} cannot open the tab page ${name}: use switchTab`);
  return route;
}

export async function switchTab(name: TabRouteName): Promise<void> {
  const route = routeByName(name);
  if (!isTabRoute(route)) throw new NavigationRuleError(`switchTab can only open tab pages, not ${name}`);
  await Taro.switchTab({ url: routeUrl(route) });
}

export async function navigateTo(name: PageRouteName, query?: Query): Promise<void> {
  await Taro.navigateTo({ url: routeUrl(pageRoute(name, 'navigateTo'), query) });
}

export async function redirectTo(name: PageRouteName, query?: Query): Promise<void> {
  await Taro.redirectTo({ url: routeUrl(pageRoute(name, 'redirectTo'), query) });
}

/** Closes every page and opens `name`, tab page or not (tab pages take no query). */
export async function reLaunch(name: RouteName, query?: Query): Promise<void> {
  const route = routeByName(name);
  await Taro.reLaunch({ url: routeUrl(route, isTabRoute(route) ? undefined : query) });
}

/** The page on screen, if it is in the route table. */
export function currentRouteName(): RouteName | undefined {
  const pages = Taro.getCurrentPages();
  const current = pages[pages.length - 1];
  return current?.route ? routeByPath(current.route)?.name : undefined;
}

/**
 * Goes back one page (docs/product.md "Navigation"): on the first page of the stack (opened from a
 * link, a share or after a reload on H5) there is nothing to go back to, so `fallback` (home) is
 * relaunched instead.
 */
export async function navigateBack(fallback: RouteName = homeRoute.name): Promise<void> {
  if (Taro.getCurrentPages().length > 1) {
    await Taro.navigateBack({ delta: 1 });
    return;
  }
  await reLaunch(fallback);
}

/**
 * Opens a web address outside the app. The browser opens it in a new tab; mini-programs cannot open
 * arbitrary sites, so there it is copied for the user to paste into a browser.
 */
export async function openExternalUrl(url: string): Promise<'opened' | 'copied'> {
  // An else branch, so the H5 build drops the clipboard code (see deviceLanguage in i18n).
  if (process.env.TARO_ENV === 'h5') {
    const opened = window.open(url, '_blank');
    // The other site gets no handle on this tab; a blocked pop-up (null) leaves the app in this tab instead.
    if (opened) opened.opener = null;
    else window.location.assign(url);
    return 'opened';
  } else {
    await Taro.setClipboardData({ data: url });
    return 'copied';
  }
}
