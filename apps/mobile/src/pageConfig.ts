/**
 * Page configs built from the route table. Only *.config.ts files import this: Taro evaluates them
 * at build time, when the default locale's title is what mini-programs show before the page sets
 * the title in the user's language.
 */
import { zhCN } from './i18n/locales/zh-CN';
import { routeByName, type RouteName } from './routes';

export function pageConfigOf(name: RouteName): Taro.PageConfig {
  const route = routeByName(name);
  return {
    navigationBarTitleText: zhCN[route.titleKey],
    navigationStyle: route.navStyle,
    enablePullDownRefresh: false,
  };
}
