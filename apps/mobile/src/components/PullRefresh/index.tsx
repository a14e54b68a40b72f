import { ScrollConfig } from '@maika/shared';
import { PullToRefresh } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/pulltorefresh/style/css';
import { usePageScroll } from '@tarojs/taro';
import { useState, type ReactNode } from 'react';
import { useT } from '@/i18n';

/**
 * Pull-down refresh over a whole page. The page itself scrolls (not a ScrollView), so the pull only
 * starts once the page is back at its top.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh(): Promise<unknown>; children: ReactNode }) {
  const t = useT();
  const [scrollTop, setScrollTop] = useState(0);
  usePageScroll(({ scrollTop: top }) => setScrollTop(top));
  return (
    <PullToRefresh
      threshold={ScrollConfig.refresherThresholdPx}
      headHeight={50}
      scrollTop={scrollTop}
      pullingText={t('notice.pull.pulling')}
      canReleaseText={t('notice.pull.release')}
      refreshingText={t('notice.pull.refreshing')}
      completeText={t('notice.pull.done')}
      onRefresh={onRefresh}
    >
      {children}
    </PullToRefresh>
  );
}
