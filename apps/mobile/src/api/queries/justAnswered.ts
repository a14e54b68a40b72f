import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useDidShow } from '@tarojs/taro';

/**
 * An answer this young is the one a page would get by asking again: the early requests' answer
 * (platform/earlyRequests) reaches the page it was asked for moments before the page shows.
 */
export const JUST_ANSWERED_MS = 2_000;

interface Refetchable {
  refetch(options?: { cancelRefetch?: boolean }): Promise<unknown>;
}

/**
 * Asks again because a page showed, unless the query is already asking (it waits for that answer)
 * or was answered within JUST_ANSWERED_MS: a page's first show would otherwise ask what the early
 * request is asking, or has just been answered, and throw the first answer away. Only the show is
 * spared: a pull-down, a reload or a refetch after a change always asks (`refetch` itself).
 */
export function refetchOnShow(queryClient: QueryClient, queryKey: QueryKey, result: Refetchable): Promise<unknown> {
  const state = queryClient.getQueryState(queryKey);
  if (state && state.fetchStatus === 'idle' && state.status === 'success' && Date.now() - state.dataUpdatedAt < JUST_ANSWERED_MS) {
    return Promise.resolve();
  }
  return result.refetch({ cancelRefetch: false });
}

/** The query under `queryKey` asked again each time the page showing it shows (refetchOnShow). */
export function useRefetchOnShow(queryKey: QueryKey, result: Refetchable): void {
  const queryClient = useQueryClient();
  useDidShow(() => void refetchOnShow(queryClient, queryKey, result));
}
