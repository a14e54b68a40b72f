import { ScrollConfig } from '@maika/shared';
import { usePageScroll } from '@tarojs/taro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT, type MessageKey } from '@/i18n';
import { PULL_DONE_MS, pullHeight, touchDirection } from './pull';
import './index.h5.scss';

type Phase = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

const phaseText: Record<Phase, MessageKey> = {
  pulling: 'notice.pull.pulling',
  canRelease: 'notice.pull.release',
  refreshing: 'notice.pull.refreshing',
  complete: 'notice.pull.done',
};

interface Pull {
  phase: Phase;
  /** The head's height while the finger holds it (px); an open head has its own. */
  height: number;
  dragging: boolean;
}

const closed: Pull = { phase: 'pulling', height: 0, dragging: false };

/**
 * H5: pull-down refresh over a whole page, on the page's own touch events (passive, so scrolling
 * never waits for them) instead of NutUI's PullToRefresh, which the mini-programs keep (index.tsx):
 * the same threshold, head and texts, without a component library on the tab. The page itself
 * scrolls, so the pull only starts once the page is back at its top.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh(): Promise<unknown>; children: ReactNode }) {
  const t = useT();
  const root = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;
  const [pull, setPull] = useState<Pull>(closed);
  // A ref, not state: the page's scrolling should not draw the page again.
  usePageScroll(({ scrollTop: top }) => {
    scrollTop.current = top;
  });

  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    let live = true;
    let busy = false;
    let startX = 0;
    let startY = 0;
    let direction: ReturnType<typeof touchDirection> = null;
    let height = 0;

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch) return;
      startX = touch.clientX;
      startY = touch.clientY;
      direction = null;
      height = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || busy || scrollTop.current > 0) return;
      direction ??= touchDirection(touch.clientX - startX, touch.clientY - startY);
      if (direction !== 'vertical') return;
      height = pullHeight(touch.clientY - startY);
      setPull({ phase: height > ScrollConfig.refresherThresholdPx ? 'canRelease' : 'pulling', height, dragging: true });
    };
    const run = async () => {
      busy = true;
      setPull({ phase: 'refreshing', height: 0, dragging: false });
      try {
        await refresh.current();
        if (!live) return;
        setPull({ phase: 'complete', height: 0, dragging: false });
        await new Promise((resolve) => setTimeout(resolve, PULL_DONE_MS));
      } catch {
        // A failed refresh says so where the page shows its data; the head just closes.
      } finally {
        busy = false;
        if (live) setPull(closed);
      }
    };
    const onEnd = () => {
      if (busy || height === 0) return;
      const release = height > ScrollConfig.refresherThresholdPx;
      height = 0;
      if (release) void run();
      else setPull(closed);
    };
    const onCancel = () => {
      if (busy || height === 0) return;
      height = 0;
      setPull(closed);
    };

    const passive = { passive: true };
    element.addEventListener('touchstart', onStart, passive);
    element.addEventListener('touchmove', onMove, passive);
    element.addEventListener('touchend', onEnd, passive);
    element.addEventListener('touchcancel', onCancel, passive);
    return () => {
      live = false;
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onCancel);
    };
  }, []);

  const open = pull.phase === 'refreshing' || pull.phase === 'complete';
  const headClass = ['pull-refresh__head', open ? 'pull-refresh__head--open' : '', pull.dragging ? '' : 'pull-refresh__head--settling'];
  return (
    <div className="pull-refresh" ref={root}>
      <div className={headClass.join(' ').trim()} style={open ? undefined : { height: `${pull.height}px` }}>
        <div className="pull-refresh__status">{t(phaseText[pull.phase])}</div>
      </div>
      {children}
    </div>
  );
}
