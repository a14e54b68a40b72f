import { NavBarConfig, TabBarConfig } from '@maika/shared';
import { zhCN } from './i18n/locales/zh-CN';
import { routes, tabRoutes } from './routes';
import { theme } from './theme';

const weapp = process.env.TARO_ENV === 'weapp';
const alipay = process.env.TARO_ENV === 'alipay';

export default defineAppConfig({
  pages: routes.map((route) => route.path),
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
