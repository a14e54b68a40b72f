/**
 * Page configs built from the route table. Only *.config.ts files import this: Taro evaluates them
 * at build time, when the default locale's title is what mini-programs show before the page sets
 * the title in the user's language.
 */
import { zhCN } from './i18n/locales/zh-CN';
import { routeByName, type RouteName } from './routes';

export function pageConfigOf(name: RouteName): Taro.PageConfig {
  const route = routeByName(name);
  const title = { navigationBarTitleText: zhCN[route.titleKey], enablePullDownRefresh: false };
  if (process.env.TARO_ENV !== 'alipay') return { ...title, navigationStyle: route.navStyle };
  // Alipay has no navigationStyle: a page draws its own header under a transparent title bar that
  // lets touches through (Alipay's page settings; Taro passes these keys on as they are).
  if (route.navStyle === 'default') return title;
  return { ...title, transparentTitle: 'always', titlePenetrate: 'YES' } as Taro.PageConfig;
}
