import { View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { useEffect, type ReactNode } from 'react';
import { TabBar } from '@/components/TabBar';
import { usePageTitle } from '@/hooks/usePageTitle';
import type { TabRouteName } from '@/routes';
import { useTabBarStore } from '@/stores/tabBar';
import './index.scss';

interface TabPageProps {
  route: TabRouteName;
  className?: string;
  children: ReactNode;
}

/**
 * The frame of a tab page: its title, the selected tab, and room for the tab bar. Taro's H5 router
 * does not render `tabBar.custom` (4.2 does not implement it on H5), so on H5 the page draws the bar itself.
 */
export function TabPage({ route, className, children }: TabPageProps) {
  usePageTitle(route);
  useDidShow(() => useTabBarStore.getState().select(route));
  useEffect(() => {
    // index.html's static first screen (firstScreen.ts) lies under the app; drawn now, it is done.
    if (process.env.TARO_ENV === 'h5') document.getElementById('first-screen')?.remove();
  }, []);
  return (
    <View className={className ? `tab-page ${className}` : 'tab-page'}>
      {children}
      <View className="tab-page__tab-bar-room" />
      {process.env.TARO_ENV === 'h5' ? <TabBar selected={route} /> : null}
    </View>
  );
}
