import { useThrottledReachBottom } from './useThrottledReachBottom';

/** The part of an infinite query that paging reads. */
export interface PagedSource {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage(): Promise<unknown>;
}

/** Asks for the next page unless one is on its way or there is none. */
export function loadNextPage(source: PagedSource): void {
  if (source.hasNextPage && !source.isFetchingNextPage) void source.fetchNextPage();
}

/**
 * Asks for the next page when the page scrolls to its bottom. A failed page waits for a tap on
 * the list footer rather than being asked for again on every scroll.
 */
export function useNextPageOnReachBottom(source: PagedSource): void {
  useThrottledReachBottom(() => {
    if (!source.isFetchNextPageError) loadNextPage(source);
  });
}
