/** Hooks over the referral calls; the share pages reach the invite, referees and rebates through these only. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { fetchLevelUsers, fetchShareDetails, fetchShareInfo } from '../endpoints/referrals';
import { queryKeys } from '../queryKeys';
import { useWhileLoggedIn } from './whileLoggedIn';

/** Referees and rebate entries per page of their lists. */
export const SHARE_PAGE_SIZE = 20;

/** The next page to ask for, or undefined at the end; an empty page ends the list whatever `total` says. */
function nextPage(lastPage: { list: unknown[]; total: number }, pages: readonly { list: unknown[] }[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.list.length, 0);
  return lastPage.list.length > 0 && loaded < lastPage.total ? pages.length + 1 : undefined;
}

/** The invite and its totals; asked only for a logged-in user (a visitor has no invite code). */
export function useShareInfo() {
  return useQuery({ queryKey: queryKeys.share.info(), queryFn: fetchShareInfo, enabled: useWhileLoggedIn(), staleTime: 0 });
}

export function useLevelUserPages() {
  return useInfiniteQuery({
    queryKey: queryKeys.share.levelUserPages(SHARE_PAGE_SIZE),
    queryFn: ({ pageParam }) => fetchLevelUsers(pageParam, SHARE_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });
}

export function useShareDetailPages() {
  return useInfiniteQuery({
    queryKey: queryKeys.share.detailPages(SHARE_PAGE_SIZE),
    queryFn: ({ pageParam }) => fetchShareDetails(pageParam, SHARE_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });
}
