/** Hooks over the content calls; pages read server data through these only. */
import { BannerPosition, type RichTextPoint } from '@maika/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchBanners,
  fetchBroadcasts,
  fetchFaq,
  fetchFoundation,
  fetchNoticeDetail,
  fetchNotices,
  fetchRichText,
} from '../endpoints/content';
import { queryKeys } from '../queryKeys';

/** Announcements per page of the announcement list. */
export const NOTICE_PAGE_SIZE = 10;

/** Site settings and rich texts change rarely; a visit does not need them fetched twice. */
const rarelyChangingMs = 10 * 60_000;

export function useBanners(position: BannerPosition = BannerPosition.Home) {
  return useQuery({ queryKey: queryKeys.content.banners(position), queryFn: () => fetchBanners(position) });
}

export function useBroadcasts() {
  return useQuery({ queryKey: queryKeys.content.broadcasts(), queryFn: fetchBroadcasts });
}

/** The first page of announcements (pinned first), for a headline outside the list. */
export function useLatestNotices() {
  return useQuery({
    queryKey: queryKeys.content.latestNotices(),
    queryFn: () => fetchNotices(1, NOTICE_PAGE_SIZE),
  });
}

export function useNoticePages() {
  return useInfiniteQuery({
    queryKey: queryKeys.content.noticePages(NOTICE_PAGE_SIZE),
    queryFn: ({ pageParam }) => fetchNotices(pageParam, NOTICE_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.list.length, 0);
      // An empty page ends the list even if `total` says otherwise (a notice deleted meanwhile).
      return lastPage.list.length > 0 && loaded < lastPage.total ? pages.length + 1 : undefined;
    },
  });
}

export function useNoticeDetail(id: number) {
  return useQuery({ queryKey: queryKeys.content.noticeDetail(id), queryFn: () => fetchNoticeDetail(id) });
}

export function useFoundation() {
  return useQuery({ queryKey: queryKeys.content.foundation(), queryFn: fetchFoundation, staleTime: rarelyChangingMs });
}

export function useFaq() {
  return useQuery({ queryKey: queryKeys.content.faq(), queryFn: fetchFaq });
}

/** The document of a rich-text point, its HTML as the server stores it (paths not yet rewritten). */
export function useRichText(point: RichTextPoint) {
  return useQuery({
    queryKey: queryKeys.content.richText(point),
    queryFn: () => fetchRichText(point),
    staleTime: rarelyChangingMs,
  });
}
