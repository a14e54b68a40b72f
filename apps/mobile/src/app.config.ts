import { NavBarConfig, TabBarConfig } from '@maika/shared';
import { zhCN } from './i18n/locales/zh-CN';
import { routes, tabRoutes } from './routes';
import { theme } from './theme';

export default defineAppConfig({
  pages: routes.map((route) => route.path),
  window: {
    // H5 hides the nav bar unless the style is given explicitly.
    navigationStyle: 'default',
    navigationBarBackgroundColor: NavBarConfig.backgroundColor,
    navigationBarTextStyle: NavBarConfig.titleColor === '#ffffff' ? 'white' : 'black',
    navigationBarTitleText: zhCN['app.name'],
    backgroundColor: theme.pageBackground,
    backgroundTextStyle: 'dark',
  },
  tabBar: {
    // Native tab bars have a fixed height; ours is TabBarConfig.heightPx on every platform.
    custom: true,
    color: theme.textMuted,
    selectedColor: TabBarConfig.selectedColor,
    backgroundColor: '#ffffff',
    borderStyle: 'white',
    list: tabRoutes.map((route) => ({ pagePath: route.path, text: zhCN[route.tab.labelKey] })),
  },
});
