/**
 * The one way to move between pages. SPEC.md: a target must be in the route table, tab pages are
 * opened by switchTab only and switchTab opens only tab pages. H5 Taro lets navigateTo open a tab
 * page and switchTab open any page, so the rule is enforced here for every platform.
 */
import Taro from '@tarojs/taro';
import { isTabRoute, routeByName, routeUrl, type PageRouteName, type RouteName, type TabRouteName } from '@/routes';

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
