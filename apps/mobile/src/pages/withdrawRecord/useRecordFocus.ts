import Taro from '@tarojs/taro';
import { useEffect, useRef } from 'react';
import type { WithdrawalPage } from '@/api/endpoints/withdrawals';
import type { PagedSource } from '@/hooks/useNextPageOnReachBottom';
import { toast } from '@/feedback';
import { useT } from '@/i18n';

/** The element id of a record's card, for scrolling to it. */
export const recordElementId = (id: number) => `withdrawal-${id}`;

interface FocusSource extends PagedSource {
  data: { pages: readonly WithdrawalPage[] } | undefined;
  isFetching: boolean;
}

function scrollToRecord(id: number): void {
  // H5 pages scroll the window, which Taro's pageScrollTo (it moves the page element) leaves alone.
  if (process.env.TARO_ENV === 'h5') {
    document.getElementById(recordElementId(id))?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  } else {
    Taro.pageScrollTo({ selector: `#${recordElementId(id)}`, duration: 300 }).catch(() => undefined);
  }
}

/**
 * The record the page was opened for (`?id=`, from a message about a withdrawal): pages are loaded
 * until it is on one, then it is scrolled into view. One that is not among the user's records is
 * said so once, after the last page.
 */
export function useRecordFocus(records: FocusSource, focusId: number | null): void {
  const t = useT();
  const done = useRef(false);
  const found = focusId !== null && (records.data?.pages.some((page) => page.list.some((record) => record.id === focusId)) ?? false);
  useEffect(() => {
    if (focusId === null || done.current || !records.data) return;
    if (found) {
      done.current = true;
      // After the platform has drawn the card: mini-programs render a moment after React does.
      setTimeout(() => scrollToRecord(focusId), 100);
    } else if (records.hasNextPage) {
      if (!records.isFetchingNextPage && !records.isFetchNextPageError) void records.fetchNextPage();
    } else if (!records.isFetching) {
      done.current = true;
      toast(t('withdrawRecord.focus.missing'));
    }
  }, [focusId, found, records, t]);
}
