import { ScrollConfig } from '@maika/shared';
import { useReachBottom } from '@tarojs/taro';
import { useRef } from 'react';

/**
 * Runs `onReachBottom` when the page scrolls to within the page config's `onReachBottomDistance`
 * of its end, at most once per 350 ms (docs/product.md "Client constants"): a fling past the bottom
 * fires the platform event several times, and each would ask for the next page.
 */
export function useThrottledReachBottom(onReachBottom: () => void): void {
  const lastRun = useRef(0);
  const latest = useRef(onReachBottom);
  latest.current = onReachBottom;
  useReachBottom(() => {
    const now = Date.now();
    if (now - lastRun.current < ScrollConfig.reachBottomThrottleMs) return;
    lastRun.current = now;
    latest.current();
  });
}
