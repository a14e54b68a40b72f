import { Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { useMemo, type ReactNode } from 'react';
import './index.scss';

interface NavArea {
  /** Room for the system status bar above the header (a CSS length). */
  statusBarSpace: string;
  /** Height of the title row, matching the platform's own nav bar (physical px). */
  titleBarHeight: number;
  /** Room kept clear on each side, for WeChat's capsule menu (physical px). */
  sideInset: number;
}

/** H5 runs under the browser's own status bar; a home-screen web app draws under the notch. */
const h5NavArea: NavArea = { statusBarSpace: 'env(safe-area-inset-top)', titleBarHeight: 44, sideInset: 16 };

/** Where a custom header must put its title so it lines up with the platform's controls. */
function measureNavArea(): NavArea {
  // An else branch, not an early return: webpack drops a dead branch with what it imports, which
  // keeps Taro's H5 system-info code and its user-agent parser out of the H5 pages.
  if (process.env.TARO_ENV === 'h5') {
    return h5NavArea;
  } else {
    return measureMiniProgramNavArea();
  }
}

function measureMiniProgramNavArea(): NavArea {
  try {
    if (process.env.TARO_ENV === 'weapp') {
      const { statusBarHeight = 20, windowWidth } = Taro.getWindowInfo();
      const capsule = Taro.getMenuButtonBoundingClientRect();
      return {
        statusBarSpace: `${statusBarHeight}px`,
        titleBarHeight: (capsule.top - statusBarHeight) * 2 + capsule.height,
        sideInset: windowWidth - capsule.left + 8,
      };
    }
    const info = Taro.getSystemInfoSync() as Taro.getSystemInfoSync.Result & { titleBarHeight?: number };
    return { statusBarSpace: `${info.statusBarHeight ?? 20}px`, titleBarHeight: info.titleBarHeight ?? 44, sideInset: 16 };
  } catch {
    return { ...h5NavArea, statusBarSpace: '20px' };
  }
}

interface NavHeaderProps {
  title: string;
  /** Drawn under the title row on the same brand background. */
  children?: ReactNode;
  /** A back button at the start of the title row, for custom-bar pages that are not tabs (share). */
  back?: { label: string; onBack(): void };
  /** Drawn in the title row's leading corner, where WeChat's capsule never is (the message bell of the tabs). */
  leading?: ReactNode;
}

/** The brand-coloured header of pages with a custom nav bar (home, person, share: docs/product.md "Navigation"). */
export function NavHeader({ title, children, back, leading }: NavHeaderProps) {
  const area = useMemo(measureNavArea, []);
  return (
    <View className="nav-header" style={{ paddingTop: area.statusBarSpace }}>
      <View
        className="nav-header__bar"
        style={{ height: `${area.titleBarHeight}px`, paddingLeft: `${area.sideInset}px`, paddingRight: `${area.sideInset}px` }}
      >
        {back ? <View className="nav-header__back" role="button" aria-label={back.label} onClick={back.onBack} /> : null}
        {leading ? <View className="nav-header__leading">{leading}</View> : null}
        <Text className="nav-header__title">{title}</Text>
      </View>
      {children}
    </View>
  );
}
