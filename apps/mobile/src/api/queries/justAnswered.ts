import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * An answer this young is the one a page would get by asking again: the early requests' answer
 * (platform/earlyRequests) reaches the page it was asked for moments before the page shows.
 */
export const JUST_ANSWERED_MS = 2_000;

/**
 * A query's `refetch` that does not ask again while the query is already asking (it waits for that
 * answer) or was answered within JUST_ANSWERED_MS: a page's first show refetches what the early
 * request is fetching, or has just fetched, and would ask the server twice, the first answer thrown away.
 */
export function refetchUnlessJustAnswered<R extends { refetch: (options?: { cancelRefetch?: boolean }) => Promise<unknown> }>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  result: R,
): R {
  const refetch: R['refetch'] = (options) => {
    const state = queryClient.getQueryState(queryKey);
    if (state && state.fetchStatus === 'idle' && state.status === 'success' && Date.now() - state.dataUpdatedAt < JUST_ANSWERED_MS) {
      return Promise.resolve(result);
    }
    return result.refetch({ cancelRefetch: false, ...options });
  };
  return new Proxy(result, { get: (target, key) => (key === 'refetch' ? refetch : Reflect.get(target, key)) });
}
