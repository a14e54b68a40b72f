import Taro, { useDidShow } from '@tarojs/taro';
import { useCallback, useEffect } from 'react';
import { useT } from '@/i18n';
import { routeByName, type RouteName } from '@/routes';

/**
 * Shows the route's title in the user's language: in the nav bar of default pages and as the
 * document title on H5. Set again on every show (a tab page keeps its instance) and on a
 * language switch. `titleOverride` replaces it where the content names the page (jumpTemplate).
 */
export function usePageTitle(name: RouteName, titleOverride?: string): void {
  const t = useT();
  const title = titleOverride ?? t(routeByName(name).titleKey);
  const applyTitle = useCallback(() => {
    Taro.setNavigationBarTitle({ title }).catch(() => undefined);
  }, [title]);
  useDidShow(applyTitle);
  useEffect(applyTitle, [applyTitle]);
}
