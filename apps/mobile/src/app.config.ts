import { NavBarConfig, TabBarConfig } from '@maika/shared';
import { zhCN } from './i18n/locales/zh-CN';
import { routeByName, routes, tabRoutes, type PageRouteName, type Route, type TabRouteName } from './routes';
import { theme } from './theme';

const weapp = process.env.TARO_ENV === 'weapp';
const alipay = process.env.TARO_ENV === 'alipay';

/**
 * Mini-programs download the main package before anything shows, so it holds only the tab pages
 * and the login page every signed-out path leads to. Every other page is a subpackage of its own,
 * rooted at the page's own folder, so its path stays the one docs/product.md "Pages and routes"
 * fixes; it is downloaded when first opened, and the modules only it uses leave the main package
 * (Taro's optimizeMainPackage). H5 loads each page's code on demand anyway and keeps one page list.
 */
const inMainPackage = (route: Route) => route.tab !== null || route.name === 'login';
const subPackaged = weapp || alipay;
const mainRoutes = subPackaged ? routes.filter(inMainPackage) : routes;
const folderOf = (route: Route) => route.path.slice(0, route.path.lastIndexOf('/'));
const subPackages = routes
  .filter((route) => !inMainPackage(route))
  .map((route) => ({ root: folderOf(route), pages: [route.path.slice(folderOf(route).length + 1)] }));

/** The pages a user most often opens next from each tab, downloaded while the tab shows. */
const openedNext: Record<TabRouteName, PageRouteName[]> = {
  home: ['submitCard', 'searchPage', 'message'],
  goodsClass: ['submitCard'],
  order: ['logisticsInfo'],
  person: ['withdraw', 'withdrawRecord', 'withdrawInfo', 'realNameAuth', 'share', 'personInfo', 'message'],
};
const preloadRule = Object.fromEntries(
  tabRoutes.map((tab) => [
    tab.path,
    { network: 'all' as const, packages: openedNext[tab.name].map((name) => folderOf(routeByName(name))) },
  ]),
);

export default defineAppConfig({
  pages: mainRoutes.map((route) => route.path),
  ...(subPackaged ? { subPackages, preloadRule } : {}),
  // WeChat only: load a page's components when it renders, not all at launch; and where the
  // search-index settings live (sitemap.json, copied by config/index.ts).
  ...(weapp ? { lazyCodeLoading: 'requiredComponents', sitemapLocation: 'sitemap.json' } : {}),
  window: {
    navigationBarBackgroundColor: NavBarConfig.backgroundColor,
    navigationBarTitleText: zhCN['app.name'],
    backgroundColor: theme.pageBackground,
    // Alipay has none of these settings (its app.json takes only its documented keys) and picks
    // the title colour from the bar's. H5 hides the nav bar unless the style is given explicitly.
    ...(alipay
      ? {}
      : {
          navigationStyle: 'default',
          navigationBarTextStyle: NavBarConfig.titleColor === '#ffffff' ? 'white' : 'black',
          backgroundTextStyle: 'dark',
        }),
  },
  tabBar: {
    // Native tab bars have a fixed height; ours is TabBarConfig.heightPx on every platform.
    custom: true,
    color: theme.textMuted,
    selectedColor: TabBarConfig.selectedColor,
    backgroundColor: '#ffffff',
    ...(alipay ? {} : { borderStyle: 'white' }),
    list: tabRoutes.map((route) => ({ pagePath: route.path, text: zhCN[route.tab.labelKey] })),
  },
});
